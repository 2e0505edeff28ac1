// A battle and its ruleset, the ruleset built while the battle's state is read. Building one
// (its reference tables laid out, the house rules over them) takes a millisecond, as long as
// reading 2,000 units; a command that resolves an action needs both and waited for each in turn.
#include "cli/files.h"

#include "rulesets/registry.h"

#include <future>
#include <string>
#include <system_error>
#include <utility>

namespace umpire::cli {

BattleWithRuleset open_battle_with_ruleset(const std::string& path, const std::string& umpire) {
    std::string early_id, early_house_rules;
    std::future<std::unique_ptr<rules::Ruleset>> early;
    auto start_early = [&](const std::string& id, const std::string& house_rules) {
        early_id = id;
        early_house_rules = house_rules;
        try {
            early = std::async(std::launch::async, [id, house_rules] { return rulesets::make(id, house_rules); });
        } catch (const std::system_error&) {
            // No thread to be had: the ruleset is built after opening, as before.
        }
    };
    BattleWithRuleset opened;
    opened.store = open_battle(path, umpire, start_early);
    const model::Battle& battle = opened.store->battle();
    // Built for the ruleset and house rules the state holds: were they not the ones told early, it
    // is built again rather than trusted.
    if (early.valid() && early_id == battle.ruleset && early_house_rules == battle.house_rules)
        opened.ruleset = early.get();  // an error building it is thrown here, as make throws it
    else
        opened.ruleset = rulesets::make(battle.ruleset, battle.house_rules);
    return opened;
}

} // namespace umpire::cli
