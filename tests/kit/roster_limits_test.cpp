// What a side may field, as data: [[roster_limits]] read with errors naming the entry and field,
// and a unit refused when its side already has as many of its type as the limit allows.
#include "kit/roster_limits.h"
#include "rules/inputs.h"

#include <catch2/catch.hpp>

using namespace umpire;

namespace {

std::vector<kit::RosterLimit> read(const std::string& toml) {
    const kit::Reference ref = kit::load_reference("format = \"umpire-reference\"\nversion = 1\n" + toml, "t.toml", "");
    return kit::read_roster_limits(kit::TableReader::top(ref, 1), [](const std::string& s) { return "Test " + s; });
}

model::Unit unit(int id, int side, std::string type, std::string name) {
    model::Unit u;
    u.id = id;
    u.side = side;
    u.troop_type = std::move(type);
    u.name = std::move(name);
    return u;
}

} // namespace

TEST_CASE("roster limits: each type counted on its own, per side, citing the rule") {
    const auto limits = read("[[roster_limits]]\nid = \"music\"\ntypes = [\"band\", \"hospital\"]\nper_side = 1\n"
                             "text = \"each army may have 1 band and 1 hospital\"\ncitation = \"12 Bands\"\n");
    REQUIRE(limits.size() == 1);
    CHECK(limits[0].citation == "Test 12 Bands");
    model::Battle b;
    b.sides = {{1, "Field Force", "red", {}}, {2, "Lashkar", "black", {}}};
    b.units = {unit(1, 1, "band", "Pipes"), unit(2, 2, "band", "Drums"), unit(3, 1, "hospital", "Hospital")};
    CHECK_FALSE(kit::roster_limit_refusal(limits, b, unit(4, 1, "infantry", "Sikhs")));
    CHECK_FALSE(kit::roster_limit_refusal(limits, b, b.units[0]));  // a unit does not count against itself
    auto why = kit::roster_limit_refusal(limits, b, unit(4, 1, "band", "Fifes"));
    REQUIRE(why);
    CHECK(*why == "Field Force already has 1 band (\"Pipes\"): each army may have 1 band and 1 hospital (Test 12 Bands)");
    CHECK(kit::roster_limit_refusal(limits, b, unit(4, 2, "hospital", "Dressing station")) == std::nullopt);
    CHECK(read("").empty());
}

TEST_CASE("roster limits: a bad entry is refused when the tables load, naming it") {
    auto bad = [](const std::string& toml) {
        try {
            read(toml);
        } catch (const rules::InputError& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    CHECK_THAT(bad("[[roster_limits]]\nid = \"x\"\nper_side = 1\ntext = \"t\"\ncitation = \"c\"\n"),
               Catch::Contains("roster_limits[x].types"));
    CHECK_THAT(bad("[[roster_limits]]\nid = \"x\"\ntypes = [\"band\"]\nper_side = -1\ntext = \"t\"\ncitation = \"c\"\n"),
               Catch::Contains("roster_limits[x].per_side"));
}
