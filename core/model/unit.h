#pragma once
// A unit on the table: who it belongs to, what it is, how many figures it has left and the
// markers the umpire would otherwise keep with cotton puffs and casualty figures.
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace umpire::model {

// The markers every ruleset shares. A ruleset with extra per-unit state (work points, an
// artillery firing count, Mad Minute turns left) keeps it in Unit::counters instead.
enum class Flag {
    Shaken,
    Disordered,  // MacDuff: unformed after melee or terrain; kept apart from the drill state below
    Routed,      // routed or removed from the game
    Pinned,
    Activated,
    Fired,
    NeedsRally,
    Reserve,     // a spare unit held off the table until it arrives (MacDuff's We Marched All Night)
    Hidden,      // known to the umpire and its own side only (MacDuff line 130: counters and dummies);
                 // the players' pages never show it to the other side
};
inline constexpr Flag kAllFlags[] = {Flag::Shaken, Flag::Disordered, Flag::Routed, Flag::Pinned,
                                     Flag::Activated, Flag::Fired, Flag::NeedsRally, Flag::Reserve,
                                     Flag::Hidden};

// Stable id used in files, JSON and effects ("shaken", "needs-rally", ...).
std::string_view flag_id(Flag flag);
std::optional<Flag> flag_from_id(std::string_view id);

struct Unit {
    int id = 0;
    std::string name;
    int side = 0;                  // Side::id
    std::optional<int> commander;  // Commander::id of the commander it is assigned to
    std::string troop_type;        // ruleset's id, e.g. "infantry", "cavalry", "artillery"
    std::string quality;           // ruleset's id, e.g. "elite", "average", "poor"
    std::string weapon;            // ruleset's id, e.g. "rifle", "musket", "light-gun"
    bool formed = true;            // drilled troops in close order; skirmishers are unformed
    int start_figures = 0;
    int figures = 0;
    int hits = 0;                  // for rulesets that count hits against a capacity
    int hit_capacity = 0;          // 0 when casualties are figures removed
    std::map<Flag, bool> flags;    // absent means false
    std::map<std::string, int> counters;  // ruleset-specific state, by stable id
    std::map<std::string, std::string> traits;  // roster extras: "shock-troops", "skirmishers", ...

    bool has(Flag flag) const;
    void set(Flag flag, bool on);
    bool has_trait(std::string_view trait) const { return traits.count(std::string(trait)) > 0; }
    bool on_table() const { return !has(Flag::Routed) && !has(Flag::Reserve) && figures > 0; }
};

// The same unit by meaning: every field equal, an absent flag equal to a false one and an absent
// counter equal to 0 (Unit::set and counter effects erase rather than store false and 0).
bool same_unit(const Unit& a, const Unit& b);

} // namespace umpire::model
