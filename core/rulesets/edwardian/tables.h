#pragma once
// Edwardian Splendour's reference tables as the engine reads them: reference/edwardian/tables.toml
// (embedded) with a battle's house rules laid over it. No number of the rules lives in code.
#include "kit/table_reader.h"

#include <array>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace umpire::edwardian {

struct Options {
    bool general_headquarters = true;
    bool officers = true;
    bool standards = true;
    bool army_morale = true;
    bool mad_minute = true;
    bool mad_minute_needs_trait = false;
    bool obsolete_weapons = true;
    bool undisciplined_open_order_benefit = true;
    bool natural_six_always_kills = false;
    bool charge_bonus_needs_open = true;
    bool scenario_rules = true;
};

struct TroopType : kit::Row {
    double move = 0;
    double rough_cost = 1;
    double charge_bonus = 0;
    int crew_min = 0;
    bool gun = false;
    int range_numerator = 1;
    int range_denominator = 1;
    bool close_order = false;
    bool cavalry = false;
    bool moves = true;
    std::string reinforce_as;
};

struct Quality {
    std::string id;
    std::string name;
    int morale = 10;
    int spike = 0;
    int points = 3;
};

enum class WeaponKind { Rifle, Mg, Gun, None };

struct Weapon {
    std::string id;
    std::string name;
    WeaponKind kind = WeaponKind::None;
    std::vector<double> bands;        // rifle / mg: upper edges of short, medium, long
    double bracket = 0;               // gun
    int brackets = 0;
    std::vector<std::string> rounds;  // gun: shell, canister, solid-shot
    bool muzzle = false;
    bool crew_sight_only = false;
    bool obsolete = false;
    bool scenario = false;
    std::string note;

    bool fires(std::string_view round) const;
};

struct Round {
    std::string id;
    std::string name;
    int code = 0;
};

struct Modifier {
    std::string id;
    std::string name;
    int value = 0;
    std::string group;                   // at most one of a group
    std::string for_fire = "both";       // fire modifiers: rifle, mg or both
    std::vector<std::string> types;      // melee: only for these troop types (empty: any)
    std::vector<std::string> not_types;  // melee: never for these
    std::string requires_id;             // comes on top of this modifier
    bool scenario = false;
    bool cover = false;                  // a benefit of terrain or cover: never for charging figures
    std::string trait;                   // melee: only for units with this roster trait
    std::vector<std::string> against;    // melee: only against these troop types (with `trait`:
                                         // opponents without that trait, the regulars)
    std::string help;
};

struct Fire {
    std::array<int, 3> kill_on{4, 5, 6};
    int poorly_armed_per_die = 2;
    double over_friends = 1;  // firing from a hill over friends: the target this far beyond them
    std::vector<Modifier> modifiers;
};

struct Mg {
    int jam_on = 6;
    int crew_to_fire = 1;
    int one_crewman_modifier = -1;
    int full_crew = 2;
};

struct Artillery {
    std::array<double, 3> deviation_factor{1, 2, 3};
    std::array<int, 6> deviation_multiple{-2, -1, 0, 0, 1, 2};
    std::vector<int> zeroing;  // by firing at the same point: 1st, 2nd, 3rd and later
    double blast_radius = 2;
    int kill_on = 4;
    int crew_to_fire = 1;
    int full_crew = 3;
    int crew_modifier = -1;
    std::vector<Modifier> modifiers;
};

struct Canister {
    double reach = 8;
    int kill_on = 4;
    std::vector<Modifier> modifiers;
};

struct SolidShot {
    std::array<double, 6> deviation{-2, -1, 0, 0, 1, 2};
    std::array<double, 3> bands{12, 24, 36};
    std::array<int, 3> kill_on{4, 5, 5};
    bool long_painted_on_odd = true;
    bool horse_shortened = true;  // horse guns: the stick, its red part too, two-thirds as long (R16)
    std::vector<Modifier> modifiers;
};

struct Movement {
    double road_cost = 0.5;
    double obstacle_rough = 1;
    bool river_as_rough = true;
};

struct Obstruction {
    std::string id;
    std::string name;
    double height = 0;
};

struct Sight {
    double first_shadow = 0.5;
    double shadow_factor = 0.5;
    std::vector<Obstruction> obstructions;
};

struct Melee {
    int descending_level = 1;
    std::string descending_requires;
    int max_group = 6;
    int max_chain = 8;
    std::vector<Modifier> modifiers;
};

struct Morale {
    int dice = 2;
    int step_numerator = 1;
    int step_denominator = 4;
    int total_modifier = 1;
    int phase_modifier = 1;
    int hard_cover = -1;
    int officer_present = -1;
    int officer_killed = 1;
    int standard_present = -1;
    int standard_captured = 1;
    int spike_on = 4;
};

struct Ghq {
    int destroyed_up_to = 3;
    int moves_away_up_to = 5;
};

// The Campaign Game (III Campaign Game, Unit Quality Levels): what one battle file can run.
struct Campaign {
    std::string reinforcement_quality = "average";  // "re-enforcements (by default, Average)"
    bool reinforcements_always_dilute = true;        // R40: false counts them only when of a lower grade
    bool transfers_capped = true;                    // R41: transfers never above starting strength
    int newcomers_numerator = 1;                     // more than this fraction of newcomers ...
    int newcomers_denominator = 2;                   // ... drops the unit a grade
    int conquest_margin = 3;                         // wins more than losses that conquer a country
    int promotion_battles = 3;                       // consecutive battles without failing morale
    int promotion_battles_with_victory = 2;          // ... of which one a victory
};

struct Tables {
    std::string name;
    Options options;
    std::vector<TroopType> troop_types;
    std::vector<Quality> qualities;  // as listed: best first
    std::map<std::string, std::string> traits;
    double fast_foot_move = 8;
    double fast_foot_charge = 4;
    std::vector<Weapon> weapons;
    std::vector<Round> rounds;
    Fire fire;
    Mg mg;
    int mad_minute_dice = 1;
    Artillery artillery;
    Canister canister;
    SolidShot solid_shot;
    Movement movement;
    Sight sight;
    Melee melee;
    Morale morale;
    bool round_half_up = true;
    Ghq ghq;
    int army_lost_numerator = 1;
    int army_lost_denominator = 2;
    std::map<std::string, std::array<int, 6>> reinforcements;  // by reinforce_as
    Campaign campaign;
    std::vector<std::string> open_order_traits;  // a roster unit with one stands in open order only
    double sway_reach = 6;
    int swayed_on = 1;
    bool sway_once = true;  // a leader's oratory works the first time enemy figures come near (R37)

    const TroopType* troop_type(std::string_view id) const;
    const Quality* quality(std::string_view id) const;
    const Quality* quality_by_points(int points) const;
    const Weapon* weapon(std::string_view id) const;
    const Round* round(std::string_view id) const;
    const Round* round_by_code(int code) const;
    const Obstruction* obstruction(std::string_view id) const;
};

// Finds a modifier by id in a list; nullptr if absent.
const Modifier* find_modifier(const std::vector<Modifier>& list, std::string_view id);

// Parses the embedded tables with `house_rules` (TOML, may be empty) laid over them. Throws
// rules::InputError naming the entry and field that is wrong.
Tables load_tables(std::string_view house_rules = {});
// The embedded tables with `house_rules` laid over them, parsed once, and the tables read from it.
kit::Reference load_reference(std::string_view house_rules);
Tables read_tables(const kit::Reference& reference);

// The embedded reference file itself, for the quick-reference sheet and the GUI.
std::string_view reference_text();

} // namespace umpire::edwardian
