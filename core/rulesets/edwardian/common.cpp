// Shared pieces: citations, kill-roll arithmetic, modifier sums and text.
#include "rulesets/edwardian/mechanics.h"

#include <algorithm>

namespace umpire::edwardian {

std::string cite(const std::string& where) { return "Edwardian " + where; }

int natural_needed(const Tables& t, int kill_on, int modifier) {
    int natural = kit::natural_needed(kill_on, modifier);
    if (t.options.natural_six_always_kills) natural = std::min(natural, 6);
    return natural;
}

bool moved_this_turn(const model::Battle& battle, const model::Unit& unit) {
    const kit::Done moved = kit::done(battle, unit, Deed::Moved, Within::Turn);
    return moved.happened && moved.how != How::Stood;
}

void check_moved_input(const Context& ctx, rules::Resolution& out, const std::string& firer,
                       const std::string& citation) {
    if (!ctx.inputs.flag("moved")) return;
    if (ctx.unit && moved_this_turn(ctx.battle, *ctx.unit)) return;
    ctx.forbid(out, firer + " moved this turn: machineguns and artillery may not fire in a turn in which they move",
               cite(citation));
}

std::string need_text(int natural) { return kit::need_text(natural, "kill"); }

int add_modifiers(const std::vector<Modifier>& list, const std::set<std::string>& chosen,
                  const std::string& who, const std::string& citation, rules::Resolution& out,
                  const std::string& input_id) {
    int total = 0;
    std::map<std::string, std::string> groups;
    for (const auto& m : list) {
        if (!chosen.count(m.id)) continue;
        if (!m.group.empty()) {
            auto [it, fresh] = groups.emplace(m.group, m.id);
            if (!fresh)
                throw rules::InputError(input_id, "\"" + it->second + "\" and \"" + m.id +
                                                      "\" cannot both apply: choose one");
        }
        if (!m.requires_id.empty() && !chosen.count(m.requires_id))
            throw rules::InputError(input_id, "\"" + m.id + "\" comes on top of \"" + m.requires_id +
                                                  "\", which is not chosen");
        total += m.value;
        out.steps.push_back({who + m.name + " " + signed_text(m.value), citation});
    }
    return total;
}

void check_no_cover_for_chargers(const Context& ctx, const model::Unit* charger, const std::vector<Modifier>& list,
                                 const std::set<std::string>& chosen, rules::Resolution& out) {
    if (!charger || !kit::did(ctx.battle, *charger, Deed::Charged, Within::Turn)) return;
    for (const auto& m : list)
        if (m.cover && chosen.count(m.id))
            ctx.forbid(out, charger->name + " charged this turn: charging figures do not get the benefit of terrain or "
                                            "cover of any sort (" + m.name + ")",
                       cite("I Charges"));
}

rules::DiceGroup kill_roll(const Context& ctx, const std::string& label, int count, int modifier,
                           int kill_on, const std::string& why) {
    rules::DiceGroup g{label, {}, modifier, kill_on};
    // With the natural-six option the shown modifier is the one the dice were read with.
    const int natural = natural_needed(ctx.tables, kill_on, modifier);
    if (natural != kit::natural_needed(kill_on, modifier)) g.modifier = kill_on - natural;
    if (ctx.dice && count > 0) g.values = ctx.dice->d6s(count, why);
    return g;
}

} // namespace umpire::edwardian
