// The reference tables drive the engine; house rules change them; the roster validates against
// them; the declared actions; Section III.
#include "fixture.h"
#include "roster/checks.h"
#include "roster/roster.h"
#include "rulesets/edwardian/tables.h"

#include <catch2/catch.hpp>

#include <fstream>
#include <regex>
#include <set>
#include <sstream>

using namespace umpire;
using namespace umpire::test;

TEST_CASE("tables: the numbers of the text") {
    auto t = edwardian::load_tables();
    CHECK(t.weapon("rifle")->bands == std::vector<double>{8, 16, 24});
    CHECK(t.weapon("obsolete-rifle")->bands == std::vector<double>{6, 12, 18});
    CHECK(t.fire.kill_on == std::array<int, 3>{4, 5, 6});
    CHECK(t.mg.jam_on == 6);
    CHECK(t.weapon("field-gun")->bracket * t.weapon("field-gun")->brackets == 108);
    CHECK(t.artillery.deviation_factor == std::array<double, 3>{1, 2, 3});
    CHECK(t.artillery.deviation_multiple == std::array<int, 6>{-2, -1, 0, 0, 1, 2});
    CHECK(t.artillery.blast_radius == 2);
    CHECK(t.canister.reach == 8);
    struct Q { const char* id; int morale, spike, points; };
    for (auto q : {Q{"elite", 12, 2, 5}, Q{"veteran", 11, 1, 4}, Q{"average", 10, 0, 3}, Q{"fair", 9, -1, 2},
                   Q{"poor", 8, -2, 1}}) {
        INFO(q.id);
        REQUIRE(t.quality(q.id));
        CHECK(t.quality(q.id)->morale == q.morale);
        CHECK(t.quality(q.id)->spike == q.spike);
        CHECK(t.quality(q.id)->points == q.points);
    }
    struct M { const char* id; double move, rough; };
    for (auto m : {M{"infantry", 6, 2}, M{"mg", 6, 2}, M{"cavalry", 12, 4}, M{"artillery", 4, 4},
                   M{"horse-artillery", 12, 4}}) {
        INFO(m.id);
        CHECK(t.troop_type(m.id)->move == m.move);
        CHECK(t.troop_type(m.id)->rough_cost == m.rough);
    }
    CHECK(t.troop_type("cavalry")->charge_bonus == 6);
    CHECK(t.movement.road_cost == 0.5);
}

TEST_CASE("house rules: one changed number changes the ruling, the rest stay") {
    const char* longer = "[[weapons]]\nid = \"rifle\"\nshort = 10\nmedium = 20\nlong = 30\n";
    auto r = resolve(request("rifle-fire", {{"figures", "1"}, {"range", "9"}}), {4}, longer);
    CHECK(r.result("kills") == 1);
    CHECK(edwardian::load_tables(longer).weapon("mg")->bands == std::vector<double>{8, 16, 24});
    auto quick = resolve(request("move", {{"type", "infantry"}, {"open", "8"}}), {},
                         "[[troop_types]]\nid = \"infantry\"\nmove = 8\n");
    CHECK(quick.result("allowed") == 1);
}

TEST_CASE("house rules: bad values are refused with the field named") {
    CHECK_THROWS_WITH(edwardian::load_tables("[fire]\nkill_on = [4, 5]\n"), Catch::Contains("fire.kill_on"));
    CHECK_THROWS_WITH(edwardian::load_tables("[[artillery.deviation]]\nface = 7\nmultiple = 0\nlateral = \"x\"\nover = \"x\"\n"),
                      Catch::Contains("face must be 1 to 6"));
    CHECK_THROWS_WITH(edwardian::load_tables("[[weapons]]\nid = \"rifle\"\nmedium = 6\n"),
                      Catch::Contains("increasing"));
    CHECK_THROWS_WITH(edwardian::load_tables("[options]\narmy_morale = \"yes\"\n"), Catch::Contains("options.army_morale"));
    CHECK_THROWS_AS(edwardian::load_tables("not toml ["), rules::InputError);
}

TEST_CASE("actions: declared with inputs, summaries and citations") {
    auto ruleset = rulesets::make("edwardian");
    std::set<std::string> ids;
    for (const auto& a : ruleset->actions()) {
        INFO(a.id);
        ids.insert(a.id);
        CHECK(!a.name.empty());
        CHECK(!a.summary.empty());
        CHECK(a.citation.rfind("Edwardian ", 0) == 0);
    }
    for (const char* id : {"rifle-fire", "mg-fire", "mad-minute", "artillery-fire", "shell-hits", "canister",
                           "solid-shot", "shot-hits", "load-gun", "move", "line-of-sight", "melee", "morale", "spike",
                           "draft", "claim-gun", "average-quality", "ghq-assault", "army-morale", "officer-killed",
                           "standard", "reinforce", "sway"})
        CHECK(ids.count(id) == 1);
    CHECK(ruleset->reference_toml().find("edwardian") != std::string::npos);
    CHECK_THROWS_AS(resolve(request("shoot", {}), {}), rules::InputError);
    CHECK(rulesets::make("edwardian", "[options]\nobsolete_weapons = false\n")->action("solid-shot") == nullptr);
}

TEST_CASE("roster values are checked against the tables") {
    auto ruleset = rulesets::make("edwardian");
    CHECK_FALSE(ruleset->check_unit_value("type", "mg"));
    CHECK_FALSE(ruleset->check_unit_value("quality", "fair"));
    CHECK_FALSE(ruleset->check_unit_value("weapon", "muzzle-shot-gun"));
    CHECK_FALSE(ruleset->check_unit_value("trait", "massed"));
    CHECK(ruleset->check_unit_value("type", "dragoons")->find("cavalry") != std::string::npos);
    CHECK(ruleset->check_unit_value("quality", "green"));
}

TEST_CASE("the sample 54mm roster: two big sides with MGs, guns, spotters and headquarters") {
    auto ruleset = rulesets::make("edwardian");
    auto battle = roster::load_roster_file(std::string(UMPIRE_SOURCE_DIR) + "/rosters/edwardian-modder-river.toml",
                                           roster::checks_for(*ruleset).value, roster::checks_for(*ruleset).unit);
    CHECK(battle.ruleset == "edwardian");
    CHECK(battle.distance_scale == 1.5);
    REQUIRE(battle.sides.size() == 2);
    for (const auto& side : battle.sides) {
        INFO(side.name);
        int units = 0, figures = 0;
        std::set<std::string> types;
        for (const auto& u : battle.units) {
            if (u.side != side.id) continue;
            ++units;
            figures += u.figures;
            types.insert(u.troop_type);
        }
        CHECK(units >= 12);
        CHECK(figures >= 150);
        for (const char* type : {"infantry", "cavalry", "mg", "artillery", "spotter", "headquarters"})
            CHECK(types.count(type) == 1);
    }
    CHECK_NOTHROW(rulesets::make("edwardian", battle.house_rules));
}

TEST_CASE("campaign reinforcements: one die by the table, never above the starting strength") {
    auto b = veldt_battle();
    b.unit(1)->figures = 20;
    auto r = resolve(b, request("reinforce", {}, 1), {6});
    CHECK(r.result("gained") == 4);  // 6 rolled, only 4 short
    b.unit(2)->figures = 8;
    CHECK(resolve(b, request("reinforce", {}, 2), {1}).result("gained") == 0);
    CHECK(resolve(b, request("reinforce", {}, 2), {6}).result("gained") == 3);
    b.unit(4)->figures = 2;
    CHECK(resolve(b, request("reinforce", {}, 4), {3}).result("gained") == 0);
    CHECK(resolve(b, request("reinforce", {}, 4), {6}).result("gained") == 2);
    CHECK_THROWS_AS(resolve(b, request("reinforce", {}, 11), {6}), rules::InputError);  // at full strength
    // A Veteran unit more than half Average reinforcements drops a grade.
    b.unit(1)->figures = 4;
    b.unit(1)->start_figures = 12;
    auto dropped = resolve(b, request("reinforce", {}, 1), {5});
    CHECK(find_effect(dropped, 1, "counter:quality-grade")->after == 3);
}

TEST_CASE("revolutionary leaders sway enemy figures on a 1") {
    auto b = veldt_battle();
    b.unit(15)->traits["leader"] = "";
    auto r = resolve(b, request("sway", {{"figures", "4"}}, 15, 1), {1, 2, 1, 6});
    CHECK(r.result("swayed") == 2);
    CHECK(find_effect(r, 1, "figures")->after == 22);
    CHECK_THROWS_AS(resolve(b, request("sway", {{"figures", "1"}}, 11, 1), {1}), rules::InputError);
}

// A comment beside a key in tables.toml that cites a ruling "(R27)" cites the ruling that
// explains that key: rulings.md's paragraph names it (the charge bonus once cited R20, which is
// about moving through terrain).
TEST_CASE("tables.toml: each ruling cited beside a key is the ruling that names the key") {
    const auto read = [](const std::string& name) {
        std::ifstream in(std::string(UMPIRE_SOURCE_DIR) + "/reference/edwardian/" + name);
        REQUIRE(in);
        std::ostringstream text;
        text << in.rdbuf();
        return text.str();
    };
    const std::string rulings = read("rulings.md");
    const auto ruling_text = [&rulings](const std::string& number) {
        const auto start = rulings.find("**R" + number + ".");
        if (start == std::string::npos) return std::string{};
        const auto end = rulings.find("\n**R", start + 1);
        return rulings.substr(start, end == std::string::npos ? std::string::npos : end - start);
    };
    const std::regex key_line(R"(^([a-z_]+)\s*=)");
    const std::regex continued(R"(^\s+#)");
    const std::regex citation(R"(\(R(\d+)\))");
    std::istringstream toml(read("tables.toml"));
    std::string line, key;
    int checked = 0;
    while (std::getline(toml, line)) {
        std::smatch m;
        if (std::regex_search(line, m, key_line))
            key = m[1];
        else if (!std::regex_search(line, continued))
            key.clear();  // a blank line, a table header or a comment of its own: no key
        const auto comment = line.find('#');
        if (key.empty() || comment == std::string::npos) continue;
        const std::string said = line.substr(comment);
        for (std::sregex_iterator it(said.begin(), said.end(), citation), end; it != end; ++it) {
            const std::string number = (*it)[1];
            INFO(key << " cites R" << number);
            CHECK(ruling_text(number).find(key) != std::string::npos);
            ++checked;
        }
    }
    CHECK(checked >= 6);
}
