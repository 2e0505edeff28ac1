// The larger sample roster (Kandahar, 1880) played through the rules and the battle file: it
// loads, its army morale is what the text says, and a detachment made, hit and rejoined survives
// undo, redo and reopening exactly.
#include "fixture.h"

#include "roster/checks.h"
#include "roster/roster.h"
#include "store/battle_file.h"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>

using namespace umpire;
using namespace umpire::test;

namespace {

model::Battle kandahar() {
    auto ruleset = rulesets::make("macduff");
    const auto checks = roster::checks_for(*ruleset);  // its band and its hospital pass the roster limits too
    return roster::load_roster_file(std::string(UMPIRE_SOURCE_DIR) + "/rosters/macduff-kandahar-1880.toml",
                                    checks.value, checks.unit);
}

int id_of(const model::Battle& b, const std::string& name) {
    const model::Unit* u = b.find_unit(name);
    REQUIRE(u);
    return u->id;
}

// Resolves and records through the file, as `umpire apply` does.
rules::Resolution record(store::BattleFile& f, const rules::ActionRequest& req, std::vector<int> dice) {
    auto ruleset = rulesets::make("macduff", f.battle().house_rules);
    dice::TypedDice typed(std::move(dice));
    auto r = ruleset->resolve(req, f.battle(), typed);
    f.record(req, r);
    return r;
}

struct TempFile {
    std::filesystem::path path;
    TempFile() {
        std::string pattern = (std::filesystem::temp_directory_path() / "umpire-kandahar-XXXXXX").string();
        REQUIRE(mkdtemp(pattern.data()));
        path = std::filesystem::path(pattern) / "kandahar.umpire";
    }
    ~TempFile() {
        std::error_code ec;
        std::filesystem::remove_all(path.parent_path(), ec);
    }
};

} // namespace

TEST_CASE("the Kandahar roster: more than 20 units, artillery, pioneers, a band and a hospital") {
    auto b = kandahar();
    CHECK(b.units.size() >= 20);
    auto has = [&](auto pred) { return std::any_of(b.units.begin(), b.units.end(), pred); };
    CHECK(has([](const model::Unit& u) { return u.troop_type == "artillery"; }));
    CHECK(has([](const model::Unit& u) { return u.has_trait("pioneers"); }));
    CHECK(has([](const model::Unit& u) { return u.troop_type == "band"; }));
    CHECK(has([](const model::Unit& u) { return u.troop_type == "hospital"; }));
    CHECK(has([](const model::Unit& u) { return u.has_trait("horse-artillery"); }));
    // Army morale: 22 fighting units (band and hospital not counted) / 2 = 11; 13 / 2 = 7.
    auto r = resolve(b, request("army-morale", {}), {});
    CHECK(r.result("side-1") == 11);
    CHECK(r.result("side-2") == 7);
}

TEST_CASE("the Kandahar roster: a detachment through the battle file, undone and redone across reopening") {
    TempFile file;
    const model::Battle start = kandahar();
    const int gurkhas = id_of(start, "2nd Gurkhas");
    const int ghazis = id_of(start, "Ghazis of Pir Paimal");
    {
        auto f = store::BattleFile::create(file.path.string(), start);
        auto split = record(f, request("detach", {{"figures", "4"}, {"gap", "14"}}, gurkhas), {});
        REQUIRE(split.result("unit") > 0);
        const int detachment = split.result("unit");
        // The detachment is hit on its own: 4 figures, 3 lost is more than half.
        record(f, request("casualties", {{"hits", "3"}}, detachment), {});
        CHECK(f.battle().unit(detachment)->has(model::Flag::Shaken));
        // It rejoins: 13 of 16 figures, and shaken as a whole.
        record(f, request("rejoin", {{"gap", "6"}}, detachment), {});
        CHECK(f.battle().unit(detachment) == nullptr);
        CHECK(f.battle().unit(gurkhas)->figures == 13);
        CHECK(f.battle().unit(gurkhas)->start_figures == 16);
        CHECK(f.battle().unit(gurkhas)->has(model::Flag::Shaken));
        // Something else happens in between: 13 figures shoot, 7 dice, shaken 4.
        record(f, request("shoot", {{"range", "10"}}, gurkhas, ghazis), {6, 1, 1, 1});
    }
    {
        auto f = store::BattleFile::open(file.path.string());
        CHECK(f.battle().unit(ghazis)->figures == 15);
        REQUIRE(f.undo());  // the shot
        REQUIRE(f.undo());  // the rejoin: the detachment is back, 1 figure, shaken
        const model::Unit* d = f.battle().find_unit("2nd Gurkhas detachment");
        REQUIRE(d);
        CHECK(d->figures == 1);
        CHECK(d->has(model::Flag::Shaken));
        CHECK(f.battle().unit(gurkhas)->figures == 12);
    }
    {
        auto f = store::BattleFile::open(file.path.string());
        CHECK(f.battle().find_unit("2nd Gurkhas detachment"));
        REQUIRE(f.undo());  // the casualties
        REQUIRE(f.undo());  // the detachment itself
        CHECK(f.battle().units.size() == start.units.size());
        CHECK(f.battle().unit(gurkhas)->figures == 16);
        REQUIRE(f.redo());
        REQUIRE(f.redo());
    }
    auto f = store::BattleFile::open(file.path.string());
    CHECK(f.battle().find_unit("2nd Gurkhas detachment")->figures == 1);
    CHECK(f.battle().units.size() == start.units.size() + 1);
}
