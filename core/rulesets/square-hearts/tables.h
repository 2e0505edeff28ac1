#pragma once
// Square Hearts' reference tables as the engine reads them: reference/square-hearts/tables.toml
// (embedded) with a battle's house rules laid over it. No number of the rules lives in code.
#include "kit/table_reader.h"

#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace umpire::square_hearts {

struct Options {
    bool broken_one_left = true;       // "reduced to a single hit": one hit left (R1); false: the first hit
    bool modifier_groups_stack = false;
    bool mg_is_artillery = true;
};

struct GridKind : kit::Row {
    double diagonal = 0;  // areas a diagonal step counts; 0: no diagonals
    int arc = 45;         // degrees either side of ahead
};

enum class Kind { Infantry, Cavalry, Artillery, Other };
enum class Difficult { Enters, Road, Free };

struct TroopType : kit::Row {
    int move = 2;
    int move_and_shoot = 0;
    bool rails = false;
    bool approach = false;
    Difficult difficult = Difficult::Enters;
    bool breaks = false;
    bool hard_target = false;
    bool armoured = false;
    Kind kind = Kind::Other;
};

struct Quality : kit::Row {
    int capacity = 3;
};

struct Weapon : kit::Row {
    int dice = 0;
    int range = 0;
    bool indirect = false;
};

struct Modifier : kit::Row {
    int value = 0;
    std::string group;                 // of one group only one counts (unless they stack)
    bool automatic = false;            // applied by the rule, not ticked
    std::vector<std::string> qualities;  // rally: applies by the unit's class alone
    std::string help;
};

struct Movement {
    int road_bonus = 1;
    int train_change = 2;
    int retreat_moves = 2;
};

struct Commanders {
    int order_dice = 1;
    int deferred_dice = 2;
    int order_range = 6;
    int move = 3;
    int escape_move = 3;
    int melee_hits_on = 4;
    int melee_killed_on = 1;
    int shot_killed_on = 1;
    int replacement_turns = 1;
};

struct Shooting {
    int hit_on = 4;
    std::pair<int, int> half_range{1, 2};
    int dense_dice = 1;
    int column_dice = 1;
    int observed_min_range = 6;
    int radio_on = 2;
    std::vector<Modifier> modifiers;
};

struct Melee {
    int dice = 2;
    int column_dice = 1;
    int hit_on = 4;
    int support_dice = 1;
    int support_hits_on = 6;
    std::vector<Modifier> modifiers;
};

struct Rally {
    int rally_on = 4;
    int hits_cancelled = 1;
    std::vector<Modifier> modifiers;
};

struct Tables {
    std::string name;
    Options options;
    std::vector<GridKind> grids;
    std::vector<TroopType> troop_types;
    std::vector<Quality> qualities;
    std::vector<Weapon> weapons;
    std::map<std::string, std::string> traits;
    Movement movement;
    Commanders commanders;
    Shooting shooting;
    Melee melee;
    Rally rally;
    std::vector<std::string> phase_ids;    // the [turn] phases in order (1-based in the phase counter)
    std::vector<std::string> phase_names;  // their names, as the turn panel shows them

    const TroopType* troop_type(std::string_view id) const;
    const Quality* quality(std::string_view id) const;
    const Weapon* weapon(std::string_view id) const;
    const GridKind* grid(std::string_view id) const;
};

const Modifier* find_modifier(const std::vector<Modifier>& list, std::string_view id);

kit::Reference load_reference(std::string_view house_rules);
Tables read_tables(const kit::Reference& reference);
std::string_view reference_text();

} // namespace umpire::square_hearts
