// Targets by action. Most actions act on an enemy unit on the table; a shell or shot falls on
// friend and foe alike; drafting moves figures between a unit and a friendly gun crew; only an
// abandoned, intact gun can be claimed; only a headquarters can be assaulted as one.
#include "rulesets/edwardian/targets.h"

#include "rulesets/edwardian/state.h"

namespace umpire::edwardian {

namespace {

enum class Sides { Enemy, Friend, Any };

Sides sides_for(std::string_view action) {
    // Shell, shot and canister fall on friend and foe alike (lines 117, 312, 322).
    if (action == "shell-hits" || action == "shot-hits" || action == "canister" || action == "claim-gun")
        return Sides::Any;
    if (action == "draft" || action == "campaign-transfer") return Sides::Friend;
    return Sides::Enemy;
}

// What only some actions ask of their target, beyond its side.
std::optional<std::string> action_refusal(const Tables& t, std::string_view action, const model::Unit* unit,
                                          const model::Unit& target) {
    if (action == "claim-gun") {
        if (!is_gun(t, target)) return target.name + " is not a gun or MG";
        if (gun_out_of_action(target)) return target.name + "'s gun is destroyed and cannot be captured or re-used";
        if (target.on_table() || counter(target, key::abandoned) == 0)
            return target.name + " is not an abandoned gun: its crew still serve it, or it has been claimed";
        return std::nullopt;
    }
    if (action == "campaign-transfer") {
        // Between battles every unit of the army counts, broken or not (line 480): the same type,
        // or infantry and cavalry to the guns as crewmen.
        const TroopType* from = unit ? troop_of(t, *unit) : nullptr;
        const TroopType* to = troop_of(t, target);
        if (!to || !to->moves) return target.name + " takes no transfers";
        if (unit && target.troop_type != unit->troop_type && !(to->gun && from && from->close_order))
            return "figures are transferred between units of the same type, or from infantry and cavalry to the "
                   "guns as crewmen; " + target.name + " is " + to->name;
        return std::nullopt;
    }
    if (!target.on_table())
        return target.name + " is no longer on the table" +
               (action == "draft" && is_gun(t, target) && counter(target, key::abandoned)
                    ? ": an abandoned gun is re-crewed with claim-gun"
                    : "");
    if (action == "draft" && !is_gun(t, target)) {
        if (!(unit && is_gun(t, *unit)))
            return "figures are drafted into MG or artillery crews, or leave them to rejoin a unit; neither " +
                   (unit ? unit->name : std::string("the unit")) + " nor " + target.name + " is a gun unit";
        // Crews leaving a gun rejoin a unit of the line (line 175), never spotters or headquarters.
        const TroopType* tt = troop_of(t, target);
        if (!tt || !tt->close_order) return "crews leaving a gun rejoin infantry or cavalry, not " + target.name;
    }
    if (action == "ghq-assault") {
        const TroopType* tt = troop_of(t, target);
        if (!tt || tt->moves) return target.name + " is not a general headquarters";
    }
    return std::nullopt;
}

} // namespace

std::optional<std::string> target_refusal(const Tables& t, std::string_view action, const model::Unit* unit,
                                          const model::Unit& target) {
    if (unit && unit->id == target.id) return std::string("a unit cannot act on itself");
    if (auto why = action_refusal(t, action, unit, target)) return why;
    if (!unit) return std::nullopt;
    const bool same = side_of(*unit) == side_of(target);
    switch (sides_for(action)) {
    case Sides::Enemy:
        if (same) return target.name + " is on the same side as " + unit->name;
        break;
    case Sides::Friend:
        if (!same) return target.name + " is not on " + unit->name + "'s side";
        break;
    case Sides::Any: break;
    }
    return std::nullopt;
}

} // namespace umpire::edwardian
