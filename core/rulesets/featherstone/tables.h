#pragma once
// The Featherstone-like horse and musket rules' reference tables as the engine reads them:
// reference/featherstone/tables.toml (embedded) with a battle's house rules laid over it. No
// number of the rules lives in code.
#include "kit/ask.h"
#include "kit/table_reader.h"

#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace umpire::featherstone {

using Fraction = std::pair<int, int>;

struct Options {
    bool save_exactly = false;
    bool halves_round_up = true;
    bool impetus_all_cavalry = true;
    bool light_halved_on_heavy_only = true;
    bool woods_for_all = false;
    bool cover_in_melee = true;
    bool disorder_halves_melee = true;
    bool counter_battery_saves = true;
    bool unit_leaders = true;
    std::string threat_range = "canister";
};

enum class Arm { Infantry, Cavalry, Artillery };

struct TroopType : kit::Row {
    Arm arm = Arm::Infantry;
    bool skirmish = false;
    bool heavy = false;        // cavalry weight
    std::string battery;       // artillery: the artillery.batteries id
    std::vector<std::string> formations;
};

struct Quality : kit::Row {
    int grade = 0;
    bool reroll = false;
};

enum class WeaponKind { SmallArms, Melee, Artillery };

struct Weapon : kit::Row {
    WeaponKind kind = WeaponKind::Melee;
    std::vector<double> bands;  // small arms: the upper edge of each shooting band
    bool lance = false;
};

struct Band : kit::Row {
    int number = 0;  // shooting: roll at or under; artillery: hit on (0: always)
};

struct Shooting {
    int ranks = 2;
    int flank_bonus = 1;
    Fraction square_fraction{1, 4};
    int square_shots = 4;
    Fraction support_fraction{1, 2};
    std::string charging_cavalry_band = "long";
    Fraction charge_halted{1, 4};
    std::vector<Band> bands;
};

struct Battery : kit::Row {
    std::vector<double> ranges;  // the upper edge of each artillery band
};

struct CrewRule : kit::Row {
    int crew = 0;
    bool fire_after_move = true;
    bool may_move = true;
    bool every_other_turn = false;
    std::string text;
};

struct Artillery {
    double close_canister = 2;
    int close_canister_dice = 2;
    int damage_dice = 1;
    int assault_column = 1;
    int square_flank_march = 2;
    std::string skirmishers_halved_beyond = "canister";
    Fraction support_fraction{1, 2};
    int shots = 10;
    std::vector<Band> bands;
    std::vector<Battery> batteries;
    std::vector<CrewRule> crew;  // most crew first
};

struct CounterBatteryRow : kit::Row {
    int at_most = 0;
    std::string text;
    int men = 0;
    int men_in_open = 0;
    bool destroyed = false;
    bool destroyed_in_open = false;
};

struct Cover : kit::Row {
    int save = 0;
    int die_bonus = 0;
};

struct Saves {
    int formed = 5;
    int skirmish_or_crew = 4;
    int armoured = 4;
    int melee = 5;
    std::vector<Cover> cover;
};

struct Melee {
    int target = 4;
    int ranks_infantry = 3;
    int ranks_cavalry = 2;
    int impetus = 2;
    Fraction light_cavalry_dice{3, 2};
    Fraction light_on_heavy{1, 2};
    Fraction skirmishers_open{1, 2};
    Fraction square_figures{1, 2};
    Fraction square_cavalry{1, 2};
    int square_must_inflict = 4;
    int leader_involved = 1;
    int leader_attached = 2;
    int rerolls = 1;
    // The arms whose grenadiers and guards reroll: the rule is under "Infantry" (lines 248-250).
    std::vector<Arm> reroll_arms{Arm::Infantry};
    bool rerolls_for(Arm arm) const;
};

struct Pursuit {
    int infantry_dice = 1;
    int cavalry_dice = 1;
    int impetuous_dice = 2;
};

// One morale result: the table's words and what the app applies.
struct MoraleResult {
    std::string text;
    std::vector<std::string> results;
    bool has(std::string_view id) const;
    bool stands() const;  // neither disperses, routs, breaks nor falls back
};

enum class Column { Rally, Charged, Lost };

struct MoraleRow {
    int roll = 0;
    MoraleResult rally, charged, lost;
    const MoraleResult& column(Column c) const;
};

struct Morale {
    int die = 6;
    Fraction loss_step{1, 4};
    int per_step = -1;
    int threat = -1;
    double general_within = 4;
    std::vector<int> general_near;
    std::vector<int> general_attached;
    int leader_killed = -1;
    std::vector<MoraleRow> rows;  // by roll, lowest first
    const MoraleRow& row_for(int score) const;
};

struct Leaders {
    int hits_for_check = 6;
    std::vector<int> hit_on;
    std::vector<int> influence_hit_on;
    double safe_beyond = 8;
    std::vector<int> overrun_removed_on;
};

struct MoveRate : kit::Row {
    int rate = 0;
    std::vector<std::string> types;
    std::vector<std::string> formations;  // empty: any
};

struct Formation : kit::Row {
    int code = 0;
    bool march = false;
};

struct Movement {
    Fraction terrain{1, 2};
    double obstacle = 3;
    double march_road_bonus = 3;
    double cavalry_march_bonus = 3;  // cavalry's own march column (line 67)
    Fraction formation_change{1, 2};
    Fraction any_direction{1, 2};
    int artillery_road = 2;
    bool cavalry_march_bonus_off_road = true;
    std::vector<MoveRate> rates;
};

struct Tables {
    std::string name;
    Options options;
    std::vector<TroopType> troop_types;
    std::vector<Quality> qualities;
    std::map<std::string, std::string> traits;
    std::vector<Weapon> weapons;
    int figures_per_die = 5;
    bool count_half_remainders = true;
    Shooting shooting;
    Artillery artillery;
    int counter_battery_dice = 2;
    std::vector<CounterBatteryRow> counter_battery;
    Saves saves;
    Melee melee;
    Pursuit pursuit;
    double recall_within = 8;
    Morale morale;
    Leaders leaders;
    Movement movement;
    std::vector<Formation> formations;
    std::vector<kit::PlayerChoice> choices;  // the player's, asked when a result calls for one

    const TroopType* troop_type(std::string_view id) const;
    const Quality* quality(std::string_view id) const;
    const Weapon* weapon(std::string_view id) const;
    const Battery* battery(std::string_view id) const;
    const Cover* cover(std::string_view id) const;
    const Formation* formation(std::string_view id) const;
    const Formation* formation_by_code(int code) const;
    const CounterBatteryRow& counter_battery_row(int score) const;
    const CrewRule& crew_rule(int crew) const;
    // The movement table's row for a troop type in a formation; null when it has none.
    const MoveRate* rate_for(std::string_view type, std::string_view formation) const;
};

// The embedded tables with `house_rules` laid over them, parsed once, and the tables read from it.
kit::Reference load_reference(std::string_view house_rules);
Tables read_tables(const kit::Reference& reference);
Tables load_tables(std::string_view house_rules = {});

} // namespace umpire::featherstone
