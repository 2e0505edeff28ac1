// The Edwardian ruleset: the rule that resolves each declared action and who may take it, the
// roster values it knows, its targets and the note that the battle is over. The path from a
// request to a resolution is the kit's (kit/ruleset_base.h).
#include "rulesets/edwardian/edwardian.h"

#include "rulesets/edwardian/mechanics.h"
#include "rulesets/edwardian/state.h"
#include "rulesets/edwardian/targets.h"
#include "turn/places.h"

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

// Each declared action with the rule that resolves it.
std::vector<Edwardian::Def> define(const Tables& t) {
    std::vector<Edwardian::Def> defs;
    for (auto& spec : declare_actions(t)) {
        const Policy* rule = nullptr;
        for (const auto& p : kPolicies)
            if (spec.id == p.id) rule = &p;
        Edwardian::Def d;
        d.spec = std::move(spec);
        d.resolve = rule->resolve;
        d.defaults = unit_defaults;
        d.acting = rule->unit_may_be_off_table ? kit::Acting::Anywhere : kit::Acting::OnTable;
        d.between_battles = rule->campaign;
        defs.push_back(std::move(d));
    }
    return defs;
}

kit::RosterIds roster_ids(const Tables& t) {
    kit::RosterIds ids;
    for (const auto& tt : t.troop_types) ids.types.push_back(tt.id);
    for (const auto& q : t.qualities) ids.qualities.push_back(q.id);
    for (const auto& w : t.weapons) ids.weapons.push_back(w.id);
    for (const auto& [id, name] : t.traits) ids.traits.push_back(id);
    return ids;
}

} // namespace

Edwardian::Edwardian(Tables tables, const kit::Reference& reference)
    : DeclaredRuleset("edwardian", "Edwardian", tables, reference, define(tables), roster_ids(tables)) {
    set_turn_guard(turn::place_guard(reference, "Edwardian"));
}

std::optional<std::string> Edwardian::check_roster_unit(const model::Battle& battle, const model::Unit& unit) const {
    if (unit.formed)
        if (const std::string* trait = edwardian::open_order_only(tables(), unit))
            return "a unit with the " + *trait + " trait operates only in open order: formed = false (" +
                   cite("I Troops") + ")";
    return kit::DeclaredRuleset<Tables>::check_roster_unit(battle, unit);
}

std::optional<std::string> Edwardian::target_refusal(const Def& def, const model::Unit* acting,
                                                     const model::Unit& target) const {
    return edwardian::target_refusal(tables(), def.spec.id, acting, target);
}

void Edwardian::opening_notes(const kit::Context<Tables>& ctx, const Def& def, rules::Resolution& out) const {
    if (counter(ctx.battle.counters, key::game_over) && !def.between_battles)
        out.steps.push_back({"Note: this battle is already over (headquarters overrun or army morale)",
                             cite("II General Headquarters, II Optional Rule - Army Morale")});
}

} // namespace umpire::edwardian
