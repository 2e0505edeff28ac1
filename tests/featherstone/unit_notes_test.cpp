// The unit card's words for what the rules keep of a unit: formation, shots, this turn's state.
#include "fixture.h"

#include <catch2/catch.hpp>

#include <set>

using namespace umpire;
using namespace umpire::test;

namespace {

rules::ActionRequest fire(std::map<std::string, std::string> values, int unit, int target) {
    return request("artillery", std::move(values), unit, target);
}

std::string note(const model::Battle& b, int unit, const std::string& label) {
    auto ruleset = rulesets::make("featherstone", {});
    std::string found;
    for (const auto& n : ruleset->unit_notes(b, *b.unit(unit)))
        if (n.label == label) found += (found.empty() ? "" : "; ") + n.value;
    return found;
}

} // namespace

TEST_CASE("unit notes: the formation kept, else the type's usual one") {
    auto b = napoleonic_battle();
    CHECK(note(b, 1, "Formation") == "Line (2 stands deep)");
    set_formation(b, 1, kSquare);
    CHECK(note(b, 1, "Formation") == "Square");
}

TEST_CASE("unit notes: a battery's shots fired of its supply, a gun destroyed") {
    auto b = napoleonic_battle();
    CHECK(note(b, 7, "Shots") == "0 of 10 fired this game");
    apply(b, resolve(b, fire({{"range", "20"}}, 7, 11), {1}));
    CHECK(note(b, 7, "Shots") == "1 of 10 fired this game");
    CHECK(note(b, 1, "Shots").empty());  // infantry keeps no shots
    b.unit(7)->counters["gun-destroyed"] = 1;
    CHECK(note(b, 7, "Gun") == "destroyed");
}

TEST_CASE("unit notes: what this turn's morale and melee left, this turn only") {
    auto b = napoleonic_battle();
    b.unit(11)->counters["charged-turn"] = b.turn;
    b.unit(11)->counters["charged-by"] = 4;
    b.unit(11)->counters["no-move-turn"] = b.turn;
    CHECK(note(b, 11, "This turn") == "may not move (morale); charged by Life Guards");
    b.turn += 1;
    CHECK(note(b, 11, "This turn").empty());
}

TEST_CASE("unit notes: a stamp of an earlier turn says nothing, and is not left to show as a raw counter") {
    auto b = napoleonic_battle();
    b.unit(11)->counters["lost-melee-turn"] = b.turn;
    b.unit(11)->counters["charged-turn"] = b.turn;
    b.unit(11)->counters["charged-by"] = 4;
    b.turn += 1;
    auto ruleset = rulesets::make("featherstone", {});
    std::set<std::string> read;
    for (const auto& n : ruleset->unit_notes(b, *b.unit(11))) {
        read.insert(n.counters.begin(), n.counters.end());
        if (!n.label.empty()) CHECK(n.label != "This turn");  // only notes without a label for them
    }
    // The unit card lists the counters no note reads: these are read, so not listed.
    CHECK(read.count("lost-melee-turn"));
    CHECK(read.count("charged-turn"));
    CHECK(read.count("charged-by"));
}
