#pragma once
// A small Square Hearts battle on the shared ruleset fixture (tests/support/ruleset_fixture.h):
// played on squares, hit capacities by class, two commanders a side.
#include "support/ruleset_fixture.h"

#include "kit/side_phase.h"
#include "support/turn_table.h"
#include "turn/turn_engine.h"

namespace umpire::test {

inline const char* fixture_ruleset() { return "square-hearts"; }

inline model::Unit unit(int id, std::string name, int side, std::string type, std::string quality, std::string weapon,
                        int capacity, std::optional<int> commander = std::nullopt) {
    model::Unit u = make_unit(id, std::move(name), side, std::move(type), std::move(quality), std::move(weapon), 4);
    u.hit_capacity = capacity;
    u.commander = commander;
    return u;
}

// Side 1 the Field Force (commanders 1 General, 2 subordinate), side 2 the Ansar (3 General,
// 4 subordinate). Units 1-8 and 11-17.
inline model::Battle grid_battle() {
    model::Battle b;
    b.name = "Test action";
    b.ruleset = "square-hearts";
    b.distance_unit = "squares";
    b.turn = 2;
    b.sides = {{1, "Field Force", "red", {}}, {2, "Ansar", "black", {}}};
    b.commanders = {{1, "General Stewart", 1, true, std::nullopt, model::CommanderStatus::Active},
                    {2, "Colonel Burnaby", 1, false, std::nullopt, model::CommanderStatus::Active},
                    {3, "The Emir", 2, true, std::nullopt, model::CommanderStatus::Active},
                    {4, "Musa", 2, false, std::nullopt, model::CommanderStatus::Active}};
    b.units = {
        unit(1, "Guards", 1, "infantry", "elite", "rifle", 4, 2),
        unit(2, "Heavies", 1, "infantry", "regular", "rifle", 3, 2),
        unit(3, "Hussars", 1, "cavalry", "regular", "rifle", 3, 1),
        unit(4, "Screw guns", 1, "pack-artillery", "regular", "pack-horse-artillery", 3, 1),
        unit(5, "Gardner", 1, "mg", "regular", "mg", 3, 1),
        unit(6, "Field battery", 1, "artillery", "regular", "artillery", 3, 1),
        unit(7, "Armoured train", 1, "armoured-train", "regular", "mg", 3, 1),
        unit(8, "Wagons", 1, "wagon", "militia", "none", 2, 1),
        unit(11, "Spearmen", 2, "infantry", "regular", "none", 3, 4),
        unit(12, "Levies", 2, "infantry", "militia", "none", 2, 4),
        unit(13, "Riflemen", 2, "infantry", "regular", "rifle", 3, 3),
        unit(14, "Baggara", 2, "cavalry", "regular", "none", 3, 3),
        unit(15, "Krupp", 2, "pack-artillery", "militia", "pack-horse-artillery", 2, 3),
        unit(16, "Armoured car", 2, "armoured-car", "regular", "mg", 3, 3),
        unit(17, "Old guard", 2, "infantry", "elite", "none", 4, 4),
    };
    b.unit(11)->traits["irregular"] = "";
    return b;
}

// Marks the battle's turn sequence as in `phase` (a [turn] phase id) with `side` active, as the
// turn engine leaves it.
inline void in_phase(model::Battle& b, const std::string& phase, int side) {
    static const std::vector<std::string> ids = {"who-first", "first-orders", "first-actions", "first-melee",
                                                 "second-orders", "second-actions", "second-melee"};
    for (std::size_t i = 0; i < ids.size(); ++i)
        if (ids[i] == phase) b.counters[kit::kPhaseCounter] = static_cast<int>(i) + 1;
    b.counters[kit::kActiveSideCounter] = side;
}

// A commander's orders this turn, as a roll would leave them.
inline void give_orders(model::Battle& b, int commander, int orders) {
    b.counters["orders-turn-" + std::to_string(commander)] = b.turn;
    b.counters["orders-left-" + std::to_string(commander)] = orders;
}

inline int battle_counter(const model::Battle& b, const std::string& key) {
    auto it = b.counters.find(key);
    return it == b.counters.end() ? 0 : it->second;
}

// The Abu Klea test battle played through the turn engine from turn 1, each step applied as the desk
// and the CLI apply it: the places of [[turn.places]] and the obligations of [[owed]] hold.
struct PlayedTurn : TurnTable {
    PlayedTurn() : TurnTable(grid_battle(), "square-hearts") { battle.turn = 1; }
    // Each active commander of the player whose orders phase it is rolls a 3 for his orders.
    void roll_orders() {
        const std::vector<model::Commander> commanders = battle.commanders;
        for (const auto& k : commanders)
            if (k.side == kit::acting_side(battle) && k.status == model::CommanderStatus::Active)
                act(request("orders", {{"commander", std::to_string(k.id)}}), {3});
    }
    // The Field Force named first, its orders rolled: its move, shoot or rally phase.
    void to_first_actions() {
        start();
        apply(turn::name_first(battle, rules, 1));
        next();
        roll_orders();
        next();
    }
    // On to the next phase of `id`, rolling orders on the way.
    void until(const std::string& id) {
        while (phase() != id) {
            if (phase().find("orders") != std::string::npos) roll_orders();
            next();
        }
    }
};

} // namespace umpire::test
