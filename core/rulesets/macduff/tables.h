#pragma once
// MacDuff's reference tables as the engine reads them: reference/macduff/tables.toml (embedded)
// with a battle's house rules laid over it. No number of the rules lives in code.
#include "kit/ask.h"
#include "kit/dice_math.h"
#include "kit/table_reader.h"

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
    bool indirect = false;       // needs no line of fire (mortars, rockets)
    bool ignores_cover = false;  // takes no cover modifier (mortars, rockets)
    int rogue_on = 0;    // natural score that goes astray (rockets); 0 for none
    std::string note;
};

struct Modifier {
    std::string id;
    std::string name;
    int value = 0;
    bool reroll_misses = false;
    bool artillery_only = false;
    std::string group;         // modifiers of one group count once (difficult, superior)
    bool cover = false;        // a cover modifier: weapons that ignore cover do not take it
    bool first_fire = false;   // the first-fire bonus: once per unit per game
    std::string citation;
    std::string help;
};

// A die's result read from a table of rows by minimum score (rally test, Steady Men!).
struct RollResult {
    int min = 0;
    std::string id;
    std::string name;
    std::string text;
};

struct Quality {
    std::string id;
    std::string name;
    int shaken_numerator = 1;    // shaken when lost * denominator > start * numerator
    int shaken_denominator = 2;
    int rally_modifier = 0;
};

using RallyResult = RollResult;

struct Shooting {
    std::string citation;
    int figures_per_die = 2;
    int gunners_per_die = 1;
    int long_range_divisor = 2;
    int shaken_divisor = 2;
    int hit_on = 5;
    int formed_infantry_ranks = 2;
    int other_ranks = 1;
    int dense_behind_range = 6;
    bool behind_needs_dense_target = true;  // R38: misses at the unit behind only at a dense target
    int fire_on = 6;
    std::vector<Weapon> weapons;
    std::vector<Modifier> modifiers;
};

struct Melee {
    std::string citation;
    int figures_per_die = 2;
    int shaken_divisor = 2;
    int hit_on = 4;
    int formed_ranks = 2;
    int unformed_ranks = 1;
    std::vector<Modifier> modifiers;
};

struct OverheadFire {
    std::string citation;
    bool long_range_only = true;
};

struct BreachGun {
    std::string id;
    std::string name;
    int dice = 0;
    std::vector<std::string> weapons;  // roster weapons that default to this gun
    std::vector<std::string> traits;   // roster traits that default to this gun (win over weapons)
};

struct Breaching {
    std::string citation;
    int max_range = 6;
    int breach_on = 6;
    std::vector<BreachGun> guns;
};

// Figures per die with the remainder rule switchable (rulings.md): fires, engineering.
using kit::PerDie;

struct Fires {
    std::string citation;
    PerDie dice;
    int out_on = 4;
    int damage_dice = 1;
};

struct Commanders {
    std::string citation;
    int command_range = 12;
    int order_on = 4;
    int join_range = 12;
    int follow_me_dice = 1;
    int capture_range = 1;
    bool capture_tie_escapes = true;
    std::string lost_with_unit_status = "killed";
    std::vector<RollResult> steady_men;  // highest `min` first
};

struct MoveRow : kit::Row {
    std::string terrain_class;
    int dice = 0;
    int fast_dice = 0;
    int horse_dice = 0;
    int with_current_dice = 0;
    int against_current_dice = 0;
    int downwind_dice = 0;
    int drift_dice = 0;
    int accident_all = 0;
    int derail_on = 0;
    int repair_dice = 0;
    int charge_dice = 0;
    bool average_dice_allowed = false;
};

struct Movement {
    std::string citation;
    int march_dice = 1;
    int road_column_dice = 2;
    int follow_me_dice = 1;
    int band_dice = 1;
    int band_range = 6;
    bool well_drilled_average_dice = true;
    std::vector<int> average_die;               // six faces
    std::vector<std::string> basic_move_excludes;
    std::string halving = "exact";              // "exact", "down" or "up"
    std::vector<MoveRow> rows;
};

struct Ground {
    std::string id;
    std::string name;
    std::string examples;  // what counts as this ground, for the form and the sheet
    std::string citation;
    std::map<std::string, std::string> modes;  // terrain class -> mode
    std::string other = "full";
    std::string road;   // empty: the road does not change the mode
    std::string gap;    // empty: a gap does not open a barred ground
    bool disorders = false;  // formed troops moving over it off road end unformed
    const std::string& mode_for(const std::string& terrain_class) const;
};

struct Terrain {
    std::string citation;
    std::map<std::string, std::string> classes;
    std::vector<std::string> light_artillery_weapons;
    std::vector<Ground> grounds;
};

struct Reactions {
    std::string citation;
    int counter_charge_dice = 1;
    // The movement rows each reaction is for, read when no unit reacts (R43).
    std::vector<std::string> counter_charge_rows;
    std::vector<std::string> form_square_rows;
    std::vector<std::string> fall_back_rows;
};

struct ArmyMorale {
    std::string citation;
    int divisor = 2;
    bool count_half_remainders = true;
    int per_unit_lost = 1;
    int per_commander_lost = 1;
    int concede_at = 0;
    std::vector<std::string> not_counted;
    bool reinforcements_count = false;  // a spare unit arriving raises the level (R60)
};

struct Task {
    std::string id;
    std::string name;
    int points = 0;
    int points_per_inch = 0;
    bool needs_engineer = false;
    bool needs_pontoon_wagon = false;
    bool needs_supplies = false;
    std::string worker = "pioneers";
    std::string citation;
};

struct DemolitionTarget {
    std::string id;
    std::string name;
    int points = 0;
};

struct Engineering {
    std::string citation;
    PerDie dice;
    int supplies_range = 6;
    std::vector<Task> tasks;
    std::string demolitions_citation;
    std::vector<DemolitionTarget> demolition_targets;
};

struct Hospital {
    std::string citation;
    int return_on = 4;
    int casualties_returned = 1;
    std::vector<std::string> uncivilised_sides;  // 12.3, R61: sides that may shoot at bands and hospitals
};

struct Detachments {
    std::string citation;
    int range = 12;
    std::string strength = "split";  // "split" or "keep"
};

// Chance cards (Optional Rules 2, Sample cards): the numbers of the cards the chance actions
// resolve. The cards themselves (title, text, colour, action) are the chance deck's.
struct SniperCard {            // They Couldn't Hit an Elephant
    std::string card;          // the card's id in the deck
    std::string name;
    int dice = 1;
    std::vector<int> lost_on;  // the scores on which the General is out of the game
    std::string status = "wounded";  // how the model records it unless the umpire says otherwise
};

struct RecoveryCard {          // Never Say Die
    std::string card;
    std::string name;
    int dice = 1;              // that many d6 of casualties recovered
};

struct HuzzahCard {            // Huzzah!
    std::string card;
    std::string name;
    int move_dice = 1;         // d6 inches added to a move...
    int melee_modifier = 1;    // ...or this to each melee die
};

struct ReinforceCard {          // We Marched All Night
    std::string card;
    std::string name;
};

struct RisingCard {             // Rising to the Occasion
    std::string card;
    std::string name;
    std::string successor;     // the replacement's name: "{name}" is the fallen commander's
};

// A card that names a unit: whose unit, and what the app does with it.
struct NominateCard {
    std::string id;            // the card's id in the deck
    std::string name;
    std::string whose;         // "enemy", "own", "not-active" (the side which is not active) or "any"
    std::string effect;        // "not-activated", "no-move", "advance", "extra-melee-die" or "note"
    int extra_dice = 0;        // "extra-melee-die": dice added in a melee the unit charges into
    // By the drawing side's colour, the troop types the card may name (a colour not listed: any).
    std::map<std::string, std::vector<std::string>> troop_types;
};

struct ChanceCards {
    std::string citation;
    SniperCard sniper;
    RecoveryCard recovery;
    HuzzahCard huzzah;
    ReinforceCard reinforce;
    RisingCard rising;
    std::vector<NominateCard> nominate;
};

// The id of the melee modifier Huzzah! adds (its value is ChanceCards::huzzah.melee_modifier).
inline constexpr const char* kHuzzahModifier = "huzzah";

struct Rally {
    std::string citation;
    int joined_commander_modifier = 1;
    std::vector<RallyResult> results;  // highest `min` first
};

struct Tables {
    std::string name;
    std::vector<kit::PlayerChoice> choices;  // the player's, asked when a card is played (R54, R59)
    std::map<std::string, std::string> troop_types;
    std::map<std::string, std::string> traits;
    std::vector<Quality> qualities;
    Shooting shooting;
    Melee melee;
    Rally rally;
    OverheadFire overhead;
    Breaching breaching;
    Fires fires;
    Commanders commanders;
    Movement movement;
    Terrain terrain;
    Reactions reactions;
    ArmyMorale army_morale;
    Engineering engineering;
    Hospital hospital;
    Detachments detachments;
    ChanceCards chance;

    const Weapon* weapon(std::string_view id) const;
    const Quality* quality(std::string_view id) const;
    const Modifier* shooting_modifier(std::string_view id) const;
    const Modifier* melee_modifier(std::string_view id) const;
    const RallyResult& rally_result(int modified_score) const;
    const RollResult& steady_men_result(int die) const;
    const MoveRow* move_row(std::string_view id) const;
    const Ground* ground(std::string_view id) const;
    const Task* task(std::string_view id) const;
    const DemolitionTarget* demolition_target(std::string_view id) const;
    const BreachGun* breach_gun(std::string_view id) const;
    const NominateCard* nominate_card(std::string_view id) const;
    // The card that adds melee dice to a charging unit (I'll Try Sir!), or null if the table has none.
    const NominateCard* extra_die_card() const;
    // The card that activates a unit out of turn (Seizing the Moment), or null.
    const NominateCard* activate_card() const;
};

// Parses the embedded tables with `house_rules` (TOML, may be empty) laid over them. Tables
// inside tables merge key by key; arrays of tables with `id`s merge by id, so a house rule can
// change one weapon's range without restating the others. Throws rules::InputError naming the
// entry and field that is wrong.
Tables load_tables(std::string_view house_rules = {});
// The same from a reference already merged and parsed (the ruleset reads its tables once).
Tables read_tables(const kit::Reference& reference);

// The embedded tables with `house_rules` laid over them, parsed once: what read_tables reads.
kit::Reference load_reference(std::string_view house_rules);

// The embedded reference file itself, for the quick-reference sheet and the GUI.
std::string_view reference_text();

} // namespace umpire::macduff
