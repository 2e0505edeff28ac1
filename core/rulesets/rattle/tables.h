#pragma once
// The Rattle of Dice's reference tables as the engine reads them: reference/rattle/tables.toml
// (embedded) with a battle's house rules laid over it. No number of the rules lives in code.
#include "kit/dice_math.h"
#include "kit/table_reader.h"

#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace umpire::rattle {

using Fraction = std::pair<int, int>;  // [numerator, denominator]

struct Options {
    bool count_half_remainders = true;
    std::string half_rank_rounding = "exact";  // "exact", "down", "up"
    bool failed_detached_roll_uses_action = false;
    bool bearer_lost_when_flag_captured = true;
    bool defensive_fire_first_counts = true;
    bool rally_general_and_band_add_up = false;  // R28: "+1 joined by general or a band" is one +1
};

enum class Shoots { Figures, Gunners, None };
enum class Evades { Always, Skirmish, Never };

struct TroopType : kit::Row {
    double move = 0;
    Shoots shoots = Shoots::Figures;
    int melee_per = 4;
    int defensive_per = 0;  // 0: as in melee
    bool half_ranks = false;
    bool difficult = false;
    bool barred = false;
    bool defensive_fire = false;
    bool gun = false;
    double unlimbered_move = 0;
    bool mounted = false;
    double dismounted_move = 0;
    Evades evades = Evades::Never;
    bool colours = false;
    bool works = false;
    bool observer = false;
    bool band = false;
    std::string moves_by = "land";  // "land", "water", "rail"
    std::string formation;  // "line", "column", "skirmish", "none"
};

struct Quality : kit::Row {
    int detached = 0;
    int melee = 0;
    int rally = 0;
    bool free_terrain = false;
};

struct Formation : kit::Row {
    int code = 0;
    bool vulnerable = false;
    bool difficult = false;
    bool free_terrain = false;
    bool road = false;
};

struct Weapon : kit::Row {
    double range = 0;
    double canister = 0;
    std::string overhead = "none";  // "hill", "anywhere", "none"
    bool melee_only = false;
    bool crew = false;  // served by gunners: a shot with no troop type named counts gunners
    std::string note;
};

struct Modifier : kit::Row {
    int value = 0;
    bool defensive_only = false;
    bool charged_only = false;  // only for a unit that charged this turn (the charge bonus)
    std::string citation;
    std::string help;
};

struct Task : kit::Row {
    int points = 0;  // 0: set by the GM
};

struct Movement {
    double road_factor = 2;
    Fraction backwards{1, 2};
    Fraction terrain{1, 2};
    Fraction formation_change{1, 2};
    Fraction embark{1, 2};
    Fraction counter_charge{1, 2};
    std::string citation;
};

struct Generals {
    double move = 24;
    double urging_reach = 12;
    int urging_dice = 1;
    std::string citation;
};

struct Trains {
    double rail = 18;
    double cross_country = 6;
    double speed_change = 9;
    int crash_figures_per_die = 4;
    int crash_casualty_on = 5;
    std::string citation;
};

struct Shaken {
    bool enabled = false;
    Fraction lost{1, 2};
    int divisor = 2;
    std::string citation;
};

struct Tables {
    std::string name;
    Options options;
    int hit_on = 5;
    std::string dice_citation;
    std::vector<TroopType> troop_types;
    std::vector<Quality> qualities;
    std::vector<Formation> formations;
    std::map<std::string, std::string> traits;
    double detached_reach = 12;
    int detached_roll_on = 3;
    std::string detached_citation;
    Movement movement;
    Generals generals;
    double boat_current = 3;
    std::string boats_citation;
    Trains trains;
    int figures_per_die = 4;
    int gunners_per_die = 2;
    int arc = 90;
    std::string shooting_citation;
    std::vector<Weapon> weapons;
    double overhead_gap = 6;
    std::string overhead_citation;
    std::vector<Modifier> shooting_modifiers;
    int melee_full_ranks = 2;
    std::vector<int> melee_half_ranks;
    double out_of_turn_reach = 6;
    std::string melee_citation;
    std::vector<Modifier> melee_modifiers;
    int rally_on = 4;
    int rally_general = 1;
    int rally_band = 1;
    std::string rally_citation;
    int steady_cancel_on = 4;
    int steady_general_hit_on = 1;
    std::string steady_citation;
    int flag_cancel_on = 4;
    int flag_bearer_hit_on = 1;
    std::string flag_citation;
    int party = 4;
    std::string sappers_citation;
    std::vector<Task> tasks;
    std::vector<Task> demolitions;
    Shaken shaken;

    const TroopType* troop_type(std::string_view id) const;
    const Quality* quality(std::string_view id) const;
    const Formation* formation(std::string_view id) const;
    const Formation* formation_by_code(int code) const;
    const Weapon* weapon(std::string_view id) const;
    kit::PerDie per_die(int per) const { return {per, options.count_half_remainders}; }
};

std::string_view reference_text();
kit::Reference load_reference(std::string_view house_rules);
Tables read_tables(const kit::Reference& reference);
Tables load_tables(std::string_view house_rules = {});

} // namespace umpire::rattle
