#pragma once
// A small Edwardian battle and helpers for resolving with fixed dice.
#include "dice/dice_source.h"
#include "model/battle.h"
#include "rules/inputs.h"
#include "rules/ruleset.h"
#include "rulesets/registry.h"

#include <cmath>
#include <memory>
#include <string>
#include <vector>

namespace umpire::test {

inline model::Unit unit(int id, std::string name, int side, std::string type, std::string quality,
                        std::string weapon, int figures, bool formed = true) {
    model::Unit u;
    u.id = id;
    u.name = std::move(name);
    u.side = side;
    u.troop_type = std::move(type);
    u.quality = std::move(quality);
    u.weapon = std::move(weapon);
    u.formed = formed;
    u.start_figures = figures;
    u.figures = figures;
    return u;
}

// Units 1-8 British, 11-18 Boer.
inline model::Battle veldt_battle() {
    model::Battle b;
    b.name = "Test action";
    b.ruleset = "edwardian";
    b.turn = 3;
    b.sides = {{1, "British", "", {}}, {2, "Boers", "", {}}};
    b.units = {
        unit(1, "Guards", 1, "infantry", "veteran", "rifle", 24),
        unit(2, "Lancers", 1, "cavalry", "average", "rifle", 12),
        unit(3, "Maxim", 1, "mg", "average", "mg", 3),
        unit(4, "Field Battery", 1, "artillery", "average", "field-gun", 4),
        unit(5, "Horse Battery", 1, "horse-artillery", "veteran", "field-gun", 4),
        unit(6, "Naval Brigade", 1, "artillery", "average", "muzzle-shell-gun", 4),
        unit(7, "Spotters", 1, "spotter", "average", "rifle", 1),
        unit(8, "Headquarters", 1, "headquarters", "average", "none", 3),
        unit(11, "Commando", 2, "infantry", "veteran", "marksman-rifle", 20, false),
        unit(12, "Mounted Commando", 2, "cavalry", "average", "rifle", 12, false),
        unit(13, "Pom-pom", 2, "mg", "average", "mg", 2),
        unit(14, "Long Tom", 2, "artillery", "fair", "field-gun", 4),
        unit(15, "Dervishes", 2, "infantry", "average", "none", 30, false),
        unit(16, "Boer Headquarters", 2, "headquarters", "average", "none", 3),
        unit(17, "Krupp", 2, "artillery", "average", "breech-shell-gun", 3),
        unit(18, "Old Smoothbore", 2, "artillery", "poor", "muzzle-shot-gun", 3),
    };
    b.unit(15)->traits["massed"] = "";
    b.unit(15)->traits["undisciplined"] = "";
    return b;
}

inline rules::ActionRequest request(std::string action, std::map<std::string, std::string> values,
                                    std::optional<int> unit_id = std::nullopt,
                                    std::optional<int> target = std::nullopt) {
    rules::ActionRequest r;
    r.action = std::move(action);
    r.values = std::move(values);
    r.unit = unit_id;
    r.target = target;
    return r;
}

inline rules::Resolution resolve(const model::Battle& battle, const rules::ActionRequest& req,
                                 std::vector<int> dice, std::string house_rules = {}) {
    auto ruleset = rulesets::make("edwardian", house_rules);
    dice::TypedDice typed(std::move(dice));
    return ruleset->resolve(req, battle, typed);
}

// Without a battle: the inputs alone, as `umpire resolve edwardian ...`.
inline rules::Resolution resolve(const rules::ActionRequest& req, std::vector<int> dice,
                                 std::string house_rules = {}) {
    model::Battle empty;
    empty.ruleset = "edwardian";
    return resolve(empty, req, std::move(dice), std::move(house_rules));
}

inline rules::Resolution preview(const model::Battle& battle, const rules::ActionRequest& req,
                                 std::string house_rules = {}) {
    return rulesets::make("edwardian", house_rules)->preview(req, battle);
}

inline bool has_step(const rules::Resolution& r, const std::string& fragment) {
    for (const auto& s : r.steps)
        if (s.text.find(fragment) != std::string::npos) return true;
    return false;
}

inline bool cites(const rules::Resolution& r, const std::string& fragment) {
    for (const auto& s : r.steps)
        if (s.citation.find(fragment) != std::string::npos) return true;
    return false;
}

inline const model::Effect* find_effect(const rules::Resolution& r, int unit_id, const std::string& field) {
    for (const auto& e : r.effects)
        if (e.entity == model::Entity::Unit && e.id == unit_id && e.field == field) return &e;
    return nullptr;
}

inline const rules::FollowUp* find_follow_up(const rules::Resolution& r, const std::string& action) {
    for (const auto& f : r.follow_ups)
        if (f.action == action) return &f;
    return nullptr;
}

inline int dice_rolled(const rules::Resolution& r) { return static_cast<int>(r.all_dice().size()); }

inline double chance(const rules::Resolution& r, const std::string& label) {
    for (const auto& c : r.chances)
        if (c.label == label) return c.probability;
    return -1;
}

inline const dice::Distribution* odds(const rules::Resolution& r, const std::string& label) {
    for (const auto& o : r.odds)
        if (o.label == label) return &o.distribution;
    return nullptr;
}

inline bool near(double a, double b) { return std::fabs(a - b) < 1e-9; }

// Applies a resolution's effects to the battle, as the store does.
inline void apply(model::Battle& battle, const rules::Resolution& r) { battle.apply(r.effects); }

} // namespace umpire::test
