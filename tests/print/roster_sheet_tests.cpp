// The roster status sheet: a page per side, units with tick boxes, the shaken threshold read
// from the reference tables.
#include "print/print.h"
#include "print/sheet_layout.h"
#include "print_support.h"
#include "roster/roster.h"
#include "rulesets/registry.h"

#include <catch2/catch.hpp>

using namespace umpire;
using namespace umpire::test;

namespace {
const std::string kRoster = std::string(UMPIRE_SOURCE_DIR) + "/rosters/macduff-kotal-pass.toml";

model::Unit unit(std::string quality, int figures) {
    model::Unit u;
    u.name = "U";
    u.troop_type = "infantry";
    u.quality = std::move(quality);
    u.weapon = "rifle";
    u.start_figures = u.figures = figures;
    return u;
}
} // namespace

TEST_CASE("roster sheet: the shaken threshold comes from the reference qualities") {
    auto ruleset = rulesets::make("macduff");
    print::RosterReader reader(*print::sheet_layout_text("macduff"), "sheet.toml", ruleset->reference_toml());
    auto elite = reader.lookup(unit("elite", 16));
    REQUIRE(elite.shaken_loss);
    CHECK(*elite.shaken_loss == std::make_pair(2, 3));
    CHECK(elite.quality == "Elite");
    CHECK(elite.weapon == "Rifle");
    CHECK(elite.type == "Infantry");
    // More than half: a 16-figure average unit is shaken on its 9th loss; elite (2/3) on the
    // 11th; poor (1/3) with 12 figures on the 5th.
    CHECK(print::shaken_after(16, *reader.lookup(unit("average", 16)).shaken_loss) == 8);
    CHECK(print::shaken_after(16, *elite.shaken_loss) == 10);
    CHECK(print::shaken_after(12, *reader.lookup(unit("poor", 12)).shaken_loss) == 4);
    CHECK(print::shaken_after(15, {1, 2}) == 7);
    CHECK(print::shaken_after(1, {1, 2}) == 0);
    CHECK(reader.notes().shaken.find("Elite 2/3") != std::string::npos);

    // A house rule moves the mark.
    auto house = rulesets::make("macduff", "[qualities.average]\nshaken_loss = [3, 4]\n");
    print::RosterReader changed(*print::sheet_layout_text("macduff"), "sheet.toml", house->reference_toml());
    CHECK(print::shaken_after(16, *changed.lookup(unit("average", 16)).shaken_loss) == 12);
}

TEST_CASE("roster sheet: one page per side with commanders, units and their figures") {
    Scratch s;
    std::string battle = s.path("kotal.umpire").string();
    REQUIRE(s.umpire({"new", "--ruleset", "macduff", "--roster", kRoster, "-o", battle}).code == 0);
    REQUIRE(s.umpire({"apply", battle, "shoot", "--unit", "2nd Sikhs", "--target", "Ghazis", "--range", "10",
                      "--dice", "6,6,6,5,5,5,5,1"})
                .code == 0);
    std::string pdf = s.path("roster.pdf").string();
    auto r = s.umpire({"roster-sheet", battle, "-o", pdf});
    INFO(r.err);
    REQUIRE(r.code == 0);
    auto info = pdf_info(pdf);
    CHECK(info.page_size == "595.28 x 841.89 pts (A4)");
    CHECK(info.pages == 2);
    std::string first = pdf_text(pdf, 1), second = pdf_text(pdf, 2);
    CHECK(first.find("Frontier Field Force") != std::string::npos);
    CHECK(first.find("Brigadier Hawthorne") != std::string::npos);
    CHECK(first.find("General") != std::string::npos);
    CHECK(std::regex_search(first, std::regex("Gordon Highlanders\\s+Infantry\\s+Elite\\s+Rifle\\s+16")));
    CHECK(std::regex_search(first, std::regex("No. 8 Mountain(\\s+Battery)?\\s+Artillery\\s+Average\\s+Light gun\\s+4")));
    CHECK(first.find("Ghazis") == std::string::npos);
    CHECK(second.find("Pathan Lashkar") != std::string::npos);
    CHECK(second.find("Mullah Sayid Akbar") != std::string::npos);
    CHECK(std::regex_search(second, std::regex("Ghazis\\s+Infantry\\s+Average\\s+None")));
    CHECK(second.find("left)") != std::string::npos);  // the Ghazis lost figures to the volley
    CHECK(first.find("Red bar") != std::string::npos);
    for (const auto& emb : pdf_fonts_embedded(pdf)) CHECK(emb == "yes");

    std::string letter = s.path("letter.pdf").string();
    REQUIRE(s.umpire({"roster-sheet", battle, "--paper", "letter", "-o", letter}).code == 0);
    CHECK(pdf_info(letter).page_size == "612 x 792 pts (letter)");

    CHECK(s.umpire({"roster-sheet", s.path("none.umpire").string(), "-o", pdf}).code == 2);
}

TEST_CASE("roster sheet: tick boxes per hit when units count hits against a capacity") {
    Scratch s;
    auto battle = roster::parse_roster(roster::demo_roster(), "demo");
    battle.units[0].hit_capacity = 6;
    battle.units[0].hits = 2;
    auto ruleset = rulesets::make("macduff");
    std::string pdf = s.path("hits.pdf").string();
    CHECK(print::write_roster_sheet(battle, *ruleset, print::Paper::A4, pdf) == 2);
    std::string text = pdf_prose(pdf, 1);
    INFO(text);
    CHECK(text.find("6 hits") != std::string::npos);
    CHECK(text.find("(4 left)") != std::string::npos);
    CHECK(text.find("a box per figure or hit") != std::string::npos);
}
