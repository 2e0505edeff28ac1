#pragma once
// An Effect is one field of one thing changing from a value to a value: "unit 4 figures 12 -> 9",
// "unit 4 flag shaken 0 -> 1", "commander 2 status active -> wounded". Recording both ends makes
// every applied action exactly reversible, which is what undo and redo replay.
#include <cstdint>
#include <string>
#include <vector>

namespace umpire::model {

enum class Entity { Unit, Commander, Side, Battle };

struct Effect {
    Entity entity = Entity::Unit;
    int id = 0;             // unit, commander or side id; 0 for the battle
    std::string field;      // unit: "figures", "hits", "formed", "flag:shaken", "counter:KEY";
                            // commander: "status", "attached-unit" (-1 = none);
                            // side: "counter:KEY" (army morale, say); battle: "turn", "counter:KEY"
    std::int64_t before = 0;
    std::int64_t after = 0;
    std::string reason;     // one line for the journal: "3 hits from shooting"
};

std::string_view entity_id(Entity entity);

} // namespace umpire::model
