// Form values from the selected unit and target, so neither the GUI nor the CLI knows a rule:
// figures, weapons, crew, the modifiers that follow from troop types and order, and the state
// kept on the unit (moved this turn, the last target point, casualties since the last check).
#include "rulesets/edwardian/contact.h"
#include "rulesets/edwardian/edwardian.h"
#include "rulesets/edwardian/guns.h"
#include "rulesets/edwardian/mechanics.h"
#include "rulesets/edwardian/state.h"

#include <cmath>
#include <cstdio>

namespace umpire::edwardian {

namespace {

void add(std::string& list, const char* id) { list += (list.empty() ? "" : ",") + std::string(id); }

// A rulebook distance as the umpire would type it on this table, so the scale applies once.
std::string typed_distance(const model::Battle& battle, double rulebook) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1fin", rulebook * battle.distance_scale);
    return buf;
}

// Fire modifiers that follow from who fires at whom.
std::string fire_modifiers(const Tables& t, const model::Unit* unit, const model::Unit* target, bool rifle) {
    std::string mods;
    if (target && is_cavalry(t, *target)) add(mods, "target-cavalry");
    if (rifle && unit && is_cavalry(t, *unit)) add(mods, "firer-cavalry");
    if (target && (is_gun(t, *target) || open_order_benefit(t, *target))) add(mods, "open-order-or-crew");
    return mods;
}

std::string melee_modifiers(const Tables& t, const model::Unit& u) {
    std::string mods;
    const TroopType* tt = troop_of(t, u);
    if (!tt) return mods;
    if (tt->cavalry) add(mods, "cavalry-in-open");
    // The Zulus keep the close-order +1 and lose only the support (line 430); undisciplined troops
    // stand in open order (line 35).
    if (tt->close_order && u.formed && !open_order_only(t, u)) add(mods, "close-order");
    return mods;
}

void gun_defaults(const Tables& t, const model::Battle& battle, const model::Unit& u,
                  std::map<std::string, std::string>& d) {
    if (const Weapon* w = t.weapon(u.weapon); w && w->kind == WeaponKind::Gun) d["weapon"] = u.weapon;
    d["horse-artillery"] = yes_no(u.troop_type == "horse-artillery");
    d["crew"] = std::to_string(u.figures);
    d["moved"] = yes_no(moved_this_turn(battle, u));
}

} // namespace

void unit_defaults(const kit::DefaultsContext<Tables>& c, kit::Defaults& d) {
    const Tables& t = c.tables;
    const rules::ActionSpec& action = c.action;
    const model::Battle& battle = c.battle;
    const model::Unit* unit = c.unit;
    const model::Unit* target = c.target;
    const std::string& id = action.id;
    // Fire at figures in combat contact, as far as the record knows it (the umpire corrects it).
    if ((id == "rifle-fire" || id == "mad-minute" || id == "mg-fire") && target)
        d["target-in-contact"] = yes_no(in_combat_contact(battle, *target));
    if (id == "rifle-fire" || id == "mad-minute") {
        if (unit) {
            if (id == "rifle-fire") d["figures"] = std::to_string(unit->figures);
            if (const Weapon* w = t.weapon(unit->weapon); w && w->kind == WeaponKind::Rifle) d["weapon"] = unit->weapon;
        }
        d["modifiers"] = fire_modifiers(t, unit, target, id == "rifle-fire");
    } else if (id == "mg-fire") {
        if (unit) {
            d["crew"] = std::to_string(unit->figures);
            d["moved"] = yes_no(moved_this_turn(battle, *unit));
        }
        d["modifiers"] = fire_modifiers(t, unit, target, false);
    } else if (id == "artillery-fire" || id == "canister" || id == "solid-shot" || id == "load-gun") {
        if (unit) {
            gun_defaults(t, battle, *unit, d);
            if (id == "artillery-fire" && counter(*unit, key::firing_count) > 0) {
                d["firing"] = std::to_string(next_firing_at_point(battle, *unit));
                d["range"] = typed_distance(battle, counter(*unit, key::target_range) / 10.0);
            }
            if (id == "artillery-fire")
                if (const model::Unit* spotter = spotter_of(battle, *unit))
                    d["spotter-in-contact"] = yes_no(in_combat_contact(battle, *spotter));
        }
    } else if (id == "shell-hits") {
        if (unit) {
            const int crew = counter(*unit, key::crew_firing);
            d["crew"] = std::to_string(crew > 0 ? crew : unit->figures);
        }
        if (target && is_cavalry(t, *target)) d["modifiers"] = "target-cavalry";
    } else if (id == "move" && unit) {
        d["type"] = unit->troop_type;
        d["fast-foot"] = yes_no(unit->has_trait("fast-foot"));
        d["crew"] = std::to_string(unit->figures);
    } else if (id == "melee") {
        if (unit) d["modifiers"] = melee_modifiers(t, *unit);
        if (target) d["enemy-modifiers"] = melee_modifiers(t, *target);
        if (unit && target) d["pairs"] = std::to_string(std::min(unit->figures, target->figures));
    } else if (id == "morale" && unit) {
        const int full = full_size(*unit);
        d["quality"] = quality_of(t, *unit).id;
        d["full-size"] = std::to_string(full);
        d["lost"] = std::to_string(std::max(0, full - unit->figures));
        d["phase-lost"] = std::to_string(std::min(counter(*unit, key::phase_losses), std::max(0, full - unit->figures)));
        d["cause"] = counter(*unit, key::loss_cause) == kCauseMelee ? "melee" : "fire";
        if (unit->has_trait("officer")) d["officer"] = counter(*unit, key::officer_killed) ? "killed" : "present";
        if (unit->has_trait("standard")) d["standard"] = counter(*unit, key::standard_lost) ? "captured" : "present";
    } else if (id == "spike" && unit) {
        d["quality"] = quality_of(t, *unit).id;
    } else if (id == "reinforce" && unit) {
        if (const TroopType* tt = troop_of(t, *unit); tt && t.reinforcements.count(tt->reinforce_as))
            d["kind"] = tt->reinforce_as;
    } else if (id == "campaign-quality") {
        // From the battle: the unit's morale failure, the result battle-result recorded.
        if (unit) d["failed"] = yes_no(counter(*unit, key::failed_morale) > 0);
        const int winner = counter(battle.counters, key::winner);
        if (counter(battle.counters, key::draw)) d["result"] = "draw";
        else if (unit && winner) d["result"] = winner == side_of(*unit) ? "victory" : "defeat";
        d["capitulation"] = yes_no(counter(battle.counters, key::capitulation) > 0);
    }
    // Inputs the action does not declare (an option switched off) are not defaulted.
    for (auto it = d.begin(); it != d.end();)
        it = action.input(it->first) ? std::next(it) : d.erase(it);
}

} // namespace umpire::edwardian
