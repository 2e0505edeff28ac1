#pragma once
// A small Edwardian battle on the shared ruleset fixture (tests/support/ruleset_fixture.h).
#include "support/ruleset_fixture.h"

namespace umpire::test {

inline const char* fixture_ruleset() { return "edwardian"; }

// The Edwardian tests call the unit builder `unit`.
inline model::Unit unit(int id, std::string name, int side, std::string type, std::string quality, std::string weapon,
                        int figures, bool formed = true) {
    return make_unit(id, std::move(name), side, std::move(type), std::move(quality), std::move(weapon), figures, formed);
}

// Units 1-8 British, 11-18 Boer.
inline model::Battle veldt_battle() {
    model::Battle b;
    b.name = "Test action";
    b.ruleset = "edwardian";
    b.turn = 3;
    b.sides = {{1, "British", "", {}}, {2, "Boers", "", {}}};
    b.units = {
        unit(1, "Guards", 1, "infantry", "veteran", "rifle", 24),
        unit(2, "Lancers", 1, "cavalry", "average", "rifle", 12),
        unit(3, "Maxim", 1, "mg", "average", "mg", 3),
        unit(4, "Field Battery", 1, "artillery", "average", "field-gun", 4),
        unit(5, "Horse Battery", 1, "horse-artillery", "veteran", "field-gun", 4),
        unit(6, "Naval Brigade", 1, "artillery", "average", "muzzle-shell-gun", 4),
        unit(7, "Spotters", 1, "spotter", "average", "rifle", 1),
        unit(8, "Headquarters", 1, "headquarters", "average", "none", 3),
        unit(11, "Commando", 2, "infantry", "veteran", "marksman-rifle", 20, false),
        unit(12, "Mounted Commando", 2, "cavalry", "average", "rifle", 12, false),
        unit(13, "Pom-pom", 2, "mg", "average", "mg", 2),
        unit(14, "Long Tom", 2, "artillery", "fair", "field-gun", 4),
        unit(15, "Dervishes", 2, "infantry", "average", "none", 30, false),
        unit(16, "Boer Headquarters", 2, "headquarters", "average", "none", 3),
        unit(17, "Krupp", 2, "artillery", "average", "breech-shell-gun", 3),
        unit(18, "Old Smoothbore", 2, "artillery", "poor", "muzzle-shot-gun", 3),
    };
    b.unit(7)->traits["spotter-for"] = "Field Battery";  // designated at the start of play
    b.unit(15)->traits["massed"] = "";
    b.unit(15)->traits["undisciplined"] = "";
    return b;
}

} // namespace umpire::test
