// Form values from the selected unit and target, so neither the GUI nor the CLI knows a rule:
// figures, weapons, troops, grades, formations, and the state kept on the units (disordered,
// charged this turn, in square, a general attached, the check a unit is due).
#include "rulesets/featherstone/featherstone.h"
#include "rulesets/featherstone/mechanics.h"

namespace umpire::featherstone {

namespace {

void put(kit::Defaults& d, const std::string& key, bool on) { d[key] = kit::yes_no(on); }

bool charged_this_turn(const model::Battle& b, const model::Unit& u) { return kit::did(b, u, Deed::Charged, Within::Turn); }

// Target fields shared by shooting and artillery.
void target_defaults(const Tables& t, const model::Battle& b, const model::Unit& target, kit::Defaults& d) {
    d["target-type"] = target.troop_type;
    put(d, "target-armoured", is_armoured(target));
    put(d, "target-charging", charged_this_turn(b, target));
    const std::string f = formation_of(t, target);
    if (f == "assault-column" || f == "square" || f == "march-column") d["aim"] = f;
}

void side_defaults(const Tables& t, const model::Battle& b, const model::Unit& u, const std::string& p, kit::Defaults& d) {
    d[p + "figures"] = std::to_string(u.figures);
    d[p + "type"] = u.troop_type;
    d[p + "quality"] = u.quality;
    put(d, p + "lancers", is_lancer(t, u));
    put(d, p + "armoured", is_armoured(u));
    const Quality* q = t.quality(u.quality);
    const TroopType* tt = troop_of(t, u);
    put(d, p + "reroll", ((q && q->reroll) || u.has_trait("grenadiers")) && tt && t.melee.rerolls_for(tt->arm));
    put(d, p + "disordered", u.has(model::Flag::Disordered));
    if (b.joined_commander(u.id)) d[p + "leader"] = "attached";
}

// The check a unit is due: the one it owes (reference [[owed]]), else what happened to it this turn.
std::string due_check(const model::Battle& b, const model::Unit& u) {
    if (owes(u, "lost-melee-must-check")) return "lost-melee";
    if (owes(u, "charging-casualties-must-check")) return "casualties";
    if (owes(u, "charged-due-must-check")) return "charged-after-casualties";
    if (owes(u, "charged-must-check")) return "charged";
    const bool marked = u.has(model::Flag::NeedsRally) && !kit::did(b, u, Deed::Rallied, Within::Turn);
    if (stamped(b, u, key::lost_melee)) return "lost-melee";
    if (stamped(b, u, key::charged_at)) return marked ? "charged-after-casualties" : "charged";
    return "rally";
}

// Skirmishers that evaded a charge this turn and are now in a melee were caught in retreat.
bool caught_evading(const Tables& t, const model::Battle& b, const model::Unit& u) {
    const TroopType* tt = troop_of(t, u);
    const kit::Done moved = kit::done(b, u, Deed::Moved, Within::Turn);
    return tt && tt->skirmish && stamped(b, u, key::charged_at) && moved.happened && moved.how == How::Retreat;
}

} // namespace

void unit_defaults(const kit::DefaultsContext<Tables>& c, kit::Defaults& d) {
    const Tables& t = c.tables;
    const model::Battle& b = c.battle;
    const model::Unit* unit = c.unit;
    const model::Unit* target = c.target;
    const std::string& id = c.action.id;
    if (id == "shoot") {
        if (unit) {
            const bool square = formation_of(t, *unit) == "square";
            const Fraction q = t.shooting.square_fraction;
            d["figures"] = std::to_string(square ? unit->figures * q.first / q.second : unit->figures);
            if (const Weapon* w = t.weapon(unit->weapon); w && w->kind == WeaponKind::SmallArms) d["weapon"] = w->id;
            put(d, "disordered", unit->has(model::Flag::Disordered));
            put(d, "square", square);
        }
        if (target) target_defaults(t, b, *target, d);
    } else if (id == "artillery") {
        if (unit) {
            if (const TroopType* tt = troop_of(t, *unit); tt && tt->arm == Arm::Artillery) d["battery"] = tt->battery;
            d["crew"] = std::to_string(unit->figures);
            if (moved_this_turn(b, *unit)) d["moved"] = "half";
        }
        if (target) target_defaults(t, b, *target, d);
    } else if (id == "save" && unit) {
        d["type"] = unit->troop_type;
        put(d, "armoured", is_armoured(*unit));
    } else if (id == "melee") {
        if (unit) {
            side_defaults(t, b, *unit, "", d);
            put(d, "charged", charged_this_turn(b, *unit));
        }
        if (target) {
            side_defaults(t, b, *target, "enemy-", d);
            put(d, "square", formation_of(t, *target) == "square");
            put(d, "caught", caught_evading(t, b, *target));
        }
    } else if (id == "morale" && unit) {
        d["check"] = due_check(b, *unit);
        d["type"] = unit->troop_type;
        d["quality"] = unit->quality;
        d["strength"] = std::to_string(std::max(1, unit->start_figures));
        d["lost"] = std::to_string(std::max(0, unit->start_figures - unit->figures));
        if (const model::Commander* g = b.joined_commander(unit->id)) d["general"] = std::to_string(g->id);
        put(d, "leader-killed", kit::counter(*unit, key::leader_killed) > 0);
        const bool by_cavalry = cavalry_charger(t, b, *unit) != nullptr;
        put(d, "charged-by-cavalry", by_cavalry);
        put(d, "moved", moved_this_turn(b, *unit));
    } else if ((id == "move" || id == "charge") && unit) {
        d["type"] = unit->troop_type;
        d["formation"] = formation_of(t, *unit);
        if (id == "charge" && target) {
            d["target-type"] = target->troop_type;
            const TroopType* tt = troop_of(t, *target);
            put(d, "target-evades", tt && tt->skirmish);
        }
    } else if (id == "pursue" && unit) {
        d["type"] = unit->troop_type;
        put(d, "impetuous", is_arm(t, *unit, Arm::Cavalry) && charged_this_turn(b, *unit));
    } else if (id == "recall" && unit) {
        d["type"] = unit->troop_type;
    } else if (id == "leader-hit" && unit) {
        if (const model::Commander* g = b.joined_commander(unit->id)) {
            d["who"] = "general";
            d["general"] = std::to_string(g->id);
        }
    }
    if (id == "charge" && !unit && target) d["target-type"] = target->troop_type;
    for (auto it = d.begin(); it != d.end();)
        it = c.action.input(it->first) ? std::next(it) : d.erase(it);
}

} // namespace umpire::featherstone
