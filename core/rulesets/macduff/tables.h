#pragma once
// MacDuff's reference tables as the engine reads them: reference/macduff/tables.toml (embedded)
// with a battle's house rules laid over it. No number of the rules lives in code.
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace umpire::macduff {

struct Weapon {
    std::string id;
    std::string name;
    int close = 0;       // close range in rulebook inches; 0 means it cannot shoot
    int long_range = 0;  // 0 when there is no long range
    bool crew_served = false;
    int rogue_on = 0;    // natural score that goes astray (rockets); 0 for none
    std::string note;
};

struct Modifier {
    std::string id;
    std::string name;
    int value = 0;
    bool reroll_misses = false;
    bool artillery_only = false;
    std::string citation;
    std::string help;
};

struct Quality {
    std::string id;
    std::string name;
    int shaken_numerator = 1;    // shaken when lost * denominator > start * numerator
    int shaken_denominator = 2;
    int rally_modifier = 0;
};

struct RallyResult {
    int min = 0;
    std::string id;
    std::string name;
    std::string text;
};

struct Shooting {
    std::string citation;
    int figures_per_die = 2;
    int gunners_per_die = 1;
    int long_range_divisor = 2;
    int shaken_divisor = 2;
    int hit_on = 5;
    std::vector<Weapon> weapons;
    std::vector<Modifier> modifiers;
};

struct Melee {
    std::string citation;
    int figures_per_die = 2;
    int shaken_divisor = 2;
    int hit_on = 4;
    std::vector<Modifier> modifiers;
};

struct Rally {
    std::string citation;
    int joined_commander_modifier = 1;
    std::vector<RallyResult> results;  // highest `min` first
};

struct Tables {
    std::string name;
    std::map<std::string, std::string> troop_types;
    std::map<std::string, std::string> traits;
    std::vector<Quality> qualities;
    Shooting shooting;
    Melee melee;
    Rally rally;

    const Weapon* weapon(std::string_view id) const;
    const Quality* quality(std::string_view id) const;
    const Modifier* shooting_modifier(std::string_view id) const;
    const Modifier* melee_modifier(std::string_view id) const;
    const RallyResult& rally_result(int modified_score) const;
};

// Parses the embedded tables with `house_rules` (TOML, may be empty) laid over them. Tables
// inside tables merge key by key; arrays of tables with `id`s merge by id, so a house rule can
// change one weapon's range without restating the others. Throws rules::InputError naming the
// entry and field that is wrong.
Tables load_tables(std::string_view house_rules = {});

// The embedded tables with `house_rules` laid over them, as TOML text.
std::string merged_reference(std::string_view house_rules);

// The embedded reference file itself, for the quick-reference sheet and the GUI.
std::string_view reference_text();

} // namespace umpire::macduff
