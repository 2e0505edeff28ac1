#pragma once
// Declared actions: each ruleset lists its actions and their inputs once. The same declaration
// drives the GUI form, the CLI flags, input validation and help text, so no front end carries
// per-action code.
#include <optional>
#include <string>
#include <vector>

namespace umpire::rules {

enum class InputKind {
    Count,      // a whole number within [min, max]: figures, gunners
    Distance,   // typed as 14, 14", 14in or 35cm; converted to rulebook inches by the battle's scale
    Choice,     // exactly one of `choices`: weapon, quality
    Modifiers,  // any subset of `choices`, each carrying a die modifier `value`
    Flag,       // yes / no: shaken, joined by a commander
    Areas,      // steps on the battle's grid of areas, typed as counted: 3, 2d, 2d+1 (rules/grid.h);
                // min and max are in areas
};
std::string_view input_kind_id(InputKind kind);

// What a Count input's number identifies, when it is an id rather than a quantity: a front end
// offers the battle's units, commanders or sides by name, and files keep the id.
enum class IdOf { Nothing, Unit, Commander, Side };
std::string_view id_of_id(IdOf of);

struct Choice {
    std::string id;        // stable id used on the command line and in files
    std::string label;     // what the umpire reads
    int value = 0;         // die modifier for Modifiers choices (+1, -1, ...)
    std::string help;
};

struct InputSpec {
    std::string id;        // "figures", "range", "weapon", "modifiers"
    std::string label;
    InputKind kind = InputKind::Count;
    int min = 0;
    int max = 0;
    std::vector<Choice> choices;
    std::string fallback;  // used when neither the umpire nor the selected unit gives a value
    bool required = true;  // a required input without value or fallback is an input error
    std::string help;
    IdOf id_of = IdOf::Nothing;  // Count only: the number is this kind of id

    const Choice* choice(std::string_view id) const;
};

struct ActionSpec {
    std::string id;         // "shoot", "melee", "rally"
    std::string name;       // "Shooting"
    std::string summary;    // one line for menus and --help
    std::string citation;   // where in the rules text
    bool needs_unit = false;    // acts for a unit (its values become the defaults)
    bool unit_optional = false; // may act for a unit, as one of its choices: offered, not required
    bool needs_target = false;  // acts on an enemy unit
    bool target_optional = false;  // a target may be named; effects land only when it is
    std::vector<InputSpec> inputs;

    const InputSpec* input(std::string_view id) const;
};

} // namespace umpire::rules
