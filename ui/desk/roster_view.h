#pragma once
// What the roster panel lists, worked out without drawing: which units match the search and the
// filters, in which order, grouped by side and commander, with collapsed groups left out. A
// flat list of rows, so the panel can draw only the rows on screen (500 units stay smooth).
// Presentation only: the order and the filters read the unit's flags and figures, never a rule.
#include "model/battle.h"

#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace umpire::desk {

enum class RosterSort { Roster, Name, Strength, Status };
std::string_view roster_sort_name(RosterSort sort);  // "Roster order", "Name", ...
inline constexpr RosterSort kAllRosterSorts[] = {RosterSort::Roster, RosterSort::Name,
                                                 RosterSort::Strength, RosterSort::Status};

struct RosterQuery {
    std::string text;            // case-insensitive part of the name ("gurk")
    RosterSort sort = RosterSort::Roster;
    bool needs_rally = false;    // only units marked "needs rally"
    bool not_activated = false;  // only units on the table that have not activated
    bool shaken = false;         // only shaken units
    bool hide_routed = false;    // leave routed and destroyed units out

    bool filters_anything() const {
        return !text.empty() || needs_rally || not_activated || shaken || hide_routed;
    }
};

// A group the umpire can fold away: a side, or one commander's units within it (no commander:
// the side's units without one).
struct GroupKey {
    int side = 0;
    bool whole_side = true;
    std::optional<int> commander;
    auto operator<=>(const GroupKey&) const = default;
};
inline GroupKey side_group(int side) { return {side, true, std::nullopt}; }
inline GroupKey commander_group(int side, std::optional<int> commander) { return {side, false, commander}; }

struct RosterRow {
    enum class Kind { Side, Commander, Unit };
    Kind kind = Kind::Unit;
    int side = 0;
    std::optional<int> commander;  // Commander rows; Unit rows: the unit's group commander
    int unit = 0;                  // Unit rows
    int shown = 0;                 // header rows: how many units of the group match
    bool collapsed = false;        // header rows
};

bool unit_matches(const model::Battle& battle, const model::Unit& unit, const RosterQuery& query);
// Strength left, 0..1: figures now of start, or hits left of capacity.
double strength_fraction(const model::Unit& unit);
// Higher for a unit in more trouble (routed, then shaken, needs rally, disordered, pinned).
int trouble(const model::Unit& unit);

// Sides in order; within each, its commanders (then "no commander") and their matching units in
// the chosen order. With a search or a filter on, groups with no matching unit are left out.
std::vector<RosterRow> roster_rows(const model::Battle& battle, const RosterQuery& query,
                                   const std::set<GroupKey>& collapsed);

// Type-ahead: the unit row whose name `typed` names best (model::name_match: the whole name,
// its start, a word's start, inside a word), the first in list order among equals; nullopt when
// none has it.
std::optional<int> find_in_rows(const model::Battle& battle, const std::vector<RosterRow>& rows,
                                std::string_view typed);

// Enter in the search (Ctrl+F): of the units the query lets through, the one its text names best
// as above ("8e" is "8e Cuirassiers", not "108e Ligne"), the first in roster order among equals.
std::optional<int> best_match(const model::Battle& battle, const RosterQuery& query);

} // namespace umpire::desk
