// Roster edits at the table: each edit checked against the battle and the ruleset, recorded in
// the journal as effects, undone exactly, and still there after the battle file is reopened.
#include "roster/edit.h"
#include "roster/roster.h"
#include "rules/inputs.h"
#include "rulesets/registry.h"
#include "store/battle_file.h"

#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>

namespace model = umpire::model;
namespace roster = umpire::roster;
namespace rules = umpire::rules;
namespace store = umpire::store;

namespace {

struct Scratch {
    std::filesystem::path dir;
    Scratch() {
        dir = std::filesystem::temp_directory_path() /
              ("umpire-edit-" + std::to_string(std::chrono::steady_clock::now().time_since_epoch().count()));
        std::filesystem::create_directories(dir);
    }
    ~Scratch() {
        std::error_code ec;
        std::filesystem::remove_all(dir, ec);
    }
    std::string file(const char* name) const { return (dir / name).string(); }
};

struct Fixture {
    Scratch scratch;
    store::BattleFile file;
    std::unique_ptr<rules::Ruleset> ruleset;
    Fixture()
        : file(store::BattleFile::create(scratch.file("edit.umpire"),
                                         roster::parse_roster(roster::demo_roster(), "demo"))),
          ruleset(umpire::rulesets::make("macduff")) {}
    const model::Battle& battle() const { return file.battle(); }
    int id(const char* name) const {
        const model::Unit* u = battle().find_unit(name);
        REQUIRE(u);
        return u->id;
    }
    std::int64_t record(const rules::Resolution& r) {
        rules::ActionRequest request;
        request.action = r.action;
        request.unit = r.unit;
        return file.record(request, r);
    }
    model::Battle reopened() const { return store::BattleFile::open(scratch.file("edit.umpire")).battle(); }
};

// The refusal's field and message.
template <typename F> std::string refusal(F&& f, const char* field) {
    try {
        f();
    } catch (const rules::InputError& e) {
        CHECK(e.input() == field);
        return e.what();
    }
    FAIL("not refused");
    return {};
}

} // namespace

TEST_CASE("roster edit: rename, undo, and the name survives reopening") {
    Fixture f;
    const int gordons = f.id("Gordon Highlanders");
    auto r = roster::rename_unit(f.battle(), gordons, "  92nd Highlanders ");
    CHECK(r.action == "edit-roster");
    CHECK(r.outcome == "Renamed Gordon Highlanders to 92nd Highlanders");
    f.record(r);
    CHECK(f.battle().unit(gordons)->name == "92nd Highlanders");
    CHECK(f.reopened().unit(gordons)->name == "92nd Highlanders");
    REQUIRE(f.file.undo());
    CHECK(f.battle().unit(gordons)->name == "Gordon Highlanders");
    CHECK(f.reopened().unit(gordons)->name == "Gordon Highlanders");
    CHECK(f.file.journal().front().action == "edit-roster");

    CHECK_THAT(refusal([&] { roster::rename_unit(f.battle(), gordons, "2nd sikhs"); }, "name"),
               Catch::Contains("already a unit's name"));
    CHECK_THAT(refusal([&] { roster::rename_unit(f.battle(), gordons, "  "); }, "name"), Catch::Contains("needs a name"));
    refusal([&] { roster::rename_unit(f.battle(), 999, "X"); }, "unit");
}

TEST_CASE("roster edit: figures and quality, refused values say what is allowed") {
    Fixture f;
    const int gordons = f.id("Gordon Highlanders");
    const model::Unit before = *f.battle().unit(gordons);
    f.record(roster::set_figures(f.battle(), gordons, before.figures - 2));
    CHECK(f.battle().unit(gordons)->figures == before.figures - 2);
    CHECK(f.battle().unit(gordons)->start_figures == before.start_figures);
    f.record(roster::set_figures(f.battle(), gordons, before.start_figures + 3));
    CHECK(f.battle().unit(gordons)->start_figures == before.start_figures + 3);
    refusal([&] { roster::set_figures(f.battle(), gordons, -1); }, "figures");
    refusal([&] { roster::set_figures(f.battle(), gordons, 20000); }, "figures");

    f.record(roster::set_quality(f.battle(), *f.ruleset, gordons, before.quality == "elite" ? "poor" : "elite"));
    CHECK(f.reopened().unit(gordons)->quality == (before.quality == "elite" ? "poor" : "elite"));
    const std::string why = refusal([&] { roster::set_quality(f.battle(), *f.ruleset, gordons, "heroic"); }, "quality");
    CHECK_THAT(why, Catch::Contains("average"));  // the allowed values, from the ruleset
    REQUIRE(f.file.undo());
    REQUIRE(f.file.undo());
    REQUIRE(f.file.undo());
    CHECK(model::same_unit(*f.battle().unit(gordons), before));
}

TEST_CASE("roster edit: a unit's commander, attached and detached") {
    Fixture f;
    const int gordons = f.id("Gordon Highlanders");
    // Ids, not pointers: reopening the file replaces the battle the pointers would point into.
    const model::Unit u = *f.battle().unit(gordons);
    std::optional<int> same_side;
    std::optional<int> other_side;
    for (const auto& c : f.battle().commanders) {
        if (c.side == u.side && c.id != u.commander) same_side = c.id;
        if (c.side != u.side) other_side = c.id;
    }
    REQUIRE(same_side);
    REQUIRE(other_side);
    const int new_commander = *same_side;
    f.record(roster::assign_commander(f.battle(), gordons, new_commander));
    CHECK(f.reopened().unit(gordons)->commander == new_commander);
    f.record(roster::assign_commander(f.battle(), gordons, std::nullopt));
    CHECK_FALSE(f.reopened().unit(gordons)->commander);
    CHECK_THAT(refusal([&] { roster::assign_commander(f.battle(), gordons, *other_side); }, "commander"),
               Catch::Contains("another side"));
    refusal([&] { roster::assign_commander(f.battle(), gordons, std::nullopt); }, "commander");
}

TEST_CASE("roster edit: add and remove a unit, both undoable") {
    Fixture f;
    const std::size_t units = f.battle().units.size();
    roster::NewUnit draft;
    draft.name = "Bengal Lancers";
    draft.side = 1;
    draft.troop_type = "cavalry";
    draft.quality = "elite";
    draft.weapon = "carbine";
    draft.figures = 8;
    SECTION("bad values are refused with the reason") {
        draft.weapon = "lance";
        CHECK_THAT(refusal([&] { roster::add_unit(f.battle(), *f.ruleset, draft); }, "weapon"), Catch::Contains("rifle"));
        draft.weapon = "carbine";
        draft.figures = 0;
        refusal([&] { roster::add_unit(f.battle(), *f.ruleset, draft); }, "figures");
        draft.figures = 8;
        draft.name = "gordon highlanders";
        refusal([&] { roster::add_unit(f.battle(), *f.ruleset, draft); }, "name");
        draft.name = "X";
        draft.side = 9;
        refusal([&] { roster::add_unit(f.battle(), *f.ruleset, draft); }, "side");
    }
    SECTION("added, reopened, removed, undone") {
        f.record(roster::add_unit(f.battle(), *f.ruleset, draft));
        REQUIRE(f.battle().units.size() == units + 1);
        CHECK(f.reopened().find_unit("Bengal Lancers"));
        const model::Unit* added = f.battle().find_unit("Bengal Lancers");
        REQUIRE(added);
        CHECK(added->side == 1);
        CHECK(added->figures == 8);
        const int id = added->id;
        // Grouped with its side: the unit before it is of side 1 too.
        for (std::size_t i = 1; i < f.battle().units.size(); ++i)
            if (f.battle().units[i].id == id) CHECK(f.battle().units[i - 1].side == 1);
        f.record(roster::remove_unit(f.battle(), id));
        CHECK_FALSE(f.battle().unit(id));
        CHECK_FALSE(f.reopened().unit(id));
        REQUIRE(f.file.undo());
        CHECK(f.battle().unit(id));
        REQUIRE(f.file.undo());
        CHECK(f.battle().units.size() == units);
    }
}

TEST_CASE("roster edit: a unit held in reserve and brought on, a spare unit added, undone across reopening") {
    Fixture f;
    const int gordons = f.id("Gordon Highlanders");
    f.record(roster::set_reserve(f.battle(), gordons, true));
    CHECK(f.battle().unit(gordons)->has(model::Flag::Reserve));
    CHECK_FALSE(f.reopened().unit(gordons)->on_table());
    CHECK_THAT(refusal([&] { roster::set_reserve(f.battle(), gordons, true); }, "reserve"),
               Catch::Contains("already held in reserve"));
    const auto arrives = roster::set_reserve(f.battle(), gordons, false);
    CHECK(arrives.outcome == "Gordon Highlanders arrives from reserve onto the table");
    f.record(arrives);
    CHECK(f.reopened().unit(gordons)->on_table());
    REQUIRE(f.file.undo());
    CHECK(f.reopened().unit(gordons)->has(model::Flag::Reserve));
    CHECK_THAT(refusal([&] { roster::set_reserve(f.battle(), gordons, true); }, "reserve"),
               Catch::Contains("already"));

    roster::NewUnit draft;
    draft.name = "Guides Infantry";
    draft.side = 1;
    draft.troop_type = "infantry";
    draft.quality = "elite";
    draft.weapon = "rifle";
    draft.figures = 12;
    draft.reserve = true;
    const auto added = roster::add_unit(f.battle(), *f.ruleset, draft);
    CHECK_THAT(added.outcome, Catch::EndsWith(", in reserve"));
    f.record(added);
    CHECK(f.reopened().find_unit("Guides Infantry")->has(model::Flag::Reserve));
}

TEST_CASE("roster edit: split a detachment and rejoin it") {
    Fixture f;
    const int gordons = f.id("Gordon Highlanders");
    const model::Unit before = *f.battle().unit(gordons);
    refusal([&] { roster::split_detachment(f.battle(), gordons, before.figures); }, "figures");
    refusal([&] { roster::split_detachment(f.battle(), gordons, 0); }, "figures");
    refusal([&] { roster::rejoin_detachment(f.battle(), gordons); }, "unit");

    f.record(roster::split_detachment(f.battle(), gordons, 3));
    const model::Unit* d = f.battle().find_unit("Gordon Highlanders detachment");
    REQUIRE(d);
    const int detachment = d->id;
    CHECK(d->figures == 3);
    CHECK(f.battle().unit(gordons)->figures == before.figures - 3);
    CHECK(f.reopened().unit(detachment)->counters.at("detachment-of") == gordons);

    f.record(roster::rejoin_detachment(f.battle(), detachment));
    CHECK_FALSE(f.battle().unit(detachment));
    CHECK(model::same_unit(*f.battle().unit(gordons), before));
    CHECK(model::same_unit(*f.reopened().unit(gordons), before));
    REQUIRE(f.file.undo());
    CHECK(f.battle().unit(detachment));
    REQUIRE(f.file.undo());
    CHECK_FALSE(f.battle().unit(detachment));
    CHECK(model::same_unit(*f.battle().unit(gordons), before));
}

TEST_CASE("roster edit: hits against a capacity are set by hand, a unit added gets its class's capacity") {
    Scratch scratch;
    auto ruleset = umpire::rulesets::make("square-hearts");
    model::Battle b = roster::load_roster_file(std::string(UMPIRE_SOURCE_DIR) + "/rosters/square-hearts-abu-klea.toml");
    rules::prepare_battle(*ruleset, b);
    store::BattleFile file = store::BattleFile::create(scratch.file("hits.umpire"), b);
    const int guards = file.battle().find_unit("Guards Camel")->id;
    auto r = roster::set_hits(file.battle(), guards, 2);
    CHECK(r.outcome == "Guards Camel Regiment: hits 0 -> 2 of 4");
    rules::ActionRequest request;
    request.action = r.action;
    file.record(request, r);
    CHECK(file.battle().unit(guards)->hits == 2);
    CHECK_THAT(refusal([&] { roster::set_hits(file.battle(), guards, 5); }, "hits"), Catch::Contains("from 0 to 4"));

    roster::NewUnit draft;
    draft.name = "Black Watch";
    draft.side = 1;
    draft.troop_type = "infantry";
    draft.quality = "militia";
    draft.weapon = "rifle";
    draft.figures = 4;
    auto added = roster::add_unit(file.battle(), *ruleset, draft);
    file.record(request, added);
    CHECK(file.battle().find_unit("Black Watch")->hit_capacity == 2);

    Fixture figures;  // a ruleset that counts figures
    CHECK_THAT(refusal([&] { roster::set_hits(figures.battle(), figures.id("Gordon Highlanders"), 1); }, "hits"),
               Catch::Contains("counts figures"));
}

TEST_CASE("roster edit: a unit hidden from the other side and revealed, journaled, undone, kept in the roster file") {
    Fixture f;
    const int gordons = f.id("Gordon Highlanders");
    const auto hide = roster::set_hidden(f.battle(), gordons, true);
    CHECK(hide.outcome == "Gordon Highlanders is hidden from the other side");
    f.record(hide);
    CHECK(f.reopened().unit(gordons)->has(model::Flag::Hidden));
    // Hidden is not off the table: the rules still see it.
    CHECK(f.battle().unit(gordons)->on_table());
    CHECK_THAT(refusal([&] { roster::set_hidden(f.battle(), gordons, true); }, "hidden"), Catch::Contains("already hidden"));
    // Written to a roster and read back, it stays hidden.
    const model::Battle again = roster::parse_roster(roster::write_roster(f.battle()), "written.toml");
    CHECK(again.find_unit("Gordon Highlanders")->has(model::Flag::Hidden));
    CHECK_FALSE(again.find_unit("2nd Sikhs")->has(model::Flag::Hidden));
    f.record(roster::set_hidden(f.battle(), gordons, false));
    CHECK_FALSE(f.reopened().unit(gordons)->has(model::Flag::Hidden));
    REQUIRE(f.file.undo());
    CHECK(f.reopened().unit(gordons)->has(model::Flag::Hidden));
    CHECK_THAT(refusal([&] { roster::set_hidden(f.battle(), f.id("2nd Sikhs"), false); }, "hidden"),
               Catch::Contains("is not hidden"));
}
