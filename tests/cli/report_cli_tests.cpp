// `umpire report`: the real binary writes the after-action report, refuses bad input with exit 2.
#include "run_umpire.h"

#include <catch2/catch.hpp>

using namespace umpire::test;

namespace {
const std::string kRoster = std::string(UMPIRE_SOURCE_DIR) + "/rosters/macduff-kotal-pass.toml";
}

TEST_CASE("cli: report writes Markdown and HTML of a battle with an action and refuses bad input") {
    Scratch s;
    const std::string battle = s.path("kotal.umpire").string();
    REQUIRE(s.umpire({"new", "--ruleset", "macduff", "--roster", kRoster, "-o", battle}).code == 0);
    // The same shot as the battle-file test: 7 hits on the Afridi Marksmen (12 figures).
    auto shot = s.umpire({"apply", battle, "shoot", "--unit", "2nd Sikhs", "--target", "Afridi Marksmen",
                          "--range", "10", "--dice", "6,6,6,6,6,6,6,1"});
    INFO(shot.err);
    REQUIRE(shot.code == 0);

    const std::string md = s.path("report.md").string();
    auto r = s.umpire({"report", battle, "-o", md});
    INFO(r.err);
    REQUIRE(r.code == 0);
    CHECK(r.out.find("Wrote " + md) != std::string::npos);
    const std::string text = slurp(md);
    CHECK(text.rfind("# After-action report: ", 0) == 0);
    CHECK(text.find("## Losses") != std::string::npos);
    CHECK(text.find("## Turn 1") != std::string::npos);
    CHECK(text.find("| 1 | Shooting | 2nd Sikhs | Afridi Marksmen |") != std::string::npos);  // the action as players name it
    CHECK(text.find("6 6 6 6 6 6 6 1") != std::string::npos);
    CHECK(text.find(" 7 figures, 0 units") != std::string::npos);

    const std::string html = s.path("report.html").string();
    REQUIRE(s.umpire({"report", battle, "-o", html}).code == 0);
    CHECK(slurp(html).rfind("<!DOCTYPE html>", 0) == 0);

    auto help = s.umpire({"report", "--help"});
    CHECK(help.code == 0);
    CHECK(help.out.find("--output") != std::string::npos);

    auto pdf = s.umpire({"report", battle, "-o", s.path("r.pdf").string()});
    CHECK(pdf.code == 2);
    CHECK(pdf.err.find(".md or .html") != std::string::npos);
    CHECK_FALSE(std::filesystem::exists(s.path("r.pdf")));

    auto missing = s.umpire({"report", s.path("nope.umpire").string(), "-o", md});
    CHECK(missing.code == 2);
    auto no_folder = s.umpire({"report", battle, "-o", s.path("no/such/r.md").string()});
    CHECK(no_folder.code == 2);
    CHECK(no_folder.err.find("does not exist") != std::string::npos);
    CHECK(s.umpire({"report", battle}).code == 2);  // -o is required
}
