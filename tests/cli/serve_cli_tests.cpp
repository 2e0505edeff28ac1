// `umpire hide`, `umpire reveal` and the mistakes `umpire serve` refuses before serving.
#include "cli_json.h"

using namespace umpire::test;

TEST_CASE("cli: hide and reveal a unit, journaled and undone like any change") {
    Scratch s;
    const std::string b = s.path("kotal.umpire").string();
    REQUIRE(s.umpire({"new", "--roster", kRoster, "-o", b}).code == 0);
    const auto hidden = parse(s.umpire({"hide", b, "Afridi Marks", "--json"}));
    CHECK(hidden["unit"] == "Afridi Marksmen");
    CHECK(hidden["journal_entry"] == 1);
    CHECK(unit_named(parse(s.umpire({"show", b, "--json"})), "Afridi Marksmen")["flags"]["hidden"] == true);
    const auto again = s.umpire({"hide", b, "Afridi Marksmen"});
    CHECK(again.code == 2);
    CHECK(again.err.find("already hidden") != std::string::npos);
    REQUIRE(s.umpire({"reveal", b, "Afridi Marksmen"}).code == 0);
    CHECK(unit_named(parse(s.umpire({"show", b, "--json"})), "Afridi Marksmen")["flags"]["hidden"] == false);
    REQUIRE(s.umpire({"undo", b}).code == 0);
    CHECK(unit_named(parse(s.umpire({"show", b, "--json"})), "Afridi Marksmen")["flags"]["hidden"] == true);
    CHECK(s.umpire({"hide", b, "Nobody"}).code == 2);
}

TEST_CASE("cli: serve refuses a bad address, port or battle with exit 2 before serving anything") {
    Scratch s;
    const std::string b = s.path("kotal.umpire").string();
    REQUIRE(s.umpire({"new", "--roster", kRoster, "-o", b}).code == 0);
    const auto bad_bind = s.umpire({"serve", b, "--bind", "over-there"});
    CHECK(bad_bind.code == 2);
    CHECK(bad_bind.err.find("not an address") != std::string::npos);
    CHECK(s.umpire({"serve", b, "--port", "70000"}).code == 2);
    const auto missing = s.umpire({"serve", s.path("missing.umpire").string()});
    CHECK(missing.code == 2);
    CHECK(missing.out.find("Serving") == std::string::npos);
}
