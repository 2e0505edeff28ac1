// Unit state read from roster fields and counters, and staged effects.
#include "rulesets/edwardian/state.h"

#include "rulesets/edwardian/contact.h"
#include "rulesets/edwardian/mechanics.h"

#include "kit/phase_counts.h"

#include <algorithm>

namespace umpire::edwardian {

int side_of(const model::Unit& unit) {
    int claimed = counter(unit, key::side);
    return claimed > 0 ? claimed : unit.side;
}

int full_size(const model::Unit& unit) {
    int grown = counter(unit, key::full_size);
    return grown > 0 ? grown : unit.start_figures;
}

const TroopType* troop_of(const Tables& t, const model::Unit& unit) {
    return t.troop_type(unit.troop_type);
}

const Quality& quality_of(const Tables& t, const model::Unit& unit) {
    if (int grade = counter(unit, key::quality_grade); grade > 0)
        if (const Quality* q = t.quality_by_points(grade)) return *q;
    if (const Quality* q = t.quality(unit.quality)) return *q;
    if (const Quality* q = t.quality("average")) return *q;
    return t.qualities.front();
}

bool is_gun(const Tables& t, const model::Unit& unit) {
    const TroopType* tt = troop_of(t, unit);
    return tt && tt->gun;
}

bool is_cavalry(const Tables& t, const model::Unit& unit) {
    const TroopType* tt = troop_of(t, unit);
    return tt && tt->cavalry;
}

bool open_order_benefit(const Tables& t, const model::Unit& unit) {
    if (unit.formed) return false;
    if (unit.has_trait("massed")) return false;
    if (unit.has_trait("undisciplined") && !t.options.undisciplined_open_order_benefit) return false;
    return true;
}

int fallen_this_phase(const model::Battle& battle, const model::Unit& unit) {
    return kit::phase_count_now(battle, unit, key::phase_losses);
}

const std::string* open_order_only(const Tables& t, const model::Unit& unit) {
    for (const auto& trait : t.open_order_traits)
        if (unit.has_trait(trait)) return &trait;
    return nullptr;
}

bool gun_out_of_action(const model::Unit& unit) {
    return counter(unit, key::gun_destroyed) > 0 || counter(unit, key::spiked) > 0;
}

int take_casualties(const Context& ctx, Changes& changes, const model::Unit& unit, int kills, int cause,
                    rules::Resolution& out) {
    const Tables& t = ctx.tables;
    const int before = changes.figures(unit);
    const int lost = std::min(std::max(kills, 0), before);
    if (lost <= 0) return 0;
    const int after = before - lost;
    const std::string what = cause == kCauseMelee ? "melee" : "fire";
    changes.set_figures(unit, after, plural(lost, "casualty", "casualties") + " from " + what);
    // The morale check counts the casualties of the phase that caused it only: losses of an
    // earlier phase start the count afresh (kit/phase_counts.h).
    kit::add_phase_count(changes.battle(), changes.out(), unit, key::phase_losses, lost, "lost in this " + what + " phase");
    changes.set_unit_counter(unit, key::loss_cause, cause, "casualties from " + what);
    std::string text = unit.name + " loses " + plural(lost, "figure", "figures") + ": " +
                       std::to_string(before) + " -> " + std::to_string(after) + " of " +
                       std::to_string(full_size(unit));
    if (kills > lost) text += " (" + std::to_string(kills - lost) + " more kills had no figure left to fall on)";
    out.steps.push_back({text, cite("I Turn Sequence")});
    if (after == 0) {
        changes.set_flag(unit, model::Flag::Routed, true, "no figures left");
        contact_ended(ctx, unit, out);
        if (is_gun(t, unit) && !gun_out_of_action(unit)) {
            changes.set_unit_counter(unit, key::abandoned, 1, "crew all lost: the gun is abandoned");
            out.steps.push_back({unit.name + " has no crew left: the gun stands abandoned and may be "
                                 "claimed by the first side to touch it",
                                 cite("I Transferring Figures Between Units")});
        } else {
            out.steps.push_back({unit.name + " has no figures left and is removed", cite("I Morale")});
        }
        return lost;
    }
    // Checked once all the phase's fire (or melee) is resolved, before the phase ends.
    ctx.owe(out, unit, "morale-check", "lost " + plural(lost, "figure", "figures") + " to " + what);
    return lost;
}

} // namespace umpire::edwardian
