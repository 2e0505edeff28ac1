// Text-valued effects (names, quality, traits, the battle's texts) and the schema 1 -> 2
// migration that added the battle's texts.
#include "store/battle_file.h"

#include "battle_diff.h"
#include "rules/resolution_json.h"
#include "store_support.h"

#include <SQLiteCpp/Database.h>
#include <catch2/catch.hpp>

#include <algorithm>
#include <stdexcept>

using namespace umpire;
using namespace umpire::testing;
using model::Entity;
using model::text_effect;
using store::BattleFile;

namespace {

std::vector<model::Effect> renaming_effects() {
    return {text_effect(Entity::Unit, 1, "name", "2nd Sikhs", "2nd Sikh Infantry", "renamed"),
            text_effect(Entity::Unit, 1, "quality", "average", "elite", "upgraded"),
            text_effect(Entity::Unit, 1, "trait:veteran-nco", std::nullopt, "yes", "trait added"),
            text_effect(Entity::Commander, 3, "name", "Mullah Sayid Akbar", "Sayid Akbar", "renamed"),
            text_effect(Entity::Side, 2, "name", "Pathan Lashkar", "Afridi Lashkar", "renamed"),
            text_effect(Entity::Battle, 0, "text:turn", std::nullopt, R"({"phase":"cards"})", "turn"),
            unit_effect(1, "commander", 2, 1, "reassigned")};
}

} // namespace

TEST_CASE("text effects change names, quality, traits and texts, and revert exactly") {
    model::Battle battle = sample_battle();
    const model::Battle start = battle;
    REQUIRE(battle.unit(1)->quality == "average");
    battle.apply(renaming_effects());
    CHECK(battle.unit(1)->name == "2nd Sikh Infantry");
    CHECK(battle.unit(1)->quality == "elite");
    CHECK(battle.unit(1)->traits.at("veteran-nco") == "yes");
    CHECK(battle.unit(1)->commander == 1);
    CHECK(battle.commander(3)->name == "Sayid Akbar");
    CHECK(battle.side(2)->name == "Afridi Lashkar");
    CHECK(battle.texts.at("turn") == R"({"phase":"cards"})");
    battle.revert(renaming_effects());
    CHECK(battle_diff(battle, start) == "");
}

TEST_CASE("a text effect whose before does not match is refused and changes nothing") {
    model::Battle battle = sample_battle();
    const model::Battle start = battle;
    std::vector<model::Effect> effects = {
        text_effect(Entity::Unit, 1, "weapon", "rifle", "musket", "first, fine"),
        text_effect(Entity::Unit, 1, "name", "Somebody Else", "X", "stale")};
    try {
        battle.apply(effects);
        FAIL("a stale text effect was applied");
    } catch (const std::logic_error& e) {
        CHECK_THAT(e.what(), Catch::Contains("\"Somebody Else\"") && Catch::Contains("\"2nd Sikhs\""));
    }
    CHECK(battle_diff(battle, start) == "");
    // A name can be changed but never removed, and a unit's commander must exist.
    CHECK_THROWS(battle.apply({text_effect(Entity::Unit, 1, "name", "2nd Sikhs", std::nullopt, "")}));
    CHECK_THROWS(battle.apply({unit_effect(1, "commander", 2, 99)}));
    CHECK(battle_diff(battle, start) == "");
}

TEST_CASE("text effects survive the journal's JSON, recording, undo and reopening") {
    TempDir dir;
    const std::string path = dir.file("texts.umpire");
    auto effects = renaming_effects();
    auto round_trip = rules::effects_from_json(rules::to_json(effects));
    REQUIRE(round_trip.size() == effects.size());
    for (std::size_t i = 0; i < effects.size(); ++i) {
        CHECK(round_trip[i].text_before == effects[i].text_before);
        CHECK(round_trip[i].text_after == effects[i].text_after);
    }
    model::Battle expected = sample_battle();
    expected.apply(effects);
    {
        BattleFile file = BattleFile::create(path, sample_battle());
        file.record({"edit-roster", 1, std::nullopt, {}, {}},
                    resolution_with("edit-roster", "renamed", effects));
    }
    {
        BattleFile file = BattleFile::open(path);
        CHECK(battle_diff(file.battle(), expected) == "");
        REQUIRE(file.undo());
    }
    CHECK(battle_diff(BattleFile::open(path).battle(), BattleFile::open(path).battle()) == "");
    model::Battle reopened = BattleFile::open(path).battle();
    model::Battle start = sample_battle();
    CHECK(battle_diff(reopened, start) == "");
}

TEST_CASE("a schema 1 file is migrated on open and keeps its battle and journal") {
    TempDir dir;
    const std::string path = dir.file("old.umpire");
    {
        BattleFile file = BattleFile::create(path, sample_battle());
        file.record({"shoot", 1, 3, {}, {}},
                    resolution_with("shoot", "2 hits", {unit_effect(3, "figures", 12, 10)}));
    }
    // What schema 1 looked like: no texts table, no checksums, user_version 1.
    {
        SQLite::Database db(path, SQLite::OPEN_READWRITE);
        db.exec("DROP TABLE texts");
        db.exec("DROP TABLE origin");
        db.exec("DROP INDEX journal_by_reference");
        db.exec("DROP INDEX journal_raising");
        db.exec("DROP INDEX journal_by_action");
        for (const char* column : {"checksum", "units", "follow_ups", "answers", "head", "umpire"})
            db.exec(std::string("ALTER TABLE journal DROP COLUMN ") + column);
        db.exec("DELETE FROM meta WHERE key IN ('battle_uid', 'origin', 'origin_checksum', 'journal_head',"
                " 'journal_last', 'state_checksum')");
        db.exec("PRAGMA user_version = 1");
    }
    {
        BattleFile file = BattleFile::open(path);
        CHECK(file.battle().unit(3)->figures == 10);
        CHECK(file.journal().size() == 1);
        CHECK(file.battle().texts.empty());
        file.record({"turn", std::nullopt, std::nullopt, {}, {}},
                    resolution_with("turn", "turn state",
                                    {text_effect(Entity::Battle, 0, "text:turn", std::nullopt, "{}", "")}));
    }
    SQLite::Database db(path, SQLite::OPEN_READONLY);
    CHECK(db.execAndGet("PRAGMA user_version").getInt() == store::kSchemaVersion);
    CHECK(BattleFile::open(path).battle().texts.at("turn") == "{}");
}

namespace {

// A turn state as the engine writes it: a deck of cards, the discards, the wind.
std::string deck_text(int drawn, int cards) {
    std::string deck, discards;
    for (int i = drawn; i < cards; ++i)
        deck += std::string(deck.empty() ? "" : ",") + R"({"commander":)" + std::to_string(i) + R"(,"kind":"commander","side":1})";
    for (int i = 0; i < drawn; ++i)
        discards += std::string(discards.empty() ? "" : ",") + R"({"commander":)" + std::to_string(i) + R"(,"kind":"commander","side":1})";
    return R"({"active_commander":)" + std::to_string(drawn) + R"(,"deck":[)" + deck + R"(],"discards":[)" + discards +
           R"(],"phase":2,"wind_history":[]})";
}

} // namespace

TEST_CASE("a long text's change is kept as a patch: what changed, with both ends checked whole") {
    const std::string before = deck_text(3, 200), after = deck_text(4, 200);
    const model::TextPatch patch = model::make_text_patch(before, after);
    CHECK(patch.edits.size() <= 4);
    std::size_t carried = 0;
    for (const auto& e : patch.edits) carried += e.cut.size() + e.put.size();
    CHECK(carried < 120);  // a card moved from the deck to the discards, not the decks between
    CHECK(model::patch_forward(before, patch) == after);
    CHECK(model::patch_backward(after, patch) == before);
    // The text it meets must be the one it was made from: a card drawn twice is refused.
    CHECK_FALSE(model::patch_forward(after, patch));
    CHECK_FALSE(model::patch_backward(before, patch));
    std::string changed_elsewhere = before;
    changed_elsewhere.replace(changed_elsewhere.find(R"("phase":2)"), 9, R"("phase":3)");
    CHECK_FALSE(model::patch_forward(changed_elsewhere, patch));
    // Texts that change everywhere (a reshuffled deck) still make a patch that works.
    std::string shuffled = deck_text(0, 200);
    std::reverse(shuffled.begin(), shuffled.end());
    const model::TextPatch big = model::make_text_patch(before, shuffled);
    CHECK(model::patch_forward(before, big) == shuffled);
    CHECK(model::patch_backward(shuffled, big) == before);
    CHECK(model::patch_forward("", model::make_text_patch("", "x")) == "x");
}

TEST_CASE("a turn step's text effect goes into the journal as a patch and plays back and forth exactly") {
    TempDir dir;
    const std::string path = dir.file("turn.umpire");
    const std::string first = deck_text(0, 200), second = deck_text(1, 200);
    model::Battle start = sample_battle();
    start.texts["turn"] = first;
    const model::Effect draw = text_effect(Entity::Battle, 0, "text:turn", first, second, "a card drawn");
    const nlohmann::json stored = rules::to_json(draw);
    CHECK(stored.contains("text_patch"));
    CHECK_FALSE(stored.contains("text_after"));
    CHECK(stored.dump().size() < 400);  // not the 2 x 7 KB of both texts
    {
        BattleFile file = BattleFile::create(path, start);
        file.record({"turn-draw", std::nullopt, std::nullopt, {}, {}}, resolution_with("turn-draw", "drawn", {draw}));
        CHECK(file.battle().texts.at("turn") == second);
    }
    BattleFile file = BattleFile::open(path);
    CHECK(file.battle().texts.at("turn") == second);
    REQUIRE(file.journal().at(0).effects.at(0).text_patch);
    // A stale patch is refused like any stale effect, and changes nothing.
    model::Battle now = file.battle();
    CHECK_THROWS_WITH(now.apply(file.journal().at(0).effects),
                      Catch::Contains("text:turn") && Catch::Contains("not the text this change was made from"));
    CHECK(now.texts.at("turn") == second);
    REQUIRE(file.undo());
    CHECK(file.battle().texts.at("turn") == first);
    REQUIRE(file.redo());
    CHECK(file.battle().texts.at("turn") == second);
    CHECK(BattleFile::open(path).battle().texts.at("turn") == second);
}
