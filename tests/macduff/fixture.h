#pragma once
// A small MacDuff battle on the shared ruleset fixture (tests/support/ruleset_fixture.h).
#include "support/ruleset_fixture.h"

namespace umpire::test {

inline const char* fixture_ruleset() { return "macduff"; }

// Two sides; units 1-3 British, 4-6 Pathan.
inline model::Battle frontier_battle() {
    model::Battle b;
    b.name = "Test action";
    b.ruleset = "macduff";
    b.sides = {{1, "Field Force", "red", {}}, {2, "Lashkar", "black", {}}};
    b.commanders = {{1, "Brigadier", 1, true, std::nullopt, model::CommanderStatus::Active},
                    {2, "Malik", 2, true, std::nullopt, model::CommanderStatus::Active}};
    struct Row {
        const char* name;
        int side;
        const char *type, *quality, *weapon;
        int figures;
    };
    // By id, from 1.
    const Row rows[] = {{"2nd Sikhs", 1, "infantry", "average", "rifle", 12},
                        {"Gordons", 1, "infantry", "elite", "rifle", 12},
                        {"Mountain Battery", 1, "artillery", "average", "light-gun", 4},
                        {"Afridis", 2, "infantry", "average", "jezzail", 12},
                        {"Ghazis", 2, "infantry", "poor", "none", 12},
                        {"Pathan Horse", 2, "cavalry", "average", "carbine", 8}};
    for (const Row& r : rows)
        b.units.push_back(make_unit(static_cast<int>(b.units.size()) + 1, r.name, r.side, r.type, r.quality, r.weapon,
                                    r.figures));
    return b;
}

inline model::Commander& add_commander(model::Battle& b, int id, std::string name, int side,
                                       bool general = false) {
    b.commanders.push_back({id, std::move(name), side, general, std::nullopt, model::CommanderStatus::Active});
    return b.commanders.back();
}

// The frontier battle with Colonel Ames (3) commanding the 2nd Sikhs (1) and the Gordons (2), and
// the General the Mountain Battery (3).
inline model::Battle with_ames() {
    auto b = frontier_battle();
    add_commander(b, 3, "Colonel Ames", 1);
    b.unit(1)->commander = 3;
    b.unit(2)->commander = 3;
    b.unit(3)->commander = 1;
    return b;
}

} // namespace umpire::test
