#pragma once
// A small MacDuff battle and helpers for resolving with fixed dice.
#include "dice/dice_source.h"
#include "model/battle.h"
#include "rules/inputs.h"
#include "rules/ruleset.h"
#include "rulesets/registry.h"

#include <memory>
#include <string>
#include <vector>

namespace umpire::test {

inline model::Unit make_unit(int id, std::string name, int side, std::string type,
                             std::string quality, std::string weapon, int figures) {
    model::Unit u;
    u.id = id;
    u.name = std::move(name);
    u.side = side;
    u.troop_type = std::move(type);
    u.quality = std::move(quality);
    u.weapon = std::move(weapon);
    u.start_figures = figures;
    u.figures = figures;
    return u;
}

// Two sides; units 1-3 British, 4-6 Pathan.
inline model::Battle frontier_battle() {
    model::Battle b;
    b.name = "Test action";
    b.ruleset = "macduff";
    b.sides = {{1, "Field Force", "red", {}}, {2, "Lashkar", "black", {}}};
    b.commanders = {{1, "Brigadier", 1, true, std::nullopt, model::CommanderStatus::Active},
                    {2, "Malik", 2, true, std::nullopt, model::CommanderStatus::Active}};
    b.units = {
        make_unit(1, "2nd Sikhs", 1, "infantry", "average", "rifle", 12),
        make_unit(2, "Gordons", 1, "infantry", "elite", "rifle", 12),
        make_unit(3, "Mountain Battery", 1, "artillery", "average", "light-gun", 4),
        make_unit(4, "Afridis", 2, "infantry", "average", "jezzail", 12),
        make_unit(5, "Ghazis", 2, "infantry", "poor", "none", 12),
        make_unit(6, "Pathan Horse", 2, "cavalry", "average", "carbine", 8),
    };
    return b;
}

inline rules::ActionRequest request(std::string action, std::map<std::string, std::string> values,
                                    std::optional<int> unit = std::nullopt,
                                    std::optional<int> target = std::nullopt) {
    rules::ActionRequest r;
    r.action = std::move(action);
    r.values = std::move(values);
    r.unit = unit;
    r.target = target;
    return r;
}

inline rules::Resolution resolve(const model::Battle& battle, const rules::ActionRequest& req,
                                 std::vector<int> dice, std::string house_rules = {}) {
    auto ruleset = rulesets::make("macduff", house_rules);
    dice::TypedDice typed(std::move(dice));
    return ruleset->resolve(req, battle, typed);
}

inline rules::Resolution resolve(const rules::ActionRequest& req, std::vector<int> dice,
                                 std::string house_rules = {}) {
    model::Battle empty;
    empty.ruleset = "macduff";
    return resolve(empty, req, std::move(dice), std::move(house_rules));
}

inline bool has_step(const rules::Resolution& r, const std::string& fragment) {
    for (const auto& s : r.steps)
        if (s.text.find(fragment) != std::string::npos) return true;
    return false;
}

inline const model::Effect* find_effect(const rules::Resolution& r, int unit, const std::string& field) {
    for (const auto& e : r.effects)
        if (e.entity == model::Entity::Unit && e.id == unit && e.field == field) return &e;
    return nullptr;
}

inline int dice_rolled(const rules::Resolution& r) {
    return static_cast<int>(r.all_dice().size());
}

// The last effect on the field: where several chain (army morale set up, then lowered), the
// value the resolution leaves.
inline const model::Effect* find_effect(const rules::Resolution& r, model::Entity entity, int id,
                                        const std::string& field) {
    for (auto it = r.effects.rbegin(); it != r.effects.rend(); ++it)
        if (it->entity == entity && it->id == id && it->field == field) return &*it;
    return nullptr;
}

inline bool has_follow_up(const rules::Resolution& r, const std::string& action, int unit) {
    for (const auto& f : r.follow_ups)
        if (f.action == action && f.unit == unit) return true;
    return false;
}

inline double chance(const rules::Resolution& r, const std::string& label_start) {
    for (const auto& c : r.chances)
        if (c.label.rfind(label_start, 0) == 0) return c.probability;
    return -1;
}

inline rules::Resolution preview(const model::Battle& battle, const rules::ActionRequest& req,
                                 std::string house_rules = {}) {
    return rulesets::make("macduff", house_rules)->preview(req, battle);
}

inline rules::Resolution preview(const rules::ActionRequest& req, std::string house_rules = {}) {
    model::Battle empty;
    empty.ruleset = "macduff";
    return preview(empty, req, std::move(house_rules));
}

// Applies a resolution's effects, as the store would: the next resolution sees the new state.
inline model::Battle after(model::Battle battle, const rules::Resolution& r) {
    battle.apply(r.effects);
    return battle;
}

inline model::Commander& add_commander(model::Battle& b, int id, std::string name, int side,
                                       bool general = false) {
    b.commanders.push_back({id, std::move(name), side, general, std::nullopt, model::CommanderStatus::Active});
    return b.commanders.back();
}

// The frontier battle with Colonel Ames (3) commanding the 2nd Sikhs (1) and the Gordons (2), and
// the General the Mountain Battery (3).
inline model::Battle with_ames() {
    auto b = frontier_battle();
    add_commander(b, 3, "Colonel Ames", 1);
    b.unit(1)->commander = 3;
    b.unit(2)->commander = 3;
    b.unit(3)->commander = 1;
    return b;
}

inline int side_counter(const model::Battle& b, int side, const std::string& key) {
    const auto& c = b.side(side)->counters;
    auto it = c.find(key);
    return it == c.end() ? 0 : it->second;
}

inline int unit_counter(const model::Battle& b, int unit, const std::string& key) {
    const auto& c = b.unit(unit)->counters;
    auto it = c.find(key);
    return it == c.end() ? 0 : it->second;
}

} // namespace umpire::test
