#pragma once
// Roster files: a human-editable TOML description of a battle's sides, commanders and units.
// Loading errors name the file, line and column and say what was expected.
#include "model/battle.h"

#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace umpire::roster {

// The most figures a unit may have, in a roster file or typed in the roster editor.
inline constexpr int kMaxFigures = 10000;

class RosterError : public std::runtime_error {
public:
    RosterError(std::string file, int line, int column, std::string message);
    const std::string& file() const { return file_; }
    int line() const { return line_; }
    int column() const { return column_; }
    const std::string& message() const { return message_; }

private:
    std::string file_;
    int line_;
    int column_;
    std::string message_;
};

// Checks a ruleset-specific value ("type", "quality", "weapon", "trait"): nullopt if fine, else what was
// expected ("one of: infantry, cavalry, artillery"). Keeps the roster module free of rules.
using ValueChecker =
    std::function<std::optional<std::string>(std::string_view field, std::string_view value)>;

// Checks a unit against the units read before it (`so_far`): nullopt if its side may field it,
// else why not (a second band in an army). Rules::Ruleset::check_roster_unit.
using UnitChecker = std::function<std::optional<std::string>(const model::Battle& so_far, const model::Unit& unit)>;

model::Battle parse_roster(std::string_view text, const std::string& source_name,
                           const ValueChecker& check = {}, const UnitChecker& check_unit = {});
model::Battle load_roster_file(const std::string& path, const ValueChecker& check = {},
                               const UnitChecker& check_unit = {});

// The checks of the ruleset a roster names, chosen from its header (ruleset, house rules) once
// that is read and before any unit is: the roster is read once and a typo is still reported with
// its line and column. roster::checks_for (roster/checks.h) makes them from a ruleset.
struct RosterChecks {
    ValueChecker value;
    UnitChecker unit;
};
using ChecksForHeader = std::function<RosterChecks(const model::Battle& header)>;
model::Battle parse_roster_checked(std::string_view text, const std::string& source_name,
                                   const ChecksForHeader& checks_for);
model::Battle load_roster_file_checked(const std::string& path, const ChecksForHeader& checks_for);
// Writes a battle's starting roster back as TOML that parse_roster reads.
std::string write_roster(const model::Battle& battle);

// The sample MacDuff roster embedded in the binary: the demo battle.
std::string_view demo_roster();

} // namespace umpire::roster
