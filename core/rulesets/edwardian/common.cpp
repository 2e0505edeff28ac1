// Shared pieces: citations, kill-roll arithmetic, modifier sums and text.
#include "rulesets/edwardian/mechanics.h"

#include "rules/distance.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace umpire::edwardian {

std::string cite(const std::string& where) { return "Edwardian " + where; }

int natural_needed(const Tables& t, int kill_on, int modifier) {
    int natural = std::clamp(kill_on - modifier, 1, 7);
    if (t.options.natural_six_always_kills) natural = std::min(natural, 6);
    return natural;
}

double chance_of(int natural) { return std::clamp(7 - natural, 0, 6) / 6.0; }

std::string need_text(int natural) {
    if (natural >= 7) return "no score can kill";
    if (natural <= 1) return "every die kills";
    if (natural == 6) return "kills on a 6";
    return "kills on " + std::to_string(natural) + "-6";
}

std::string signed_text(int v) { return (v >= 0 ? "+" : "") + std::to_string(v); }

std::string decimal(double v, int places) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.*f", places, v);
    return buf;
}

std::string plural(int n, const std::string& one, const std::string& many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

std::string table_text(const model::Battle& battle, double rulebook_inches) {
    std::string text = rules::format_inches(rulebook_inches);
    const double table = rulebook_inches * battle.distance_scale;
    if (battle.distance_unit == "cm") {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.1fcm", table * 2.54);
        return text + " (" + buf + " on the table)";
    }
    if (std::fabs(battle.distance_scale - 1.0) > 1e-9)
        text += " (" + rules::format_inches(table) + " on the table)";
    return text;
}

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

rules::DiceGroup kill_roll(const Context& ctx, const std::string& label, int count, int modifier,
                           int kill_on, const std::string& why) {
    rules::DiceGroup g{label, {}, modifier, kill_on};
    // With the natural-six option the shown modifier is the one the dice were read with.
    const int natural = natural_needed(ctx.tables, kill_on, modifier);
    if (natural != std::clamp(kill_on - modifier, 1, 7)) g.modifier = kill_on - natural;
    if (ctx.dice && count > 0) g.values = ctx.dice->d6s(count, why);
    return g;
}

} // namespace umpire::edwardian
