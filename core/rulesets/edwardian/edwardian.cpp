// The Edwardian ruleset: dispatch from a validated request to the rule that resolves it, and the
// checks every action shares (who may act, on whom).
#include "rulesets/edwardian/edwardian.h"

#include "rules/inputs.h"
#include "rulesets/edwardian/mechanics.h"
#include "rulesets/edwardian/state.h"
#include "rulesets/edwardian/targets.h"

namespace umpire::edwardian {

namespace {

using Resolver = void (*)(const Context&, rules::Resolution&);

// How an action treats its acting unit beyond its declaration (targets: targets.cpp).
struct Policy {
    const char* id;
    Resolver resolve;
    bool unit_may_be_off_table = false;  // spike: the crew has just failed morale
    bool campaign = false;  // between battles: units that broke are still in the army, and the
                            // battle being over is no news
};

const Policy kPolicies[] = {
    {"rifle-fire", resolve_rifle_fire},
    {"mad-minute", resolve_mad_minute},
    {"mg-fire", resolve_mg_fire},
    {"artillery-fire", resolve_artillery_fire},
    {"shell-hits", resolve_shell_hits},
    {"canister", resolve_canister},
    {"solid-shot", resolve_solid_shot},
    {"shot-hits", resolve_shot_hits},
    {"load-gun", resolve_load_gun},
    {"move", resolve_move},
    {"line-of-sight", resolve_line_of_sight},
    {"melee", resolve_melee},
    {"morale", resolve_morale},
    {"spike", resolve_spike, true},
    {"draft", resolve_draft},
    {"claim-gun", resolve_claim_gun},
    {"average-quality", resolve_average_quality},
    {"ghq-assault", resolve_ghq_assault},
    {"army-morale", resolve_army_morale},
    {"officer-killed", resolve_officer_killed},
    {"standard", resolve_standard},
    {"reinforce", resolve_reinforce, true, true},
    {"campaign-transfer", resolve_campaign_transfer, true, true},
    {"battle-result", resolve_battle_result, true, true},
    {"campaign-quality", resolve_campaign_quality, true, true},
    {"sway", resolve_sway},
};

const Policy* policy(std::string_view id) {
    for (const auto& p : kPolicies)
        if (id == p.id) return &p;
    return nullptr;
}

std::string known_list(const std::vector<std::string>& ids) {
    std::string out;
    for (const auto& id : ids) out += (out.empty() ? "" : ", ") + id;
    return "one of: " + out;
}

} // namespace

Edwardian::Edwardian(Tables tables, std::string reference)
    : tables_(std::move(tables)), reference_(std::move(reference)), actions_(declare_actions(tables_)) {}

std::unique_ptr<rules::Ruleset> make(std::string_view house_rules) {
    return std::make_unique<Edwardian>(load_tables(house_rules), merged_reference(house_rules));
}

std::optional<std::string> Edwardian::check_unit_value(std::string_view field, std::string_view value) const {
    std::vector<std::string> known;
    if (field == "type") {
        for (const auto& tt : tables_.troop_types) known.push_back(tt.id);
    } else if (field == "quality") {
        for (const auto& q : tables_.qualities) known.push_back(q.id);
    } else if (field == "weapon") {
        for (const auto& w : tables_.weapons) known.push_back(w.id);
    } else if (field == "trait") {
        for (const auto& [id, name] : tables_.traits) known.push_back(id);
    } else {
        return std::nullopt;
    }
    for (const auto& id : known)
        if (id == value) return std::nullopt;
    return known_list(known);
}

std::map<std::string, std::string> Edwardian::defaults(const rules::ActionSpec& action, const model::Battle& battle,
                                                       std::optional<int> unit, std::optional<int> target) const {
    return unit_defaults(tables_, action, battle, unit ? battle.unit(*unit) : nullptr,
                         target ? battle.unit(*target) : nullptr);
}

std::vector<int> Edwardian::target_candidates(const rules::ActionSpec& action, const model::Battle& battle,
                                              std::optional<int> unit) const {
    const model::Unit* acting = unit ? battle.unit(*unit) : nullptr;
    std::vector<int> out;
    for (const auto& u : battle.units)
        if (!target_refusal(tables_, action.id, acting, u)) out.push_back(u.id);
    return out;
}

rules::Resolution Edwardian::preview(const rules::ActionRequest& request, const model::Battle& battle) const {
    return run(request, battle, nullptr);
}

rules::Resolution Edwardian::resolve(const rules::ActionRequest& request, const model::Battle& battle,
                                     dice::DiceSource& dice) const {
    auto r = run(request, battle, &dice);
    dice.finish();
    return r;
}

rules::Resolution Edwardian::run(const rules::ActionRequest& request, const model::Battle& battle,
                                 dice::DiceSource* dice) const {
    const rules::ActionSpec* spec = action(request.action);
    const Policy* rule = policy(request.action);
    if (!spec || !rule) {
        std::vector<std::string> ids;
        for (const auto& a : actions_) ids.push_back(a.id);
        throw rules::InputError("action", "\"" + request.action + "\" is not an Edwardian action in this battle; "
                                          "expected " + known_list(ids));
    }
    const model::Unit* unit = nullptr;
    const model::Unit* target = nullptr;
    if (request.unit) {
        unit = battle.unit(*request.unit);
        if (!unit) throw rules::InputError("unit", "no unit with id " + std::to_string(*request.unit));
        if (unit->has(model::Flag::Reserve) && !rule->unit_may_be_off_table)
            throw rules::InputError("unit", unit->name + " is held in reserve, not yet on the table (the roster "
                                                         "editor brings it on)");
        if (!unit->on_table() && !rule->unit_may_be_off_table)
            throw rules::InputError("unit", unit->name + " is no longer on the table");
    }
    if (request.target) {
        target = battle.unit(*request.target);
        if (!target) throw rules::InputError("target", "no unit with id " + std::to_string(*request.target));
        if (auto why = target_refusal(tables_, spec->id, unit, *target)) throw rules::InputError("target", *why);
    }
    if (spec->needs_target && unit && !target)
        throw rules::InputError("target", spec->name + " needs the other unit (--target)");

    const auto defaults_map = defaults(*spec, battle, request.unit, request.target);
    const rules::Inputs inputs = rules::validate(*spec, request, defaults_map, battle);

    rules::Resolution out;
    out.ruleset = std::string(id());
    out.action = spec->id;
    out.unit = request.unit;
    out.target = request.target;
    out.rolled = dice != nullptr;
    if (counter(battle.counters, key::game_over) && !rule->campaign)
        out.steps.push_back({"Note: this battle is already over (headquarters overrun or army morale)",
                             cite("II General Headquarters, II Optional Rule - Army Morale")});
    const Context ctx{tables_, battle, unit, target, inputs, dice};
    rule->resolve(ctx, out);
    return out;
}

} // namespace umpire::edwardian
