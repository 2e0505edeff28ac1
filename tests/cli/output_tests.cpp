// What the command line prints, in process: `umpire show --json`'s battle, written as text, is
// byte for byte what nlohmann's dump(2) of the same document gave.
#include "cli/output.h"

#include "roster/roster.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

using namespace umpire;

namespace {

// The document as `show --json` built it before it was written as text.
nlohmann::json battle_document(const model::Battle& b, std::int64_t journal_entries) {
    nlohmann::json sides = nlohmann::json::array(), commanders = nlohmann::json::array(), units = nlohmann::json::array();
    for (const auto& s : b.sides) sides.push_back({{"id", s.id}, {"name", s.name}, {"colour", s.colour}});
    for (const auto& c : b.commanders)
        commanders.push_back({{"id", c.id}, {"name", c.name}, {"side", c.side}, {"general", c.is_general},
                              {"status", model::commander_status_id(c.status)},
                              {"attached_unit", c.attached_unit ? nlohmann::json(*c.attached_unit) : nlohmann::json(nullptr)}});
    for (const auto& u : b.units) {
        nlohmann::json flags = nlohmann::json::object();
        for (auto f : model::kAllFlags) flags[std::string(model::flag_id(f))] = u.has(f);
        nlohmann::json traits = nlohmann::json::array();
        for (const auto& [k, v] : u.traits) traits.push_back(k);
        units.push_back({{"id", u.id}, {"name", u.name}, {"side", u.side},
                         {"commander", u.commander ? nlohmann::json(*u.commander) : nlohmann::json(nullptr)},
                         {"type", u.troop_type}, {"quality", u.quality}, {"weapon", u.weapon},
                         {"formed", u.formed}, {"start_figures", u.start_figures}, {"figures", u.figures},
                         {"hits", u.hits}, {"hit_capacity", u.hit_capacity}, {"flags", flags}, {"counters", u.counters}, {"traits", traits}});
    }
    return {{"name", b.name}, {"ruleset", b.ruleset}, {"turn", b.turn}, {"distance_unit", b.distance_unit},
            {"distance_scale", b.distance_scale}, {"sides", sides}, {"commanders", commanders}, {"units", units},
            {"journal_entries", journal_entries}};
}

} // namespace

TEST_CASE("cli: show --json's battle written as text is the document nlohmann dumped") {
    model::Battle b = roster::parse_roster(roster::demo_roster(), "demo");
    // Beyond the roster: a unit with counters, flags set, a commander attached, a name to escape.
    b.units.front().counters = {{"work-points", 3}, {"charges", 1}};
    b.units.front().flags[model::Flag::Shaken] = true;
    b.units.back().name = "The \"Tigers\"\tof Kandahar";
    b.commanders.front().attached_unit = b.units.front().id;
    b.distance_scale = 1.5;
    CHECK(cli::battle_json_text(b, 42) == battle_document(b, 42).dump(2));
}

TEST_CASE("cli: show --json names a damaged file's damaged entries where the document had them") {
    const model::Battle b = roster::parse_roster(roster::demo_roster(), "demo");
    nlohmann::json expected = battle_document(b, 9);
    expected["damaged_entries"] = {3, 7};
    CHECK(cli::battle_json_text(b, 9, {3, 7}) == expected.dump(2));
    // A sound file's document has no such key.
    CHECK(cli::battle_json_text(b, 9, {}).find("damaged_entries") == std::string::npos);
}
