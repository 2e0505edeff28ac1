#include "turn_support.h"

#include "roster/roster.h"
#include "rulesets/registry.h"

namespace umpire::testing {

const turn::TurnStep& TurnFixture::apply(const turn::TurnStep& step) {
    battle.apply(step.resolution.effects);
    return step;
}

turn::TurnOptions TurnFixture::options(bool chance) const {
    turn::TurnOptions o;
    o.seed = 20261121;
    o.chance_cards = chance;
    return o;
}

namespace {

TurnFixture make(model::Battle battle) {
    TurnFixture f;
    f.battle = std::move(battle);
    f.ruleset = rulesets::make(f.battle.ruleset, f.battle.house_rules);
    f.rules = turn::turn_rules(*f.ruleset);
    return f;
}

} // namespace

TurnFixture macduff_battle() { return make(roster::parse_roster(roster::demo_roster(), "demo")); }

TurnFixture edwardian_battle() {
    return make(roster::load_roster_file(std::string(UMPIRE_SOURCE_DIR) + "/rosters/edwardian-modder-river.toml"));
}

} // namespace umpire::testing
