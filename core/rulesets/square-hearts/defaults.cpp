// Form values from the selected unit and target: its type and weapon, the commander who orders
// it, the modifiers that follow from the units (traits, the target's type, a move this turn, an
// attached commander, the unit's class) and road columns.
#include "rulesets/square-hearts/square_hearts.h"

#include "rulesets/square-hearts/mechanics.h"

#include <algorithm>

namespace umpire::square_hearts {

namespace {

void add(std::string& list, const std::string& id) { list += (list.empty() ? "" : ",") + id; }

// Who orders the unit unless the umpire says otherwise: its own commander while he is active and
// has orders left, else the General of its side.
std::optional<int> ordering_commander(const model::Battle& b, const model::Unit& u) {
    const rules::Resolution none;
    if (u.commander)
        if (const model::Commander* k = b.commander(*u.commander);
            k && k->status == model::CommanderStatus::Active && orders_left(b, none, k->id) > 0)
            return k->id;
    for (const auto& k : b.commanders)
        if (k.side == u.side && k.is_general && k.status == model::CommanderStatus::Active) return k.id;
    if (u.commander) return u.commander;
    return std::nullopt;
}

std::string shooting_modifiers(const kit::DefaultsContext<Tables>& c) {
    const Tables& t = c.tables;
    std::string list;
    if (c.unit) {
        if (c.unit->has_trait("superior-firepower")) add(list, "superior");
        if (c.unit->has_trait("heavy")) add(list, "heavy");
        if (c.unit->has_trait("inferior-firepower")) add(list, "inferior");
        const kit::Done moved = kit::done(c.battle, *c.unit, Deed::Moved, Within::Turn);
        if (moved.happened && moved.how != How::Retreat && moved.how != How::Stood) add(list, "moving");
    }
    if (c.target)
        if (const TroopType* tt = t.troop_type(c.target->troop_type); tt && tt->hard_target) add(list, "hard-target");
    return list;
}

std::string melee_modifiers(const kit::DefaultsContext<Tables>& c) {
    const Tables& t = c.tables;
    std::string list;
    if (c.unit && c.unit->has_trait("superior-firepower")) add(list, "superior");
    if (c.unit && c.target) {
        const Kind mine = kind_of(t, c.unit->troop_type);
        const Kind theirs = kind_of(t, c.target->troop_type);
        if (mine == Kind::Cavalry && (theirs == Kind::Infantry || theirs == Kind::Artillery)) add(list, "cavalry");
    }
    if (c.target)
        if (const TroopType* tt = t.troop_type(c.target->troop_type); tt && tt->armoured) add(list, "armoured");
    return list;
}

std::string rally_modifiers(const kit::DefaultsContext<Tables>& c) {
    std::string list;
    if (!c.unit) return list;
    if (!attached_commanders(c.battle, *c.unit).empty()) add(list, "commander");
    for (const auto& m : c.tables.rally.modifiers)
        if (std::find(m.qualities.begin(), m.qualities.end(), c.unit->quality) != m.qualities.end()) add(list, m.id);
    return list;
}

} // namespace

void unit_defaults(const kit::DefaultsContext<Tables>& c, kit::Defaults& d) {
    const std::string& action = c.action.id;
    if (!c.unit) return;
    const model::Unit& u = *c.unit;
    if (c.action.input("type")) d["type"] = u.troop_type;
    if (c.action.input("weapon")) d["weapon"] = u.weapon;
    if (action == "move")
        if (auto k = ordering_commander(c.battle, u)) d["commander"] = std::to_string(*k);
    if (action == "shoot") {
        d["modifiers"] = shooting_modifiers(c);
        if (c.target && kit::counter(*c.target, key::column)) d["column"] = "yes";
    }
    if (action == "melee") {
        d["modifiers"] = melee_modifiers(c);
        if (kit::counter(u, key::column)) d["column"] = "yes";
    }
    if (action == "rally") d["modifiers"] = rally_modifiers(c);
    if (action == "commander" || action == "orders" || action == "capture" || action == "replacement") {
        // The unit's own commander: the one the umpire most likely means.
        if (u.commander) d["commander"] = std::to_string(*u.commander);
    }
}

} // namespace umpire::square_hearts
