// Units created and removed by effects (a detachment leaving or rejoining its unit): exact in
// the model, in the JSON the journal keeps, and in the battle file across undo, redo and reopening.
#include "store/battle_file.h"

#include "battle_diff.h"
#include "rules/resolution_json.h"
#include "store_support.h"

#include <catch2/catch.hpp>

using namespace umpire;
using namespace umpire::testing;
using store::BattleFile;
using store::StoreError;

namespace {

std::vector<model::Effect> split_effects(const model::Battle& b) {
    model::Effect create{model::Entity::Unit, 5, std::string(model::kRosterPlace), 0, 3, "detached"};
    create.unit = detachment_of_gordons(b);
    return {unit_effect(2, "figures", 16, 12), unit_effect(2, "start-figures", 16, 12), create};
}

std::vector<model::Effect> rejoin_effects(const model::Battle& b) {
    model::Effect remove{model::Entity::Unit, 5, std::string(model::kRosterPlace), 3, 0, "rejoined"};
    remove.unit = *b.unit(5);
    return {unit_effect(2, "figures", 12, 16), unit_effect(2, "start-figures", 12, 16), remove};
}

rules::ActionRequest request_for(const std::string& action, int unit) {
    rules::ActionRequest r;
    r.action = action;
    r.unit = unit;
    return r;
}

} // namespace

TEST_CASE("model: a unit created at its place and removed again exactly") {
    const model::Battle start = sample_battle();
    model::Battle b = start;
    auto split = split_effects(b);
    b.apply(split);
    REQUIRE(b.units.size() == 5);
    CHECK(b.units[2].id == 5);  // right after the Gordons, the others move down one
    CHECK(b.units[3].id == 3);
    CHECK(b.unit(2)->figures == 12);
    CHECK(b.unit(5)->counters.at("detachment-of") == 2);

    model::Battle reverted = b;
    reverted.revert(split);
    CHECK(battle_diff(reverted, start) == "");

    auto rejoin = rejoin_effects(b);
    model::Battle joined = b;
    joined.apply(rejoin);
    CHECK(battle_diff(joined, start) == "");
    joined.revert(rejoin);
    CHECK(battle_diff(joined, b) == "");
}

TEST_CASE("model: stale or malformed unit creation and removal is refused and changes nothing") {
    model::Battle b = sample_battle();
    b.apply(split_effects(sample_battle()));
    const model::Battle before = b;

    SECTION("creating a unit that exists") {
        CHECK_THROWS_AS(b.apply(split_effects(sample_battle())), std::logic_error);
    }
    SECTION("removing a unit that changed since it was recorded") {
        auto rejoin = rejoin_effects(b);
        rejoin[2].unit->figures = 3;  // recorded when it had 3 figures; it has 4 now
        CHECK_THROWS_AS(b.apply(rejoin), std::logic_error);
    }
    SECTION("without the unit's data") {
        model::Effect bare{model::Entity::Unit, 9, std::string(model::kRosterPlace), 0, 1, ""};
        CHECK_THROWS_AS(b.apply({bare}), std::logic_error);
    }
    SECTION("at a place beyond the end of the roster") {
        auto far = split_effects(sample_battle());
        far[2].id = 6;
        far[2].unit->id = 6;
        far[2].after = 9;
        CHECK_THROWS_AS(b.apply({far[2]}), std::logic_error);
    }
    SECTION("moving a unit") {
        model::Effect move{model::Entity::Unit, 5, std::string(model::kRosterPlace), 3, 1, ""};
        move.unit = *b.unit(5);
        CHECK_THROWS_AS(b.apply({move}), std::logic_error);
    }
    CHECK(battle_diff(b, before) == "");
}

TEST_CASE("json: an effect carrying a unit round-trips every field") {
    model::Battle b = sample_battle();
    auto effects = split_effects(b);
    effects[2].unit->flags = {{model::Flag::Shaken, true}, {model::Flag::Pinned, false}};
    effects[2].unit->commander.reset();
    auto back = rules::effects_from_json(nlohmann::json::parse(rules::to_json(effects).dump()));
    REQUIRE(back.size() == 3);
    CHECK_FALSE(back[0].unit);
    REQUIRE(back[2].unit);
    CHECK(back[2].field == "roster-place");
    CHECK(model::same_unit(*back[2].unit, *effects[2].unit));
    CHECK(back[2].unit->flags == effects[2].unit->flags);  // explicit false kept
    CHECK_FALSE(back[2].unit->commander);
}

TEST_CASE("store: units created and removed survive reopening and undo and redo") {
    TempDir dir;
    const std::string path = dir.file("detachments.umpire");
    const model::Battle start = sample_battle();
    model::Battle split = start;
    split.apply(split_effects(start));
    model::Battle rejoined = split;
    rejoined.apply(rejoin_effects(split));

    {
        BattleFile f = BattleFile::create(path, start);
        f.record(request_for("detach", 2), resolution_with("detach", "4 Gordons detached", split_effects(start)));
        CHECK(battle_diff(f.battle(), split) == "");
    }
    {
        BattleFile f = BattleFile::open(path);
        CHECK(battle_diff(f.battle(), split) == "");  // the new row, in its place, with its counters
        f.record(request_for("rejoin", 5), resolution_with("rejoin", "the detachment rejoins", rejoin_effects(split)));
        CHECK(battle_diff(f.battle(), rejoined) == "");
    }
    {
        BattleFile f = BattleFile::open(path);
        CHECK(battle_diff(f.battle(), rejoined) == "");
        CHECK(f.battle().unit(5) == nullptr);
        REQUIRE(f.undo());  // the detachment is back, exactly as it left
        CHECK(battle_diff(f.battle(), split) == "");
    }
    {
        BattleFile f = BattleFile::open(path);
        CHECK(battle_diff(f.battle(), split) == "");
        REQUIRE(f.undo());  // and gone again: the battle as created
        CHECK(battle_diff(f.battle(), start) == "");
    }
    {
        BattleFile f = BattleFile::open(path);
        CHECK(battle_diff(f.battle(), start) == "");
        REQUIRE(f.redo());
        CHECK(battle_diff(f.battle(), split) == "");
        REQUIRE(f.redo());
        CHECK(battle_diff(f.battle(), rejoined) == "");
    }
    BattleFile f = BattleFile::open(path);
    CHECK(battle_diff(f.battle(), rejoined) == "");
    CHECK(battle_diff(replay(start, f.journal()), f.battle()) == "");
}

TEST_CASE("store: a refused unit removal leaves the file as it was") {
    TempDir dir;
    const std::string path = dir.file("stale.umpire");
    model::Battle start = sample_battle();
    model::Battle split = start;
    split.apply(split_effects(start));
    BattleFile f = BattleFile::create(path, start);
    f.record(request_for("detach", 2), resolution_with("detach", "detached", split_effects(start)));
    const std::string bytes = read_bytes(path);
    // A removal recorded against an older state of the detachment.
    model::Battle stale = split;
    stale.unit(5)->figures = 2;
    CHECK_THROWS_AS(f.record(request_for("rejoin", 5), resolution_with("rejoin", "x", rejoin_effects(stale))),
                    StoreError);
    CHECK(read_bytes(path) == bytes);
    CHECK(battle_diff(f.battle(), split) == "");
}
