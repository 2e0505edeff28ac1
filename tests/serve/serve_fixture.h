#pragma once
// A real battle file from a sample roster, for the pages to be built from and served.
#include "roster/checks.h"
#include "roster/roster.h"
#include "rules/ruleset.h"
#include "rulesets/registry.h"
#include "store/battle_file.h"

#include "../store/store_support.h"

#include <memory>
#include <string>

namespace umpire::test {

struct ServedBattle {
    testing::TempDir dir;
    std::string path = dir.file("battle.umpire");
    std::unique_ptr<rules::Ruleset> ruleset;

    explicit ServedBattle(const std::string& roster = "macduff-kotal-pass.toml") {
        model::Battle battle = roster::load_roster_file(std::string(UMPIRE_SOURCE_DIR) + "/rosters/" + roster);
        ruleset = rulesets::make(battle.ruleset, battle.house_rules);
        rules::prepare_battle(*ruleset, battle);
        store::BattleFile::create(path, battle);
    }

    int unit(store::BattleFile& file, const std::string& name) const {
        const model::Unit* u = file.battle().find_unit(name);
        if (!u) throw std::runtime_error("no unit " + name);
        return u->id;
    }
};

} // namespace umpire::test
