// The MacDuff ruleset: the declared actions (each mechanics file contributes its own, see
// action_def.h), roster checks, defaults from the selected unit, and the one path from a request
// to a resolution: find the action, check unit and target, validate the inputs, run the rule.
#include "rulesets/macduff/macduff.h"

#include "rules/inputs.h"
#include "rulesets/macduff/action_def.h"
#include "rulesets/macduff/chance.h"

namespace umpire::macduff {

namespace {

std::string known_list(const std::vector<std::string>& ids) {
    std::string out;
    for (const auto& id : ids) out += (out.empty() ? "" : ", ") + id;
    return "one of: " + out;
}

} // namespace

MacDuff::MacDuff(Tables tables, std::string reference)
    : tables_(std::move(tables)), reference_(std::move(reference)) {
    // The slice's actions first, in their old order: front ends and tests list them so.
    add_shooting_actions(tables_, defs_);
    add_melee_actions(tables_, defs_);
    add_morale_actions(tables_, defs_);
    add_commander_actions(tables_, defs_);
    add_movement_actions(tables_, defs_);
    add_reaction_actions(tables_, defs_);
    add_artillery_actions(tables_, defs_);
    add_army_morale_actions(tables_, defs_);
    add_engineering_actions(tables_, defs_);
    add_hospital_band_actions(tables_, defs_);
    add_detachment_actions(tables_, defs_);
    add_chance_actions(tables_, defs_);
    for (const auto& d : defs_) actions_.push_back(d.spec);
}

MacDuff::~MacDuff() = default;

std::optional<std::string> MacDuff::check_unit_value(std::string_view field, std::string_view value) const {
    std::vector<std::string> known;
    if (field == "type") {
        for (const auto& [id, name] : tables_.troop_types) known.push_back(id);
    } else if (field == "quality") {
        for (const auto& q : tables_.qualities) known.push_back(q.id);
    } else if (field == "weapon") {
        for (const auto& w : tables_.shooting.weapons) known.push_back(w.id);
    } else if (field == "trait") {
        for (const auto& [id, name] : tables_.traits) known.push_back(id);
    } else {
        return std::nullopt;
    }
    for (const auto& id : known)
        if (id == value) return std::nullopt;
    return known_list(known);
}

std::map<std::string, std::string> MacDuff::defaults(const rules::ActionSpec& action, const model::Battle& battle,
                                                     std::optional<int> unit_id,
                                                     std::optional<int> target_id) const {
    Defaults d;
    const model::Unit* unit = unit_id ? battle.unit(*unit_id) : nullptr;
    const model::Unit* target = target_id ? battle.unit(*target_id) : nullptr;
    for (const auto& def : defs_)
        if (def.spec.id == action.id && def.defaults) def.defaults({tables_, battle, unit, target}, d);
    return d;
}

std::vector<int> MacDuff::target_candidates(const rules::ActionSpec& action, const model::Battle& battle,
                                            std::optional<int> unit) const {
    if (action.id == "nominate" && !unit) return nominate_candidates(tables_, battle);
    return rules::enemy_targets(battle, unit);
}

rules::Resolution MacDuff::preview(const rules::ActionRequest& request, const model::Battle& battle) const {
    return run(request, battle, nullptr);
}

rules::Resolution MacDuff::resolve(const rules::ActionRequest& request, const model::Battle& battle,
                                   dice::DiceSource& dice) const {
    auto r = run(request, battle, &dice);
    dice.finish();
    return r;
}

rules::Resolution MacDuff::run(const rules::ActionRequest& request, const model::Battle& battle,
                               dice::DiceSource* dice) const {
    const ActionDef* def = nullptr;
    for (const auto& d : defs_)
        if (d.spec.id == request.action) def = &d;
    if (!def) {
        std::string known;
        for (const auto& a : actions_) known += (known.empty() ? "" : ", ") + a.id;
        throw rules::InputError("action", "\"" + request.action + "\" is not a MacDuff action; "
                                          "expected one of: " + known);
    }
    const rules::ActionSpec& spec = def->spec;
    const model::Unit* unit = nullptr;
    const model::Unit* target = nullptr;
    if (request.unit) {
        unit = battle.unit(*request.unit);
        if (!unit) throw rules::InputError("unit", "no unit with id " + std::to_string(*request.unit));
        if (unit->has(model::Flag::Reserve) && !def->brings_on_reserve)
            throw rules::InputError("unit", unit->name + " is a spare unit in reserve, not yet on the table (" +
                                                tables_.chance.reinforce.name + " brings one on)");
        if (!unit->on_table() && !(unit->has(model::Flag::Reserve) && def->brings_on_reserve))
            throw rules::InputError("unit", unit->name + " is no longer on the table");
    }
    if (request.target) {
        target = battle.unit(*request.target);
        if (!target) throw rules::InputError("target", "no unit with id " + std::to_string(*request.target));
        if (target->has(model::Flag::Reserve))
            throw rules::InputError("target", target->name + " is a spare unit in reserve, not yet on the table");
        if (!target->on_table()) throw rules::InputError("target", target->name + " is no longer on the table");
        if (unit && unit->id == target->id) throw rules::InputError("target", "a unit cannot act on itself");
        if (unit && unit->side == target->side)
            throw rules::InputError("target", target->name + " is on the same side as " + unit->name);
    }
    if (spec.needs_target && unit && !target)
        throw rules::InputError("target", spec.name + " needs the enemy unit (--target)");

    auto defaults_map = defaults(spec, battle, request.unit, request.target);
    rules::Inputs inputs = rules::validate(spec, request, defaults_map, battle);

    rules::Resolution out;
    out.ruleset = std::string(id());
    out.action = spec.id;
    out.unit = request.unit;
    out.target = request.target;
    out.rolled = dice != nullptr;
    Context ctx{tables_, battle, unit, target, inputs, dice};
    def->resolve(ctx, out);
    return out;
}

} // namespace umpire::macduff
