// The Square Hearts ruleset: the rule that resolves each declared action and who may take it,
// the roster values it knows and the capacity each unit gets. The path from a request to a
// resolution is the kit's (kit/ruleset_base.h).
#include "rulesets/square-hearts/square_hearts.h"

#include "kit/roster_ids.h"
#include "rulesets/square-hearts/mechanics.h"
#include "turn/places.h"

namespace umpire::square_hearts {

namespace {

using Resolver = void (*)(const Context&, rules::Resolution&);

struct Rule {
    const char* id;
    Resolver resolve;
    kit::Acting acting = kit::Acting::OnTable;
};

const Rule kRules[] = {
    {"orders", resolve_orders},
    {"move", resolve_move},
    {"shoot", resolve_shoot},
    // A unit destroyed by the simultaneous melee rolls still rolls its own (melee.cpp).
    {"melee", resolve_melee, kit::Acting::Anywhere},
    {"rally", resolve_rally},
    {"off-board", resolve_off_board},
    {"commander", resolve_commander},
    {"capture", resolve_capture},
    {"replacement", resolve_replacement},
};

std::vector<SquareHearts::Def> define(const Tables& t) {
    std::vector<SquareHearts::Def> defs;
    for (auto& spec : declare_actions(t)) {
        for (const auto& rule : kRules) {
            if (spec.id != rule.id) continue;
            SquareHearts::Def d;
            d.spec = spec;
            d.resolve = rule.resolve;
            d.defaults = unit_defaults;
            d.acting = rule.acting;
            defs.push_back(std::move(d));
        }
    }
    return defs;
}

} // namespace

SquareHearts::SquareHearts(Tables tables, const kit::Reference& reference)
    : DeclaredRuleset("square-hearts", "Square Hearts", tables, reference, define(tables), kit::roster_ids_from(tables)) {
    set_turn_guard(turn::place_guard(reference, "Square Hearts"));
}

void SquareHearts::complete_unit(model::Unit& unit) const {
    if (unit.hit_capacity <= 0) unit.hit_capacity = class_capacity(tables(), unit.quality);
}

std::vector<std::string> SquareHearts::turn_notes(const model::Battle& battle) const {
    return orders_notes(battle);
}

std::string SquareHearts::phase_unfinished(const model::Battle& battle, std::string_view phase_id) const {
    return orders_unrolled(battle, phase_id);
}

} // namespace umpire::square_hearts
