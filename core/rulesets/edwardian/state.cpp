// Unit state read from roster fields and counters, and staged effects.
#include "rulesets/edwardian/state.h"

#include "rulesets/edwardian/mechanics.h"

#include <algorithm>

namespace umpire::edwardian {

using model::Entity;

int counter(const std::map<std::string, int>& counters, const std::string& id) {
    auto it = counters.find(id);
    return it == counters.end() ? 0 : it->second;
}

int counter(const model::Unit& unit, const std::string& id) { return counter(unit.counters, id); }

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

bool gun_out_of_action(const model::Unit& unit) {
    return counter(unit, key::gun_destroyed) > 0 || counter(unit, key::spiked) > 0;
}

std::int64_t Changes::current(const Slot& slot, std::int64_t actual) const {
    auto it = staged_.find(slot);
    return it == staged_.end() ? actual : it->second;
}

void Changes::stage(const Slot& slot, std::int64_t actual, std::int64_t value, const std::string& reason) {
    std::int64_t before = current(slot, actual);
    if (before == value) return;
    out_.effects.push_back({std::get<0>(slot), std::get<1>(slot), std::get<2>(slot), before, value, reason});
    staged_[slot] = value;
}

int Changes::figures(const model::Unit& u) const {
    return static_cast<int>(current({Entity::Unit, u.id, "figures"}, u.figures));
}

int Changes::unit_counter(const model::Unit& u, const std::string& id) const {
    return static_cast<int>(current({Entity::Unit, u.id, "counter:" + id}, counter(u, id)));
}

void Changes::set_figures(const model::Unit& u, int value, const std::string& reason) {
    stage({Entity::Unit, u.id, "figures"}, u.figures, value, reason);
}

void Changes::set_flag(const model::Unit& u, model::Flag flag, bool on, const std::string& reason) {
    stage({Entity::Unit, u.id, "flag:" + std::string(model::flag_id(flag))}, u.has(flag) ? 1 : 0,
          on ? 1 : 0, reason);
}

void Changes::set_unit_counter(const model::Unit& u, const std::string& id, int value,
                               const std::string& reason) {
    stage({Entity::Unit, u.id, "counter:" + id}, counter(u, id), value, reason);
}

void Changes::add_unit_counter(const model::Unit& u, const std::string& id, int delta,
                               const std::string& reason) {
    set_unit_counter(u, id, unit_counter(u, id) + delta, reason);
}

void Changes::set_side_counter(int side, const std::string& id, int value, const std::string& reason) {
    const model::Side* s = battle_.side(side);
    if (!s) return;
    stage({Entity::Side, side, "counter:" + id}, counter(s->counters, id), value, reason);
}

void Changes::add_side_counter(int side, const std::string& id, int delta, const std::string& reason) {
    const model::Side* s = battle_.side(side);
    if (!s) return;
    Slot slot{Entity::Side, side, "counter:" + id};
    set_side_counter(side, id, static_cast<int>(current(slot, counter(s->counters, id))) + delta, reason);
}

void Changes::set_battle_counter(const std::string& id, int value, const std::string& reason) {
    stage({Entity::Battle, 0, "counter:" + id}, counter(battle_.counters, id), value, reason);
}

int take_casualties(const Tables& t, Changes& changes, const model::Unit& unit, int kills,
                    int cause, rules::Resolution& out) {
    const int before = changes.figures(unit);
    const int lost = std::min(std::max(kills, 0), before);
    if (lost <= 0) return 0;
    const int after = before - lost;
    const std::string what = cause == kCauseMelee ? "melee" : "fire";
    changes.set_figures(unit, after, plural(lost, "casualty", "casualties") + " from " + what);
    changes.add_unit_counter(unit, key::phase_losses, lost, "lost in this " + what + " phase");
    changes.set_unit_counter(unit, key::loss_cause, cause, "casualties from " + what);
    std::string text = unit.name + " loses " + plural(lost, "figure", "figures") + ": " +
                       std::to_string(before) + " -> " + std::to_string(after) + " of " +
                       std::to_string(full_size(unit));
    if (kills > lost) text += " (" + std::to_string(kills - lost) + " more kills had no figure left to fall on)";
    out.steps.push_back({text, cite("I Turn Sequence")});
    if (after == 0) {
        changes.set_flag(unit, model::Flag::Routed, true, "no figures left");
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
    out.follow_ups.push_back({"morale", unit.id,
                              unit.name + " took casualties from " + what +
                                  ": check morale once all " + what + " of this phase is resolved",
                              cite("I Turn Sequence")});
    return lost;
}

} // namespace umpire::edwardian
