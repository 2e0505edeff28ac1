#pragma once
// A small Napoleonic battle on the shared ruleset fixture (tests/support/ruleset_fixture.h).
#include "support/ruleset_fixture.h"

namespace umpire::test {

inline const char* fixture_ruleset() { return "featherstone"; }

// Units 1-7 British, 11-17 French; Wellington (1) and Picton (3) British, Ney (2) French.
inline model::Battle napoleonic_battle() {
    model::Battle b;
    b.name = "Test action";
    b.ruleset = "featherstone";
    b.turn = 2;
    b.sides = {{1, "Allied", "", {}}, {2, "French", "", {}}};
    b.commanders = {{1, "Wellington", 1, true, std::nullopt, model::CommanderStatus::Active},
                    {2, "Ney", 2, true, std::nullopt, model::CommanderStatus::Active},
                    {3, "Picton", 1, false, std::nullopt, model::CommanderStatus::Active}};
    b.units = {
        make_unit(1, "52nd Foot", 1, "infantry", "regular", "musket", 24),
        make_unit(2, "95th Rifles", 1, "skirmishers", "elite", "rifle", 12, false),
        make_unit(3, "1st Foot Guards", 1, "infantry", "guard", "musket", 24),
        make_unit(4, "Life Guards", 1, "heavy-cavalry", "elite", "sabre", 12),
        make_unit(5, "16th Light Dragoons", 1, "light-cavalry", "regular", "sabre", 12),
        make_unit(6, "Ross's Troop", 1, "horse-artillery", "regular", "gun", 4),
        make_unit(7, "Sandham's Battery", 1, "field-artillery", "regular", "gun", 4),
        make_unit(11, "45e Ligne", 2, "infantry", "regular", "musket", 24),
        make_unit(12, "Voltigeurs", 2, "skirmishers", "regular", "musket", 12, false),
        make_unit(13, "Grenadiers a Pied", 2, "infantry", "guard", "musket", 24),
        make_unit(14, "Cuirassiers", 2, "heavy-cavalry", "regular", "sabre", 12),
        make_unit(15, "Chevau-legers Lanciers", 2, "light-cavalry", "regular", "lance", 12),
        make_unit(16, "12-pounder Battery", 2, "heavy-artillery", "regular", "gun", 4),
        make_unit(17, "Conscripts", 2, "infantry", "militia", "musket", 24),
    };
    b.unit(4)->traits["armoured"] = "";
    b.unit(14)->traits["armoured"] = "";
    b.unit(13)->traits["grenadiers"] = "";
    return b;
}

// The unit's formation as the battle keeps it (the formation codes of tables.toml).
inline void set_formation(model::Battle& b, int unit, int code) { b.unit(unit)->counters["formation"] = code; }
inline constexpr int kSquare = 4;
inline constexpr int kAssaultColumn = 2;
inline constexpr int kMarchColumn = 3;

} // namespace umpire::test
