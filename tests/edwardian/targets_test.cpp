// Targets (Ruleset::target_candidates): the list offered to the umpire and the targets resolve
// accepts are the same, action by action.
#include "fixture.h"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace umpire;
using namespace umpire::test;

namespace {
std::vector<int> candidates(const model::Battle& b, const std::string& action, std::optional<int> unit) {
    auto ruleset = rulesets::make("edwardian", "");
    return ruleset->target_candidates(*ruleset->action(action), b, unit);
}
bool has(const std::vector<int>& ids, int id) { return std::find(ids.begin(), ids.end(), id) != ids.end(); }
} // namespace

TEST_CASE("targets: enemies on the table by default, friendly guns for a draft") {
    auto b = veldt_battle();
    CHECK(candidates(b, "melee", 1) == std::vector<int>{11, 12, 13, 14, 15, 16, 17, 18});
    // Guards (infantry) are drafted into a friendly MG or gun crew: the same side's guns only.
    CHECK(candidates(b, "draft", 1) == std::vector<int>{3, 4, 5, 6});
    // A battery's crew may go back to a unit of the line: friendly units, not headquarters or
    // spotters, never itself.
    CHECK(candidates(b, "draft", 4) == std::vector<int>{1, 2, 3, 5, 6});
    // A shell falls on friend and foe.
    CHECK(has(candidates(b, "shell-hits", 4), 1));
    CHECK(has(candidates(b, "shell-hits", 4), 11));
    CHECK_FALSE(has(candidates(b, "shell-hits", 4), 4));
    // Only headquarters are assaulted as headquarters.
    CHECK(candidates(b, "ghq-assault", 2) == std::vector<int>{16});
    // No abandoned gun yet: nothing to claim. Then only the abandoned, intact gun.
    CHECK(candidates(b, "claim-gun", 2).empty());
    b.unit(14)->set(model::Flag::Routed, true);
    b.unit(14)->counters["abandoned"] = 1;
    b.unit(13)->set(model::Flag::Routed, true);  // routed, but not abandoned (say, destroyed)
    CHECK(candidates(b, "claim-gun", 2) == std::vector<int>{14});
    // Off-table units are no one's target otherwise.
    CHECK_FALSE(has(candidates(b, "melee", 1), 14));
}

TEST_CASE("targets: resolve accepts exactly the candidates, for every action and pair of units") {
    auto b = veldt_battle();
    b.unit(14)->set(model::Flag::Routed, true);
    b.unit(14)->counters["abandoned"] = 1;
    auto ruleset = rulesets::make("edwardian", "");
    int checked = 0;
    for (const auto& spec : ruleset->actions()) {
        if (!spec.needs_target && !spec.target_optional) continue;
        for (const auto& acting : b.units) {
            if (!acting.on_table()) continue;
            const auto ids = ruleset->target_candidates(spec, b, acting.id);
            for (const auto& target : b.units) {
                rules::ActionRequest req;
                req.action = spec.id;
                req.unit = acting.id;
                req.target = target.id;
                bool refused_target = false;
                try {
                    ruleset->preview(req, b);
                } catch (const rules::InputError& e) {
                    refused_target = e.input() == "target";
                }
                INFO(spec.id << ": " << acting.name << " on " << target.name);
                CHECK(refused_target == !has(ids, target.id));
                ++checked;
            }
        }
    }
    CHECK(checked > 1000);
}

TEST_CASE("targets: a draft target of the same side resolves, an enemy one is refused") {
    auto b = veldt_battle();
    CHECK_NOTHROW(resolve(b, request("draft", {{"figures", "2"}}, 1, 3), {}));
    CHECK_THROWS_AS(resolve(b, request("draft", {{"figures", "2"}}, 1, 13), {}), rules::InputError);
    CHECK_THROWS_AS(resolve(b, request("draft", {{"figures", "1"}}, 4, 8), {}), rules::InputError);  // headquarters
}

TEST_CASE("targets: the common rule of core, for rulesets that keep the default") {
    auto b = veldt_battle();
    b.unit(12)->set(model::Flag::Routed, true);
    const auto ids = rules::enemy_targets(b, 1);
    CHECK(ids == std::vector<int>{11, 13, 14, 15, 16, 17, 18});
    CHECK(rules::enemy_targets(b, std::nullopt).size() == b.units.size() - 1);
    auto macduff = rulesets::make("macduff", "");
    CHECK(macduff->target_candidates(macduff->actions().front(), b, 1) == ids);
}
