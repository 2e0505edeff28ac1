#pragma once
// File > New battle, without the drawing: the form's values, the live house-rules check, and
// building the battle from them. Rules are asked of core: the ruleset checks roster values and
// house rules, core/roster merges several rosters.
#include "desk/desk.h"
#include "model/battle.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace umpire::desk {

struct NewBattleForm {
    std::string ruleset;               // registry id
    std::vector<std::string> rosters;  // roster files, in the order their sides are numbered
    // The battle's options; blank means "as the (first) roster says".
    std::string name;
    std::string distance_unit;         // "", "in" or "cm"; on a grid "squares" or "hexes"
    std::string scale;                 // "1.5", "x1.5"
    std::string house_rules;           // TOML over the ruleset's tables; blank: the rosters'
    std::string save_path;             // the battle file to create
};

// "x1.5", "×1.5", "1.5" -> 1.5; blank -> nullopt with no error. Anything else, or a scale
// outside (0, 100], sets `error` and returns nullopt.
std::optional<double> parse_scale(std::string_view text, std::string& error);

// "" when `house_rules` fits `ruleset`'s tables, else what is wrong (with line and column).
std::string check_house_rules(const std::string& ruleset, const std::string& house_rules);

// The live check the dialog shows under the house rules, recomputed only when the text or the
// ruleset changed (building a ruleset parses its tables: too slow for every frame).
class HouseRulesCheck {
public:
    const std::string& error(const std::string& ruleset, const std::string& house_rules);

private:
    bool checked_ = false;
    std::string ruleset_, text_, error_;
};

// The distance units `ruleset` is played in (rules::Ruleset::distance_units: in and cm, or the
// squares and hexes of a grid), asked of the ruleset once per id and remembered, since the
// dialog asks every frame. Empty for an unknown id.
const std::vector<std::string>& distance_units_of(const std::string& ruleset);
// How the dialog names a distance unit: "inches", "cm", "squares", "hexes".
std::string distance_unit_label(const std::string& unit);

// The battle the form describes: rosters read and checked against the ruleset, merged, the
// options applied, the house rules checked. Throws roster::RosterError or std::invalid_argument
// / rules::InputError with a message for the umpire; reads files but writes nothing.
model::Battle build_new_battle(const NewBattleForm& form);

// build_new_battle, then the battle file (never overwriting one) and a desk on it.
Desk create_new_battle(const NewBattleForm& form);

// The *.toml files in `dir`, sorted by name; empty when the folder is missing.
std::vector<std::string> list_rosters(const std::string& dir);

} // namespace umpire::desk
