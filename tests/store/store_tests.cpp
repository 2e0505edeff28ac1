// The battle file: state round trips, the journal, undo/redo across reopening, refusals.
#include "store/battle_file.h"

#include "battle_diff.h"
#include "rules/resolution_json.h"
#include "store_support.h"

#include <SQLiteCpp/Database.h>
#include <catch2/catch.hpp>

using namespace umpire;
using namespace umpire::testing;
using store::BattleFile;
using store::EntryKind;
using store::StoreError;

namespace {

bool same_effects(const std::vector<model::Effect>& a, const std::vector<model::Effect>& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (a[i].entity != b[i].entity || a[i].id != b[i].id || a[i].field != b[i].field ||
            a[i].before != b[i].before || a[i].after != b[i].after || a[i].reason != b[i].reason)
            return false;
    return true;
}

struct Recorded {
    rules::ActionRequest request;
    rules::Resolution resolution;
};

// Three actions touching every kind of field an effect can change.
std::vector<Recorded> three_actions() {
    std::vector<Recorded> out;
    rules::ActionRequest shoot{"shoot", 2, 3, {{"figures", "16"}, {"range", "12\""}, {"modifiers", "cover"}}, {}};
    out.push_back({shoot, resolution_with("shoot", "3 hits on Ghazis",
                                          {unit_effect(3, "figures", 12, 9, "3 hits from shooting"),
                                           unit_effect(3, "flag:shaken", 0, 1),
                                           unit_effect(2, "flag:fired", 1, 0),
                                           unit_effect(2, "flag:pinned", 0, 1)},
                                          {6, 5, 5, 2, 1, 4})});
    rules::ActionRequest melee{"melee", 3, 1, {}, {}};
    out.push_back({melee, resolution_with("melee", "Ghazis win; Colonel Ames wounded",
                                          {unit_effect(1, "figures", 14, 10),
                                           unit_effect(1, "formed", 1, 0),
                                           unit_effect(1, "counter:work-points", 0, 3),
                                           unit_effect(3, "counter:charges", 2, 0),
                                           unit_effect(4, "hits", 1, 4),
                                           commander_effect(2, "status", 0, 1),
                                           commander_effect(2, "attached-unit", 2, -1),
                                           commander_effect(1, "attached-unit", -1, 2)},
                                          {3, 3})});
    rules::ActionRequest end{"end-turn", std::nullopt, std::nullopt, {}, {}};
    out.push_back({end, resolution_with("end-turn", "Turn 4", {turn_effect(3, 4)})});
    return out;
}

} // namespace

TEST_CASE("a created battle reopens identical") {
    TempDir dir;
    std::string path = dir.file("battle.umpire");
    model::Battle b = sample_battle();
    {
        BattleFile f = BattleFile::create(path, b);
        CHECK(battle_diff(f.battle(), b) == "");
        CHECK(f.path() == path);
        CHECK(f.journal().empty());
    }
    BattleFile f = BattleFile::open(path);
    CHECK(battle_diff(f.battle(), b) == "");
    // The maps come back exactly as given, explicit false flags and 0 counters included.
    for (std::size_t i = 0; i < b.units.size(); ++i) {
        CHECK(f.battle().units[i].flags == b.units[i].flags);
        CHECK(f.battle().units[i].counters == b.units[i].counters);
    }
    CHECK(f.battle().distance_scale == b.distance_scale);  // bit for bit, 1.1 included
    // One file, nothing left beside it.
    CHECK(snapshot(dir.path()).size() == 1);
}

TEST_CASE("recorded actions change the state and survive reopening") {
    TempDir dir;
    std::string path = dir.file("battle.umpire");
    model::Battle expected = sample_battle();
    auto actions = three_actions();
    std::vector<std::int64_t> ids;
    {
        BattleFile f = BattleFile::create(path, expected);
        for (const auto& a : actions) {
            ids.push_back(f.record(a.request, a.resolution));
            expected.apply(a.resolution.effects);
            CHECK(battle_diff(f.battle(), expected) == "");
        }
    }
    CHECK(ids[0] < ids[1]);
    CHECK(ids[1] < ids[2]);

    BattleFile f = BattleFile::open(path);
    CHECK(battle_diff(f.battle(), expected) == "");
    CHECK(f.battle().turn == 4);
    CHECK(f.battle().commander(2)->status == model::CommanderStatus::Wounded);
    CHECK_FALSE(f.battle().commander(2)->attached_unit);
    CHECK(f.battle().unit(3)->counters.count("charges") == 0);  // 0 erases, as in the model
    CHECK(f.battle().unit(1)->counters.at("work-points") == 3);
    CHECK(battle_diff(replay(sample_battle(), f.journal()), f.battle()) == "");
}

TEST_CASE("the journal keeps dice, request, resolution and effects, the effects once") {
    TempDir dir;
    std::string path = dir.file("battle.umpire");
    auto actions = three_actions();
    {
        BattleFile f = BattleFile::create(path, sample_battle());
        for (const auto& a : actions) f.record(a.request, a.resolution);
    }
    BattleFile f = BattleFile::open(path);
    auto journal = f.journal();
    REQUIRE(journal.size() == 3);
    for (std::size_t i = 0; i < journal.size(); ++i) {
        const auto& e = journal[i];
        const auto& a = actions[i];
        INFO("entry " << i);
        CHECK(e.kind == EntryKind::Action);
        CHECK(e.action == a.resolution.action);
        CHECK(e.summary == a.resolution.outcome);
        CHECK(e.unit == a.request.unit);
        CHECK(e.target == a.request.target);
        CHECK(e.dice == a.resolution.all_dice());
        CHECK(e.request == rules::to_json(a.request));
        CHECK(rules::request_from_json(e.request).values == a.request.values);
        // The resolution as written, but for its effects: they are kept once, as the entry's.
        nlohmann::json written = rules::to_json(a.resolution);
        written.erase("effects");
        CHECK(e.resolution == written);
        CHECK(same_effects(e.effects, a.resolution.effects));
        CHECK_FALSE(e.refers_to);
        CHECK_FALSE(e.undone);
        CHECK(e.created_at.size() == 20);  // 2024-05-01T12:00:00Z
        CHECK(e.created_at.back() == 'Z');
    }
    CHECK(journal[0].turn == 3);
    CHECK(journal[0].dice == std::vector<int>{6, 5, 5, 2, 1, 4});
    CHECK(journal[2].turn == 3);  // the turn it happened in, not the one it started
    CHECK(journal[2].dice.empty());
}

TEST_CASE("undo and redo survive closing and reopening") {
    TempDir dir;
    std::string path = dir.file("battle.umpire");
    auto actions = three_actions();
    model::Battle after_two = sample_battle();
    after_two.apply(actions[0].resolution.effects);
    after_two.apply(actions[1].resolution.effects);
    model::Battle after_three = after_two;
    after_three.apply(actions[2].resolution.effects);
    std::int64_t third = 0;
    {
        BattleFile f = BattleFile::create(path, sample_battle());
        for (const auto& a : actions) third = f.record(a.request, a.resolution);
        CHECK(f.can_undo());
        CHECK_FALSE(f.can_redo());
        auto undo = f.undo();
        REQUIRE(undo);
        CHECK(undo->kind == EntryKind::Undo);
        CHECK(undo->refers_to == third);
        CHECK(undo->action == "end-turn");
        CHECK(undo->summary == "Undo: Turn 4");
        CHECK(battle_diff(f.battle(), after_two) == "");
    }
    {
        BattleFile f = BattleFile::open(path);
        CHECK(battle_diff(f.battle(), after_two) == "");
        CHECK(f.can_redo());
        auto journal = f.journal();
        REQUIRE(journal.size() == 4);
        CHECK(journal[2].undone);
        CHECK_FALSE(journal[1].undone);
        CHECK(journal[3].kind == EntryKind::Undo);
        CHECK(journal[3].refers_to == third);
        CHECK_FALSE(journal[3].undone);

        auto redo = f.redo();
        REQUIRE(redo);
        CHECK(redo->kind == EntryKind::Redo);
        CHECK(redo->refers_to == third);
        CHECK(battle_diff(f.battle(), after_three) == "");
        CHECK_FALSE(f.can_redo());
        CHECK_FALSE(f.redo());
    }
    BattleFile f = BattleFile::open(path);
    CHECK(battle_diff(f.battle(), after_three) == "");
    CHECK_FALSE(f.can_redo());
    auto journal = f.journal();
    REQUIRE(journal.size() == 5);
    CHECK_FALSE(journal[2].undone);
    CHECK(battle_diff(replay(sample_battle(), journal), f.battle()) == "");
}

TEST_CASE("undo walks back through every action, redo forward again") {
    TempDir dir;
    std::string path = dir.file("battle.umpire");
    auto actions = three_actions();
    std::vector<model::Battle> states{sample_battle()};
    BattleFile f = BattleFile::create(path, states[0]);
    for (const auto& a : actions) {
        f.record(a.request, a.resolution);
        states.push_back(f.battle());
    }
    for (int i = 2; i >= 0; --i) {
        REQUIRE(f.undo());
        CHECK(battle_diff(f.battle(), states[static_cast<std::size_t>(i)]) == "");
    }
    CHECK_FALSE(f.can_undo());
    CHECK_FALSE(f.undo());
    {
        BattleFile reopened = BattleFile::open(path);
        CHECK(battle_diff(reopened.battle(), states[0]) == "");
        CHECK_FALSE(reopened.can_undo());
        CHECK(reopened.can_redo());
    }
    f = BattleFile::open(path);
    for (std::size_t i = 1; i <= 3; ++i) {
        REQUIRE(f.redo());
        CHECK(battle_diff(f.battle(), states[i]) == "");
    }
    CHECK_FALSE(f.redo());
    CHECK(battle_diff(replay(states[0], f.journal()), f.battle()) == "");
}

TEST_CASE("a new action after undo clears redo") {
    TempDir dir;
    std::string path = dir.file("battle.umpire");
    auto actions = three_actions();
    std::int64_t first = 0;
    {
        BattleFile f = BattleFile::create(path, sample_battle());
        first = f.record(actions[0].request, actions[0].resolution);
        std::int64_t second = f.record(actions[1].request, actions[1].resolution);
        REQUIRE(f.undo());  // undoes `second`
        CHECK(f.can_redo());
        f.record(actions[2].request, actions[2].resolution);
        CHECK_FALSE(f.can_redo());
        CHECK_FALSE(f.redo());
        auto journal = f.journal();
        CHECK(journal[1].id == second);
        CHECK(journal[1].undone);  // stays undone: it can no longer be redone
    }
    BattleFile f = BattleFile::open(path);
    CHECK_FALSE(f.can_redo());
    // Undo now reverts the new action, then skips the undone one and reverts the first.
    REQUIRE(f.undo()->action == "end-turn");
    auto undo = f.undo();
    REQUIRE(undo);
    CHECK(undo->refers_to == first);
    CHECK(battle_diff(f.battle(), sample_battle()) == "");
    CHECK_FALSE(f.undo());
}

TEST_CASE("undo and redo with nothing to undo or redo") {
    TempDir dir;
    std::string path = dir.file("battle.umpire");
    BattleFile f = BattleFile::create(path, sample_battle());
    CHECK_FALSE(f.can_undo());
    CHECK_FALSE(f.can_redo());
    auto before = read_bytes(path);
    CHECK_FALSE(f.undo());
    CHECK_FALSE(f.redo());
    CHECK(f.journal().empty());
    CHECK(read_bytes(path) == before);
}

TEST_CASE("stale effects are refused and change nothing") {
    TempDir dir;
    std::string path = dir.file("battle.umpire");
    BattleFile f = BattleFile::create(path, sample_battle());
    auto actions = three_actions();
    f.record(actions[0].request, actions[0].resolution);
    auto files = snapshot(dir.path());
    model::Battle state = f.battle();

    // Replaying the same resolution: Ghazis have 9 figures now, not 12.
    CHECK_THROWS_WITH(f.record(actions[0].request, actions[0].resolution),
                      Catch::Contains("does not match") && Catch::Contains("unit 3 figures"));
    // A list whose first effect is fine but the last is stale: all or nothing.
    auto partly = resolution_with("shoot", "partly stale",
                                  {unit_effect(1, "figures", 14, 13), unit_effect(2, "hits", 5, 6)});
    CHECK_THROWS_AS(f.record(actions[0].request, partly), StoreError);
    // Effects on things that do not exist.
    CHECK_THROWS_AS(f.record({}, resolution_with("x", "ghost", {unit_effect(99, "figures", 1, 0)})),
                    StoreError);
    CHECK_THROWS_AS(f.record({}, resolution_with("x", "bad", {unit_effect(1, "colour", 1, 0)})),
                    StoreError);

    CHECK(battle_diff(f.battle(), state) == "");
    CHECK(f.journal().size() == 1);
    CHECK(snapshot(dir.path()) == files);
    BattleFile reopened = BattleFile::open(path);
    CHECK(battle_diff(reopened.battle(), state) == "");
}

TEST_CASE("create refuses to overwrite") {
    TempDir dir;
    std::string path = dir.file("battle.umpire");
    write_bytes(path, "precious notes");
    CHECK_THROWS_WITH(BattleFile::create(path, sample_battle()), Catch::Contains("already exists"));
    CHECK(read_bytes(path) == "precious notes");
    CHECK(snapshot(dir.path()).size() == 1);

    BattleFile::create(dir.file("real.umpire"), sample_battle());
    auto files = snapshot(dir.path());
    CHECK_THROWS_AS(BattleFile::create(dir.file("real.umpire"), sample_battle()), StoreError);
    CHECK(snapshot(dir.path()) == files);
}

TEST_CASE("create refuses an inconsistent battle and leaves no file") {
    TempDir dir;
    model::Battle b = sample_battle();
    b.units[0].side = 7;  // no such side
    CHECK_THROWS_AS(BattleFile::create(dir.file("bad.umpire"), b), StoreError);
    b = sample_battle();
    b.units[1].id = b.units[0].id;  // duplicate id
    CHECK_THROWS_AS(BattleFile::create(dir.file("bad.umpire"), b), StoreError);
    CHECK(snapshot(dir.path()).empty());
}

TEST_CASE("a second window on the same file cannot write over the first's changes") {
    TempDir dir;
    std::string path = dir.file("battle.umpire");
    BattleFile::create(path, sample_battle());
    BattleFile first = BattleFile::open(path);
    BattleFile second = BattleFile::open(path);
    auto actions = three_actions();
    first.record(actions[0].request, actions[0].resolution);

    // `second` still believes Ghazis have 12 figures; its effects check out against its copy.
    auto files = snapshot(dir.path());
    CHECK_THROWS_WITH(second.record(actions[0].request, actions[0].resolution),
                      Catch::Contains("changed by another program"));
    CHECK_FALSE(second.undo());  // in its stale view there is nothing to undo
    CHECK(snapshot(dir.path()) == files);
    CHECK(battle_diff(BattleFile::open(path).battle(), first.battle()) == "");
}

TEST_CASE("a preview that was never rolled cannot be recorded") {
    TempDir dir;
    auto file = BattleFile::create(dir.file("preview.umpire"), sample_battle());
    auto r = resolution_with("shoot", "a preview", {});
    r.rolled = false;
    rules::ActionRequest request;
    request.action = "shoot";
    CHECK_THROWS_AS(file.record(request, r), StoreError);
    CHECK(file.journal().empty());
}

TEST_CASE("side and battle counters are kept, undone and redone") {
    TempDir dir;
    const std::string path = dir.file("counters.umpire");
    auto start = sample_battle();
    start.sides[0].counters["army-morale"] = 6;
    {
        auto file = BattleFile::create(path, start);
        rules::ActionRequest request;
        request.action = "rout";
        file.record(request, resolution_with("rout", "army morale falls", {
            {model::Entity::Side, 1, "counter:army-morale", 6, 5, "a unit routed"},
            {model::Entity::Battle, 0, "counter:wind", 0, 3, "the wind rises"}}));
    }
    {
        auto file = BattleFile::open(path);
        CHECK(file.battle().sides[0].counters.at("army-morale") == 5);
        CHECK(file.battle().counters.at("wind") == 3);
        REQUIRE(file.undo());
    }
    auto reopened = BattleFile::open(path);
    CHECK(reopened.battle().sides[0].counters.at("army-morale") == 6);
    CHECK(reopened.battle().counters.count("wind") == 0);
}

namespace {

// battle.umpire in `dir`, the three actions recorded.
std::string battle_with_three_actions(TempDir& dir) {
    const std::string path = dir.file("battle.umpire");
    BattleFile f = BattleFile::create(path, sample_battle());
    for (const auto& a : three_actions()) f.record(a.request, a.resolution);
    return path;
}

} // namespace

TEST_CASE("a new battle file has 8 KB pages and no index of the journal by kind, and undo and redo find their targets") {
    TempDir dir;
    const std::string path = battle_with_three_actions(dir);
    {
        SQLite::Database db(path, SQLite::OPEN_READONLY);
        CHECK(db.execAndGet("PRAGMA page_size").getInt() == 8192);
        CHECK(db.execAndGet("SELECT count(*) FROM sqlite_schema WHERE name = 'journal_by_kind'").getInt() == 0);
        CHECK(db.execAndGet("SELECT count(*) FROM sqlite_schema WHERE name = 'journal_by_reference'").getInt() == 1);
    }
    BattleFile f = BattleFile::open(path);
    // Undo the last two, redo one: each finds its target without the index.
    REQUIRE(f.undo());
    auto second = f.undo();
    REQUIRE(second);
    CHECK(second->action == "melee");
    auto redo = f.redo();
    REQUIRE(redo);
    CHECK(redo->action == "melee");
    CHECK(f.can_redo());
    CHECK(f.can_undo());
}

TEST_CASE("a battle file made with 4 KB pages and the index by kind keeps them, and undo and redo work in it") {
    TempDir dir;
    const std::string path = battle_with_three_actions(dir);
    {
        // As earlier versions made them: 4 KB pages (VACUUM with the page size asked for) and
        // the journal indexed by kind.
        SQLite::Database db(path, SQLite::OPEN_READWRITE);
        db.exec("PRAGMA page_size = 4096");
        db.exec("VACUUM");
        db.exec("CREATE INDEX journal_by_kind ON journal(kind, id)");
        REQUIRE(db.execAndGet("PRAGMA page_size").getInt() == 4096);
    }
    {
        BattleFile f = BattleFile::open(path);
        auto undo = f.undo();
        REQUIRE(undo);
        CHECK(undo->action == "end-turn");
        REQUIRE(f.redo());
        REQUIRE(f.undo());
    }
    SQLite::Database db(path, SQLite::OPEN_READONLY);
    CHECK(db.execAndGet("PRAGMA page_size").getInt() == 4096);
    CHECK(db.execAndGet("SELECT count(*) FROM sqlite_schema WHERE name = 'journal_by_kind'").getInt() == 1);
    CHECK(db.execAndGet("SELECT count(*) FROM journal").getInt() == 6);
}

TEST_CASE("store: opening tells the battle's ruleset and house rules once, before the rest of the state is read") {
    TempDir dir;
    const std::string path = dir.file("b.umpire");
    model::Battle battle = sample_battle();
    battle.house_rules = "[morale]\nrally_target = 5\n";
    { BattleFile::create(path, battle); }
    std::vector<std::pair<std::string, std::string>> told;
    std::size_t units_when_told = 99;
    store::OpenOptions options;
    BattleFile* opened = nullptr;
    options.ruleset_read = [&](const std::string& ruleset, const std::string& house_rules) {
        told.emplace_back(ruleset, house_rules);
        units_when_told = opened ? opened->battle().units.size() : 0;  // nothing loaded yet
    };
    BattleFile f = BattleFile::open(path, options);
    opened = &f;
    REQUIRE(told.size() == 1);
    CHECK(told[0].first == battle.ruleset);
    CHECK(told[0].second == battle.house_rules);
    CHECK(units_when_told == 0);
    // A write, and the reload that follows another program's, read the state again: not told again.
    f.record({"casualties", 2, std::nullopt, {}, {}},
             resolution_with("casualties", "1 hit", {unit_effect(2, "figures", f.battle().unit(2)->figures,
                                                                 f.battle().unit(2)->figures - 1)}, {6}));
    { BattleFile other = BattleFile::open(path); other.undo(); }
    f.reload();
    CHECK(told.size() == 1);
}
