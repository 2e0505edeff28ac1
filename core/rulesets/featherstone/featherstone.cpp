// The Featherstone-like ruleset: the rule that resolves each declared action and the roster values
// it knows. The path from a request to a resolution is the kit's (kit/ruleset_base.h).
#include "rulesets/featherstone/featherstone.h"

#include "rulesets/featherstone/mechanics.h"

#include "kit/roster_ids.h"
#include "turn/places.h"

namespace umpire::featherstone {

namespace {

using Resolver = void (*)(const Context&, rules::Resolution&);

struct Rule {
    const char* id;
    Resolver resolve;
    std::optional<std::string> (*refuses_unit)(const Tables&, const model::Unit&) = nullptr;
};

const Rule kRules[] = {
    {"shoot", resolve_shoot, refuses_shooter}, {"artillery", resolve_artillery, refuses_gunner}, {"save", resolve_save},
    {"melee", resolve_melee},         {"morale", resolve_morale},       {"move", resolve_move},
    {"charge", resolve_charge},       {"pursue", resolve_pursue},       {"recall", resolve_recall},
    {"leader-hit", resolve_leader_hit}, {"overrun", resolve_overrun},
};

std::vector<Featherstone::Def> define(const Tables& t) {
    std::vector<Featherstone::Def> defs;
    for (auto& spec : declare_actions(t)) {
        Featherstone::Def d;
        for (const auto& r : kRules)
            if (spec.id == r.id) {
                d.resolve = r.resolve;
                d.refuses_unit = r.refuses_unit;
            }
        d.spec = std::move(spec);
        d.defaults = unit_defaults;
        defs.push_back(std::move(d));
    }
    return defs;
}

} // namespace

Featherstone::Featherstone(Tables tables, const kit::Reference& reference)
    : DeclaredRuleset("featherstone", "Featherstone", tables, reference, define(tables), kit::roster_ids_from(tables)) {
    set_turn_guard(turn::place_guard(reference, "Featherstone"));
}

} // namespace umpire::featherstone
