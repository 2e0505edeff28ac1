// The quick-reference sheet: its layout filled from the reference tables (house rules too), and
// the PDF the CLI writes.
#include "print/print.h"
#include "print/sheet_layout.h"
#include "print_support.h"
#include "rulesets/registry.h"

#include <catch2/catch.hpp>

#include <fstream>

using namespace umpire;
using namespace umpire::test;

namespace {

const std::string kRoster = std::string(UMPIRE_SOURCE_DIR) + "/rosters/macduff-kotal-pass.toml";
const std::string kRifle15 = "[[shooting.weapons]]\nid = \"rifle\"\nclose = 15\n";

print::SheetContent macduff_sheet(const std::string& house_rules = {}, print::Distances d = {}) {
    auto ruleset = rulesets::make("macduff", house_rules);
    auto layout = print::sheet_layout_text("macduff");
    REQUIRE(layout);
    return print::build_sheet(*layout, "sheet.toml", ruleset->reference_toml(), d);
}

const print::SheetSection& section(const print::SheetContent& s, const std::string& heading) {
    for (const auto& sec : s.sections)
        if (sec.heading == heading) return sec;
    FAIL("no section " << heading);
    return s.sections.front();
}

std::vector<std::string> row_named(const print::SheetSection& s, const std::string& first) {
    for (const auto& row : s.rows)
        if (!row.empty() && row[0] == first) return row;
    FAIL("no row " << first);
    return {};
}

std::string error_of(const std::string& layout) {
    auto ruleset = rulesets::make("macduff");
    try {
        print::build_sheet(layout, "test-sheet.toml", ruleset->reference_toml(), {});
    } catch (const print::PrintError& e) {
        return e.what();
    }
    FAIL("no error for layout:\n" << layout);
    return {};
}

const std::string kLayoutHead = "format = \"umpire-sheet\"\nversion = 1\ntitle = \"{name}\"\n";

// A copy of the sample roster with house rules added.
std::string roster_with_house_rules(const Scratch& s, const std::string& house_rules) {
    std::string text = slurp(kRoster);
    auto at = text.find("distance_scale = 1.0\n");
    REQUIRE(at != std::string::npos);
    text.insert(at + std::string("distance_scale = 1.0\n").size(), "house_rules = \"\"\"\n" + house_rules + "\"\"\"\n");
    std::string path = s.path("house.toml").string();
    std::ofstream(path) << text;
    return path;
}

} // namespace

TEST_CASE("sheet: every ruleset has a layout whose every section finds its data") {
    for (const auto& info : rulesets::available()) {
        INFO("ruleset " << info.id);
        auto layout = print::sheet_layout_text(info.id);
        REQUIRE(layout);  // reference/<id>/sheet.toml
        auto ruleset = rulesets::make(info.id);
        print::SheetContent content;
        REQUIRE_NOTHROW(content = print::build_sheet(*layout, info.id + "/sheet.toml", ruleset->reference_toml(), {}));
        CHECK_FALSE(content.sections.empty());
        for (const auto& s : content.sections) {
            INFO("section " << s.heading);
            CHECK_FALSE(s.heading.empty());
            if (s.kind != print::SectionKind::Text) CHECK_FALSE(s.rows.empty());
        }
    }
}

TEST_CASE("sheet: the MacDuff sheet carries the reference values") {
    auto sheet = macduff_sheet();
    CHECK(sheet.title == "With MacDuff to the Frontier");
    const auto& weapons = section(sheet, "Weapons and ranges");
    CHECK(weapons.labels == std::vector<std::string>{"Weapon", "Close", "Long", "Dice per gunner", "Notes"});
    CHECK(row_named(weapons, "Rifle") == std::vector<std::string>{"Rifle", "12\"", "24\"", "", ""});
    CHECK(row_named(weapons, "Light gun")[3] == "\u2713");
    CHECK(row_named(weapons, "Mortar")[2] == "\u2013");  // no long range
    CHECK(row_named(weapons, "Rocket")[4].find("rogue rocket") != std::string::npos);

    const auto& dice = section(sheet, "Shooting dice");
    CHECK(dice.citation == "7.5 Dice");
    CHECK(row_named(dice, "Effect")[1] == "Each modified score of 5 or more causes 1 hit (7.7).");
    CHECK(row_named(dice, "Long range")[1].rfind("1/2 of", 0) == 0);
    CHECK(row_named(section(sheet, "Shooting modifiers (per die)"), "Difficult target")[1] == "\u22121");
    CHECK(row_named(section(sheet, "Melee dice"), "Effect")[1].find("4 or more") != std::string::npos);
    CHECK(row_named(section(sheet, "Melee modifiers (per die)"), "Cavalry fighting infantry in square")[1] == "\u22122");

    const auto& shaken = section(sheet, "Morale: shaken");
    REQUIRE(shaken.rows.size() == 3);
    CHECK(shaken.rows[0] == std::vector<std::string>{"Elite", "2/3 of original strength", "+1"});
    CHECK(shaken.rows[1] == std::vector<std::string>{"Average", "1/2 of original strength", "0"});
    CHECK(shaken.rows[2] == std::vector<std::string>{"Poor morale", "1/3 of original strength", "\u22121"});

    const auto& rally = section(sheet, "Rally test");
    CHECK(rally.citation == "9.3 Rally Test");
    CHECK(rally.intro.find("+1 if joined by a commander") != std::string::npos);
    REQUIRE(rally.rows.size() == 3);
    CHECK(rally.rows[0][0] == "5+");
    CHECK(rally.rows[1][0] == "2\u20134");
    CHECK(rally.rows[2][0] == "1 or less");
    CHECK(rally.rows[2][1] == "Rout");
}

TEST_CASE("sheet: house rules and the battle's distances change what is printed") {
    CHECK(row_named(section(macduff_sheet(kRifle15), "Weapons and ranges"), "Rifle")[1] == "15\"");
    CHECK(row_named(section(macduff_sheet(kRifle15), "Weapons and ranges"), "Jezzail")[1] == "12\"");
    auto hits = macduff_sheet("[shooting]\nhit_on = 6\n");
    CHECK(row_named(section(hits, "Shooting dice"), "Effect")[1].find("6 or more") != std::string::npos);
    auto scaled = macduff_sheet({}, print::Distances{1.5, "in"});
    CHECK(row_named(section(scaled, "Weapons and ranges"), "Rifle")[1] == "18\"");
    auto metric = macduff_sheet({}, print::Distances{1.0, "cm"});
    CHECK(row_named(section(metric, "Weapons and ranges"), "Rifle")[1] == "30.5 cm");
}

TEST_CASE("sheet: a section whose data is missing is an error naming the section and the data") {
    auto e = error_of(kLayoutHead + "\n[[section]]\nheading = \"Weather\"\nkind = \"table\"\nfrom = \"no_such_weather\"\n"
                                    "columns = [{ label = \"Roll\", value = \"{roll}\" }]\n");
    CHECK(e.find("test-sheet.toml:5:1") != std::string::npos);
    CHECK(e.find("section 1 \"Weather\"") != std::string::npos);
    CHECK(e.find("'no_such_weather'") != std::string::npos);

    auto row = error_of(kLayoutHead + "[[section]]\nheading = \"W\"\nkind = \"table\"\nfrom = \"shooting.weapons\"\n"
                                      "columns = [{ label = \"Range\", value = \"{medium}\" }]\n");
    CHECK(row.find("row 1 (musket)") != std::string::npos);
    CHECK(row.find("'medium'") != std::string::npos);

    auto list = error_of(kLayoutHead + "[[section]]\nheading = \"Wind\"\nkind = \"list\"\n"
                                       "items = [{ label = \"1\", value = \"{/no_such_wind.chart}\" }]\n");
    CHECK(list.find("'no_such_wind.chart'") != std::string::npos);
}

TEST_CASE("sheet: layout mistakes are errors with line and column") {
    CHECK(error_of(kLayoutHead + "[[section]]\nheading = \"X\"\nkind = \"chart\"\n").find("kind must be") !=
          std::string::npos);
    CHECK(error_of(kLayoutHead + "[[section]]\nheading = \"X\"\nkind = \"text\"\ntext = \"{name:loud}\"\n")
              .find("unknown format ':loud'") != std::string::npos);
    auto typo = error_of(kLayoutHead + "[[section]]\nheading = \"X\"\nkind = \"text\"\ntxet = \"a\"\n");
    CHECK(typo.find("test-sheet.toml:7:1") != std::string::npos);
    CHECK(typo.find("unknown key 'txet'") != std::string::npos);
    CHECK(error_of(kLayoutHead + "[[section]]\nheading = \"X\"\nkind = \"text\"\ntext = \"{name\"\n")
              .find("unclosed") != std::string::npos);
    CHECK(error_of(kLayoutHead + "[[section]]\nheading = \"X\"\nkind = \"text\"\ntext = \"{{ok}} {/name?} {nope?} "
                                 "{missing}\"\n")
              .find("'missing'") != std::string::npos);
}

TEST_CASE("sheet: the CLI writes an A4 PDF of at most two pages with the reference values") {
    Scratch s;
    std::string pdf = s.path("sheet.pdf").string();
    auto r = s.umpire({"sheet", "macduff", "-o", pdf});
    INFO(r.err);
    REQUIRE(r.code == 0);
    CHECK(r.out.find("Wrote " + pdf) != std::string::npos);
    auto info = pdf_info(pdf);
    REQUIRE(info.ok);
    CHECK(info.page_size == "595.28 x 841.89 pts (A4)");
    CHECK(info.pages >= 1);
    CHECK(info.pages <= 2);
    std::string text = pdf_text(pdf);
    CHECK(text.find("With MacDuff to the Frontier") != std::string::npos);
    CHECK(std::regex_search(text, std::regex("Rifle\\s+12\"\\s+24\"")));
    CHECK(std::regex_search(text, std::regex("Light gun\\s+12\"\\s+36\"")));
    CHECK(text.find("Each modified score of 5 or more causes 1 hit") != std::string::npos);
    CHECK(text.find("Rally test") != std::string::npos);
    auto fonts = pdf_fonts_embedded(pdf);
    REQUIRE_FALSE(fonts.empty());
    for (const auto& emb : fonts) CHECK(emb == "yes");
}

TEST_CASE("sheet: --paper letter gives a Letter page") {
    Scratch s;
    std::string pdf = s.path("sheet.pdf").string();
    REQUIRE(s.umpire({"sheet", "macduff", "--paper", "letter", "-o", pdf}).code == 0);
    auto info = pdf_info(pdf);
    CHECK(info.page_size == "612 x 792 pts (letter)");
    CHECK(info.pages <= 2);
}

TEST_CASE("sheet: --battle prints the battle's house rules") {
    Scratch s;
    std::string battle = s.path("house.umpire").string();
    REQUIRE(s.umpire({"new", "--ruleset", "macduff", "--roster", roster_with_house_rules(s, kRifle15), "-o", battle})
                .code == 0);
    std::string pdf = s.path("house.pdf").string();
    auto r = s.umpire({"sheet", "macduff", "--battle", battle, "-o", pdf});
    INFO(r.err);
    REQUIRE(r.code == 0);
    std::string text = pdf_text(pdf);
    CHECK(std::regex_search(text, std::regex("Rifle\\s+15\"\\s+24\"")));
    CHECK(std::regex_search(text, std::regex("Jezzail\\s+12\"\\s+24\"")));
    CHECK(text.find("with its house rules") != std::string::npos);
    CHECK(text.find("Action at the Kotal Pass") != std::string::npos);
    // Without the battle, the rulebook's range.
    std::string plain = s.path("plain.pdf").string();
    REQUIRE(s.umpire({"sheet", "macduff", "-o", plain}).code == 0);
    CHECK(std::regex_search(pdf_text(plain), std::regex("Rifle\\s+12\"\\s+24\"")));
}

TEST_CASE("sheet: Square Hearts in areas, and a battle's sheet says which grid it is played on") {
    Scratch s;
    const std::string roster = std::string(UMPIRE_SOURCE_DIR) + "/rosters/square-hearts-abu-klea.toml";
    std::string plain = s.path("plain.pdf").string();
    REQUIRE(s.umpire({"sheet", "square-hearts", "-o", plain}).code == 0);
    CHECK(pdf_info(plain).pages <= 2);
    std::string text = pdf_text(plain);
    CHECK(std::regex_search(text, std::regex("Squares\\s+1.5 areas\\s+45 degrees either side")));
    CHECK(std::regex_search(text, std::regex("Hexes\\s+0 areas\\s+60 degrees either side")));
    CHECK(std::regex_search(text, std::regex("Other artillery\\s+2\\s+18 areas")));
    CHECK(text.find("played on") == std::string::npos);

    std::string battle = s.path("hexes.umpire").string();
    auto created = s.umpire({"new", "--roster", roster, "--distance-unit", "hexes", "-o", battle});
    INFO(created.err);
    REQUIRE(created.code == 0);
    std::string pdf = s.path("hexes.pdf").string();
    REQUIRE(s.umpire({"sheet", "square-hearts", "--battle", battle, "-o", pdf}).code == 0);
    CHECK(pdf_text(pdf).find("This battle is played on hexes: distances in areas, with no diagonals.") != std::string::npos);
}

TEST_CASE("sheet: bad input is refused with exit 2 and no file") {
    Scratch s;
    std::string pdf = s.path("x.pdf").string();
    auto unknown = s.umpire({"sheet", "warhammer", "-o", pdf});
    CHECK(unknown.code == 2);
    CHECK(unknown.err.find("macduff") != std::string::npos);
    CHECK(s.umpire({"sheet", "macduff", "--paper", "a5", "-o", pdf}).code == 2);
    auto folder = s.umpire({"sheet", "macduff", "-o", s.path("no/such/folder/x.pdf").string()});
    CHECK(folder.code == 2);
    CHECK(folder.err.find("does not exist") != std::string::npos);
    auto battle = s.umpire({"sheet", "macduff", "--battle", s.path("missing.umpire").string(), "-o", pdf});
    CHECK(battle.code == 2);
    CHECK_FALSE(std::filesystem::exists(pdf));
    // Only the PDF itself is left behind: no temporary files.
    std::string good = s.path("ok.pdf").string();
    REQUIRE(s.umpire({"sheet", "macduff", "-o", good}).code == 0);
    for (const auto& entry : std::filesystem::directory_iterator(s.path("")))
        CHECK(entry.path().filename().string().find(".ok.pdf.") == std::string::npos);
}

// --- The turn: the sequence of play and the wind chart, from [turn] in the reference tables --

namespace {

const std::string kTurnHouseRules =
    "[[turn.phases]]\nid = \"melee\"\ntext = \"Melee, then every pursuit, then a cup of tea.\"\n"
    "[turn.wind]\nrows = [\n"
    "  { rolls = [1, 2], change = \"calm-or-rise\", text = \"Becalmed, or a breeze\" },\n"
    "  { rolls = [3], change = \"left\", text = \"Backs 45 degrees\" },\n"
    "  { rolls = [4], change = \"right\", text = \"Veers 45 degrees\" },\n"
    "  { rolls = [5, 6], change = \"none\", text = \"Holds steady\" },\n]\n";

// The sheet's PDF for `ruleset` on `paper`, with the battle's house rules when given.
std::string sheet_pdf(const Scratch& s, const std::string& ruleset, const std::string& paper,
                      const std::string& battle = {}) {
    std::string pdf = s.path(ruleset + "-" + paper + (battle.empty() ? "" : "-battle") + ".pdf").string();
    std::vector<std::string> args{"sheet", ruleset, "--paper", paper, "-o", pdf};
    if (!battle.empty()) args.insert(args.end(), {"--battle", battle});
    auto r = s.umpire(args);
    INFO(r.err);
    REQUIRE(r.code == 0);
    return pdf;
}

} // namespace

TEST_CASE("sheet: MacDuff prints the sequence of play and the wind chart from the turn data") {
    auto sheet = macduff_sheet();
    const auto& phases = section(sheet, "Sequence of play");
    CHECK(phases.citation == "4 Sequence of Play");
    CHECK(phases.labels == std::vector<std::string>{"Phase", "What happens", "Rule"});
    REQUIRE(phases.rows.size() == 3);
    CHECK(phases.rows[0] == std::vector<std::string>{"1. Wind", "Roll 1 die on the wind chart.", "Optional 3 Wind"});
    CHECK(phases.rows[1][0] == "2. Card activation");
    CHECK(phases.rows[1][1].rfind("Draw a card: its commander activates", 0) == 0);
    CHECK(phases.rows[1][2] == "4.1 Card Activation");
    CHECK(phases.rows[2] == std::vector<std::string>{"3. Melee phase",
                                                     "Resolve melee for all units in contact. Then conduct any pursuits.",
                                                     "4.2 Melee Phase"});

    const auto& wind = section(sheet, "Wind chart");
    CHECK(wind.citation == "Optional 3 Wind");
    CHECK(wind.note.find("light, moderate, strong") != std::string::npos);
    const std::vector<std::vector<std::string>> chart{
        {"1", "Wind dies down (no wind), or if there is no wind, the wind picks up"},
        {"2", "Shift left 45 degrees"},
        {"3", "Shift right 45 degrees"},
        {"4\u20136", "No change"}};
    CHECK(wind.rows == chart);
}

TEST_CASE("sheet: Edwardian prints its turn sequence from the turn data") {
    auto ruleset = rulesets::make("edwardian");
    auto sheet = print::build_sheet(*print::sheet_layout_text("edwardian"), "sheet.toml", ruleset->reference_toml(), {});
    const auto& phases = section(sheet, "Turn sequence");
    CHECK(phases.citation == "Turn Sequence");
    std::vector<std::string> names;
    for (const auto& row : phases.rows) names.push_back(row[0]);
    CHECK(names == std::vector<std::string>{"1. Move order", "2. Movement", "3. Fire by unmoving figures",
                                            "4. Fire by moving figures", "5. Melee"});
    CHECK(phases.rows[1][1].rfind("Players alternate, each moving a single unit", 0) == 0);
}

TEST_CASE("sheet: house rules change a phase's text and the wind chart") {
    auto sheet = macduff_sheet(kTurnHouseRules);
    const auto& phases = section(sheet, "Sequence of play");
    REQUIRE(phases.rows.size() == 3);
    CHECK(phases.rows[2][1] == "Melee, then every pursuit, then a cup of tea.");
    CHECK(phases.rows[0][1] == "Roll 1 die on the wind chart.");  // the others as written
    const std::vector<std::vector<std::string>> chart{{"1\u20132", "Becalmed, or a breeze"},
                                                      {"3", "Backs 45 degrees"},
                                                      {"4", "Veers 45 degrees"},
                                                      {"5\u20136", "Holds steady"}};
    CHECK(section(sheet, "Wind chart").rows == chart);
}

TEST_CASE("sheet: the span format and row numbers") {
    auto numbered = print::build_sheet(kLayoutHead + "[[section]]\nheading = \"Q\"\nkind = \"table\"\nfrom = \"qualities\"\n"
                                                     "order = [\"poor\", \"elite\"]\n"
                                                     "columns = [{ label = \"N\", value = \"{_row}:{_key}\" }]\n",
                                       "test-sheet.toml", rulesets::make("macduff")->reference_toml(), {});
    REQUIRE(numbered.sections.at(0).rows.size() == 3);
    CHECK(numbered.sections[0].rows[0][0] == "1:poor");
    CHECK(numbered.sections[0].rows[2][0] == "3:average");
    // Runs of die faces join with an en dash; a lone number prints as it is; text is an error.
    // (A wind chart the turn engine can play: an eight-sided die, every face on a row.)
    auto spans = macduff_sheet("[turn.wind]\ndie = 8\nrows = [{ rolls = [1, 2, 4, 6, 7, 8], change = \"none\", text = \"x\" },"
                               " { rolls = [3, 5], change = \"left\", text = \"y\" }]\n");
    CHECK(section(spans, "Wind chart").rows.at(0).at(0) == "1\u20132, 4, 6\u20138");
    CHECK(error_of(kLayoutHead + "[[section]]\nheading = \"S\"\nkind = \"text\"\ntext = \"{/turn.wind.die:span} {name:span}\"\n")
              .find("'name' must be a whole number or a list of them for :span") != std::string::npos);
}

TEST_CASE("sheet: the printed sheets carry the turn on one or two pages of A4 and of Letter") {
    Scratch s;
    for (const std::string paper : {"a4", "letter"}) {
        INFO("paper " << paper);
        std::string macduff = sheet_pdf(s, "macduff", paper);
        auto info = pdf_info(macduff);
        CHECK(info.pages >= 1);
        CHECK(info.pages <= 2);
        std::string prose = pdf_prose(macduff);
        for (const char* phrase : {"Sequence of play", "1. Wind", "2. Card activation", "3. Melee phase",
                                   "Resolve melee for all units in contact. Then conduct any pursuits.", "Wind chart",
                                   "Wind dies down (no wind), or if there is no wind, the wind picks up"})
            CHECK(prose.find(phrase) != std::string::npos);
        // Each chart row on one line of the layout: the die, then its change.
        std::string text = pdf_text(macduff);
        for (const char* row : {"1\\s+Wind dies down", "2\\s+Shift left 45 degrees", "3\\s+Shift right 45 degrees",
                                "4\u20136\\s+No change"})
            CHECK(std::regex_search(text, std::regex(row)));

        std::string edwardian = sheet_pdf(s, "edwardian", paper);
        info = pdf_info(edwardian);
        CHECK(info.pages >= 1);
        CHECK(info.pages <= 2);
        prose = pdf_prose(edwardian);
        for (const char* phrase : {"Turn sequence", "1. Move order", "2. Movement", "3. Fire by unmoving figures",
                                   "4. Fire by moving figures", "5. Melee", "Declaring a unit stationary"})
            CHECK(prose.find(phrase) != std::string::npos);
    }
}

TEST_CASE("sheet: the Rattle of Dice on one or two pages of A4 and of Letter, from its tables") {
    Scratch s;
    for (const std::string paper : {"a4", "letter"}) {
        INFO("paper " << paper);
        std::string pdf = sheet_pdf(s, "rattle", paper);
        auto info = pdf_info(pdf);
        CHECK(info.pages >= 1);
        CHECK(info.pages <= 2);
        std::string prose = pdf_prose(pdf);
        for (const char* phrase : {"Turn sequence", "1. Initiative", "2. First player", "4. Second player",
                                   "Melee modifiers", "Rally, Steady Men!, the flag", "Blowing: 1d6 per charge"})
            CHECK(prose.find(phrase) != std::string::npos);
    }
}

TEST_CASE("sheet: --battle prints the turn as the battle's house rules change it") {
    Scratch s;
    std::string battle = s.path("turn.umpire").string();
    auto made = s.umpire({"new", "--ruleset", "macduff", "--roster", roster_with_house_rules(s, kTurnHouseRules), "-o",
                          battle});
    INFO(made.err);
    REQUIRE(made.code == 0);
    for (const std::string paper : {"a4", "letter"}) {
        INFO("paper " << paper);
        std::string pdf = sheet_pdf(s, "macduff", paper, battle);
        CHECK(pdf_info(pdf).pages <= 2);
        CHECK(std::regex_search(pdf_text(pdf), std::regex("3\\. Melee phase\\s+Melee, then every pursuit, then a cup of tea\\.")));
        std::string text = pdf_text(pdf);
        for (const char* row : {"1\u20132\\s+Becalmed, or a breeze", "3\\s+Backs 45 degrees", "4\\s+Veers 45 degrees",
                                "5\u20136\\s+Holds steady"})
            CHECK(std::regex_search(text, std::regex(row)));
        CHECK(text.find("Shift left 45 degrees") == std::string::npos);
        CHECK(text.find("Then conduct any pursuits") == std::string::npos);
    }
}

TEST_CASE("sheet: the Featherstone-like sheet carries the summary's tables from the reference") {
    auto ruleset = rulesets::make("featherstone", "[[weapons]]\nid = \"musket\"\nlong = 10\n");
    auto sheet = print::build_sheet(*print::sheet_layout_text("featherstone"), "sheet.toml", ruleset->reference_toml(), {});
    CHECK(sheet.title == "A Featherstone-like Horse and Musket set of Rules");
    CHECK(row_named(section(sheet, "Shooting: small arms"), "Musket")[1] == "2\", 4\", 10\"");  // the house rule
    CHECK(row_named(section(sheet, "Shooting: small arms"), "Number")[1] == "Short 4, medium 3, long 2");
    const auto& guns = section(sheet, "Shooting: artillery vs infantry and cavalry");
    CHECK(row_named(guns, "Heavy battery") ==
          std::vector<std::string>{"Heavy battery", "10\"", "20\"", "30\"", "40\"", "50\""});
    CHECK(row_named(section(sheet, "Counter battery"), "12")[1] == "Gun destroyed");
    const auto& morale = section(sheet, "Morale");
    CHECK(morale.labels == std::vector<std::string>{"", "Rally", "Charged", "Lost Melee"});
    CHECK(row_named(morale, "4")[2] == "Wavering. Stand ground. Disorder.");
    CHECK(row_named(morale, "0")[1] == "Disperse.");
    CHECK(row_named(section(sheet, "Saving rolls"), "Formed troops")[1] == "5+");
    CHECK(row_named(section(sheet, "Move"), "Light horse")[1] == "15\"");
    CHECK(section(sheet, "Sequence of play").rows.size() == 7);
}
