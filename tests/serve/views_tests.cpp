// What each page shows, read as the JSON the server hands out: a hidden unit and everything
// about it stay off the other side's page.
#include "serve/follower.h"
#include "serve/pages.h"
#include "serve/visibility.h"

#include "roster/edit.h"
#include "roster/roster.h"

#include "serve_fixture.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

using namespace umpire;
using nlohmann::json;

namespace {

std::int64_t record(store::BattleFile& file, const rules::Resolution& r) {
    rules::ActionRequest request;
    request.action = r.action;
    request.unit = r.unit;
    return file.record(request, r);
}

// The whole answer a page would get after never having seen anything.
std::string page_of(const serve::Pages& pages, int viewer) {
    auto reply = pages.changes_since(viewer, -1, std::chrono::milliseconds(0));
    REQUIRE(reply);
    return *reply;
}

int side_named(const model::Battle& battle, const std::string& name) {
    for (const auto& s : battle.sides)
        if (s.name == name) return s.id;
    throw std::runtime_error("no side " + name);
}

} // namespace

TEST_CASE("serve views: each side sees its own units and the enemy's, turn, results and the umpire the journal") {
    test::ServedBattle b;
    {
        auto file = store::BattleFile::open(b.path);
        record(file, roster::set_figures(file.battle(), b.unit(file, "Ghazis"), 9));
    }
    serve::Pages pages;
    serve::Follower follower(b.path, pages);
    const model::Battle& battle = follower.file().battle();
    const int british = side_named(battle, "Frontier Field Force");

    const json mine = json::parse(page_of(pages, british));
    CHECK(mine["entry"] == 1);
    CHECK(mine["page"]["viewer"]["side"] == "Frontier Field Force");
    CHECK(mine["page"]["battle"]["name"] == "Action at the Kotal Pass");
    CHECK(mine["page"]["status"].contains("next"));
    REQUIRE(mine["page"]["sides"].size() == 2);
    const json& own = mine["page"]["sides"][0];
    CHECK(own["own"] == true);
    CHECK(own["units"][0]["name"] == "Gordon Highlanders");
    const json& enemy = mine["page"]["sides"][1];
    CHECK(enemy["own"] == false);
    bool ghazis = false;
    for (const json& u : enemy["units"])
        if (u["name"] == "Ghazis") {
            ghazis = true;
            CHECK(u["figures"] == 9);
        }
    CHECK(ghazis);
    CHECK_FALSE(mine["page"].contains("journal"));
    // A change to the enemy's unit is not a result that concerns this side.
    CHECK(mine["page"]["results"].empty());

    const json theirs = json::parse(page_of(pages, side_named(battle, "Pathan Lashkar")));
    REQUIRE(theirs["page"]["results"].size() == 1);
    CHECK(theirs["page"]["results"][0]["summary"].get<std::string>().find("Ghazis") != std::string::npos);

    const json umpire = json::parse(page_of(pages, serve::kUmpire));
    CHECK(umpire["page"]["viewer"]["umpire"] == true);
    REQUIRE(umpire["page"]["journal"].size() == 1);
    CHECK(umpire["page"]["journal"][0]["id"] == 1);
}

TEST_CASE("serve views: a hidden unit, its entries and its name never reach the other side, raw JSON read") {
    test::ServedBattle b;
    int marksmen = 0;
    {
        auto file = store::BattleFile::open(b.path);
        marksmen = b.unit(file, "Afridi Marksmen");
        record(file, roster::set_hidden(file.battle(), marksmen, true));
        record(file, roster::set_figures(file.battle(), marksmen, 7));
        record(file, roster::rename_unit(file.battle(), b.unit(file, "Ghazis"), "Ghazis of the hills"));
    }
    serve::Pages pages;
    serve::Follower follower(b.path, pages);
    const model::Battle& battle = follower.file().battle();
    const int british = side_named(battle, "Frontier Field Force");
    const int pathans = side_named(battle, "Pathan Lashkar");

    const std::string raw = page_of(pages, british);
    CHECK(raw.find("Afridi Marksmen") == std::string::npos);
    CHECK(raw.find("Ghazis of the hills") != std::string::npos);
    const json mine = json::parse(raw);
    // Of the three entries only the rename reaches the British page.
    REQUIRE(mine["entries"].size() == 1);
    CHECK(mine["entries"][0]["id"] == 3);

    // Its own side and the umpire see it, marked hidden, with its entries.
    for (int viewer : {pathans, serve::kUmpire}) {
        const std::string seen = page_of(pages, viewer);
        CHECK(seen.find("Afridi Marksmen") != std::string::npos);
        CHECK(json::parse(seen)["entries"].size() == 3);
        CHECK(seen.find("\"hidden\"") != std::string::npos);
    }

    // Revealed (by the CLI, another connection): the page shows it from then on.
    {
        auto file = store::BattleFile::open(b.path);
        record(file, roster::set_hidden(file.battle(), marksmen, false));
    }
    REQUIRE(follower.refresh());
    CHECK(page_of(pages, british).find("Afridi Marksmen") != std::string::npos);
}

TEST_CASE("serve views: a hidden unit's name in any sentence is put as \"a hidden unit\"") {
    model::Battle battle;
    battle.sides = {{1, "Red", "red", {}}, {2, "Blue", "black", {}}};
    model::Unit hidden;
    hidden.id = 1;
    hidden.name = "Secret Lancers";
    hidden.side = 2;
    hidden.set(model::Flag::Hidden, true);
    battle.units.push_back(hidden);
    const serve::HiddenFrom from_red(battle, 1);
    json doc{{"note", "Secret Lancers charge"}, {"list", {"x", "the Secret Lancers"}}};
    from_red.redact(doc);
    CHECK(doc.dump().find("Secret Lancers") == std::string::npos);
    CHECK(doc["note"] == "a hidden unit charge");
    CHECK(serve::visible_units(battle, 1).empty());
    CHECK(serve::visible_units(battle, 2).size() == 1);
    CHECK(serve::visible_units(battle, serve::kUmpire).size() == 1);
}

TEST_CASE("serve views: a page that slept catches up from the entry it last saw, and is told when some are gone") {
    test::ServedBattle b;
    serve::Pages pages;
    serve::Follower follower(b.path, pages);
    {
        auto file = store::BattleFile::open(b.path);
        const int ghazis = b.unit(file, "Ghazis");
        for (int figures : {11, 10, 9}) record(file, roster::set_figures(file.battle(), ghazis, figures));
        REQUIRE(file.undo());
    }
    REQUIRE(follower.refresh());
    const json reply = json::parse(*pages.changes_since(serve::kUmpire, 1, std::chrono::milliseconds(0)));
    CHECK(reply["entry"] == 4);
    REQUIRE(reply["entries"].size() == 3);
    CHECK(reply["entries"][0]["id"] == 2);
    CHECK(reply["entries"][2]["kind"] == "undo");
    CHECK(reply["missed"] == false);
    // The undone action is marked so on the page.
    CHECK(reply["page"]["journal"][2]["undone"] == true);
    // Nothing new: the heartbeat after the hold.
    const json same = json::parse(*pages.changes_since(serve::kUmpire, 4, std::chrono::milliseconds(10)));
    CHECK(same["unchanged"] == true);
}

TEST_CASE("serve views: an entry whose follow-up is done to a hidden unit (a melee's opponent) is hidden") {
    model::Battle battle;
    battle.sides = {{1, "Red", "red", {}}, {2, "Blue", "black", {}}};
    model::Unit hidden;
    hidden.id = 1;
    hidden.name = "Secret Lancers";
    hidden.side = 2;
    hidden.set(model::Flag::Hidden, true);
    battle.units.push_back(hidden);
    const serve::HiddenFrom from_red(battle, 1);
    store::JournalLine line;
    line.action = "charge";
    line.unit = 7;
    rules::FollowUp melee{"melee", 7, "in contact: melee in the melee phase", "Turn sequence"};
    line.follow_ups.push_back(melee);
    CHECK(!from_red.hides(line, ""));
    line.follow_ups.back().target = 1;
    CHECK(from_red.hides(line, ""));
}
