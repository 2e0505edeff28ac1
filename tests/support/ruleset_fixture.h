#pragma once
// What every ruleset's tests share: units and requests built in one line, resolving and previewing
// with fixed dice (a DiceSource given values), and finding steps, effects, follow-ups, chances
// and odds in a resolution. A ruleset's fixture.h defines fixture_ruleset() (its id) before use
// and adds its own battle.
#include "dice/dice_source.h"
#include "kit/deeds.h"
#include "model/battle.h"
#include "rules/inputs.h"
#include "rules/ruleset.h"
#include "rulesets/registry.h"

#include <cmath>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace umpire::test {

// The ruleset the folder's tests resolve with: each fixture.h defines it.
inline const char* fixture_ruleset();

inline model::Unit make_unit(int id, std::string name, int side, std::string type, std::string quality,
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

// The same request, overruling whatever the rules refuse, for `reason`.
inline rules::ActionRequest overruled(rules::ActionRequest r, std::string reason = "the umpire's ruling") {
    r.overrule = std::move(reason);
    return r;
}

inline model::Battle empty_battle() {
    model::Battle empty;
    empty.ruleset = fixture_ruleset();
    return empty;
}

inline rules::Resolution resolve(const model::Battle& battle, const rules::ActionRequest& req, std::vector<int> dice,
                                 std::string house_rules = {}) {
    auto ruleset = rulesets::make(fixture_ruleset(), house_rules);
    dice::TypedDice typed(std::move(dice));
    return ruleset->resolve(req, battle, typed);
}

// Without a battle: the inputs alone, as `umpire resolve ID ...`.
inline rules::Resolution resolve(const rules::ActionRequest& req, std::vector<int> dice, std::string house_rules = {}) {
    return resolve(empty_battle(), req, std::move(dice), std::move(house_rules));
}

inline rules::Resolution preview(const model::Battle& battle, const rules::ActionRequest& req,
                                 std::string house_rules = {}) {
    return rulesets::make(fixture_ruleset(), house_rules)->preview(req, battle);
}

inline rules::Resolution preview(const rules::ActionRequest& req, std::string house_rules = {}) {
    return preview(empty_battle(), req, std::move(house_rules));
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

// The last effect on the field: where several chain (army morale set up, then lowered), the
// value the resolution leaves.
inline const model::Effect* find_effect(const rules::Resolution& r, model::Entity entity, int id,
                                        const std::string& field) {
    for (auto it = r.effects.rbegin(); it != r.effects.rend(); ++it)
        if (it->entity == entity && it->id == id && it->field == field) return &*it;
    return nullptr;
}

inline const rules::FollowUp* find_follow_up(const rules::Resolution& r, const std::string& action) {
    for (const auto& f : r.follow_ups)
        if (f.action == action) return &f;
    return nullptr;
}

inline bool has_follow_up(const rules::Resolution& r, const std::string& action, int unit_id) {
    for (const auto& f : r.follow_ups)
        if (f.action == action && f.unit == unit_id) return true;
    return false;
}

inline int dice_rolled(const rules::Resolution& r) { return static_cast<int>(r.all_dice().size()); }

// The chance labelled `label`, or the first whose label starts with it; -1 when none.
inline double chance(const rules::Resolution& r, const std::string& label) {
    for (const auto& c : r.chances)
        if (c.label == label) return c.probability;
    for (const auto& c : r.chances)
        if (c.label.rfind(label, 0) == 0) return c.probability;
    return -1;
}

inline const dice::Distribution* odds(const rules::Resolution& r, const std::string& label) {
    for (const auto& o : r.odds)
        if (o.label == label) return &o.distribution;
    return nullptr;
}

inline bool near(double a, double b) { return std::fabs(a - b) < 1e-9; }

// Applies a resolution's effects, as the store would: the next resolution sees the new state.
inline model::Battle after(model::Battle battle, const rules::Resolution& r) {
    battle.apply(r.effects);
    return battle;
}
inline void apply(model::Battle& battle, const rules::Resolution& r) { battle.apply(r.effects); }

// What a unit has done (kit/deeds.h): after the resolution is applied, or marked by hand on a
// battle, as the turn engine or an action would record it.
inline bool did(const model::Battle& battle, const rules::Resolution& r, int unit_id, kit::Deed deed,
                kit::Within within = kit::Within::Turn) {
    const model::Battle then = after(battle, r);
    return kit::did(then, *then.unit(unit_id), deed, within);
}
inline void mark(model::Battle& battle, int unit_id, kit::Deed deed, kit::How how = kit::How::Plain, int count = 0) {
    rules::Resolution r;
    kit::record(battle, r, *battle.unit(unit_id), deed, how, count);
    battle.apply(r.effects);
}

inline int unit_counter(const model::Battle& b, int unit_id, const std::string& key) {
    const auto& c = b.unit(unit_id)->counters;
    auto it = c.find(key);
    return it == c.end() ? 0 : it->second;
}

inline int side_counter(const model::Battle& b, int side, const std::string& key) {
    const auto& c = b.side(side)->counters;
    auto it = c.find(key);
    return it == c.end() ? 0 : it->second;
}

} // namespace umpire::test
