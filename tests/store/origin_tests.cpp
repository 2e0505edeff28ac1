// The battle's origin (its starting state, kept as JSON for check and recovery) is written as text
// directly rather than through a JSON DOM. These pin that text to what the DOM wrote before: the
// same bytes for a file written by the older build, nlohmann's own canonical form for every
// battle, and every field read back as it was written.
#include "store/origin.h"

#include "store_support.h"

#include <SQLiteCpp/Database.h>
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

using namespace umpire;
using namespace umpire::testing;
using nlohmann::json;
using store::detail::battle_from_json;
using store::detail::origin_text;

namespace {

// Every flag held (some false), every kind of escape a name can need, a side with counters.
model::Battle awkward_battle() {
    model::Battle b = sample_battle();
    b.counters = {{"wind", 3}, {"card-phase", -1}};
    b.sides[0].counters = {{"morale", 12}};
    b.units[0].name = "tab\there, bell\x07, escape\x1b, back\\slash, del\x7f, \"quoted\", nl\n, cr\r, ff\f, bs\b";
    for (const auto flag : model::kAllFlags) b.units[1].flags[flag] = flag != model::Flag::Routed;
    b.units[2].traits["note"] = "Ünïcödé and 漢字";
    b.commanders[1].attached_unit = 1;
    b.commanders[2].status = model::CommanderStatus::Killed;
    return b;
}

} // namespace

TEST_CASE("The origin is the text nlohmann's dump writes of the same document, and reads back whole") {
    model::Battle battle = awkward_battle();
    const double scale = GENERATE(1.1, 1.0, 2.5e-7, 1e21, 0.0);
    battle.distance_scale = scale;
    const std::string text = origin_text(battle);
    const json parsed = json::parse(text);
    CHECK(parsed.dump() == text);
    CHECK(origin_text(battle_from_json(parsed)) == text);

    CHECK(parsed["distance_scale"].get<double>() == scale);
    CHECK(parsed["counters"]["card-phase"] == -1);
    CHECK(parsed["sides"][0]["counters"]["morale"] == 12);
    CHECK(parsed["units"][0]["name"] == battle.units[0].name);
    CHECK(parsed["units"][1]["flags"].size() == std::size(model::kAllFlags));
    CHECK(parsed["units"][1]["flags"]["routed"] == false);
    CHECK(parsed["units"][1]["flags"]["needs-rally"] == true);
    CHECK(parsed["units"][2]["traits"]["note"] == "Ünïcödé and 漢字");
    CHECK(parsed["units"][3]["commander"].is_null());
    CHECK(parsed["units"][3]["hits"] == 1);
    CHECK(parsed["units"][3]["hit_capacity"] == 6);
    CHECK(parsed["commanders"][1]["attached_unit"] == 1);
    CHECK(parsed["commanders"][2]["status"] == "killed");
}

TEST_CASE("A file's origin written by the older build is written again byte for byte") {
    // The schema 5 fixture's origin was written by building nlohmann's DOM and dumping it.
    SQLite::Database db(UMPIRE_SOURCE_DIR "/tests/store/fixtures/schema5-kotal-pass.umpire", SQLite::OPEN_READONLY);
    const std::string stored = db.execAndGet("SELECT value FROM meta WHERE key = 'origin'").getString();
    REQUIRE(stored.size() > 1000);
    CHECK(origin_text(battle_from_json(json::parse(stored))) == stored);
}

TEST_CASE("A name that is not UTF-8 is refused in the origin as it was before") {
    model::Battle battle = sample_battle();
    battle.units[0].name = "bad \xC3\x28 byte";
    CHECK_THROWS_AS(origin_text(battle), json::type_error);
}
