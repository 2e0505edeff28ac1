// The wind: the umpire sets its starting direction and strength; at the start of each turn a
// die on the wind chart lets it die down, pick up or shift 45 degrees. Its direction and
// strength are battle counters, which the rules read (airships and balloons move with it).
#include "turn/compass.h"
#include "turn/engine_detail.h"

#include <algorithm>

namespace umpire::turn {

using namespace detail;

namespace {

// Where the wind last blew from, or 0 if it never has in this battle.
int last_direction(const TurnState& s) {
    for (auto it = s.wind_history.rbegin(); it != s.wind_history.rend(); ++it) {
        if (it->direction_after) return it->direction_after;
        if (it->direction_before) return it->direction_before;
    }
    return 0;
}

std::string describe(const WindRules& rules, int direction, int strength) {
    if (!direction) return "no wind";
    const std::string s = strength >= 0 && strength < static_cast<int>(rules.strengths.size())
                              ? rules.strengths[static_cast<std::size_t>(strength)]
                              : "strength " + std::to_string(strength);
    return "from the " + std::string(compass_long_name(direction)) + ", " + s;
}

} // namespace

TurnStep set_wind(const model::Battle& battle, const TurnRules& rules, int direction, int strength) {
    Change c(battle, rules, "turn-set-wind");
    if (!rules.wind) refuse("wind", "this ruleset has no wind");
    if (direction < 0 || direction > kCompassPoints)
        refuse("direction", "the wind blows from N, NE, E, SE, S, SW, W or NW, or there is none");
    const int strengths = static_cast<int>(rules.wind->strengths.size());
    if (strength < 0 || strength >= strengths) refuse("strength", "strength is 1 to " + std::to_string(strengths));
    const int before = battle_counter(battle, kWindDirection);
    c.set_counter(kWindDirection, direction, "the umpire sets the wind");
    c.set_counter(kWindStrength, strength, "the umpire sets the wind");
    const std::string now = describe(*rules.wind, direction, strength);
    c.state.wind_history.push_back({battle.turn, 0, before, direction, strength, "set by the umpire: " + now});
    c.step.request.values = {{"direction", std::string(compass_name(direction))}, {"strength", std::to_string(strength + 1)}};
    c.cite("The game master determines the wind: " + now, rules.wind->citation);
    return c.finish("Wind " + now);
}

TurnStep roll_wind(const model::Battle& battle, const TurnRules& rules, dice::DiceSource& dice,
                   std::optional<int> rise_direction) {
    Change c(battle, rules, "turn-wind");
    TurnState& s = c.state;
    if (!rules.wind) refuse("wind", "this ruleset has no wind");
    if (!s.options.wind) refuse("wind", "this battle does not use the wind (turn options)");
    const WindRules& w = *rules.wind;
    const bool rolled = std::any_of(s.wind_history.begin(), s.wind_history.end(),
                                    [&](const WindRecord& r) { return r.turn == battle.turn && r.roll > 0; });
    if (rolled) refuse("wind", "the wind has already been rolled for turn " + std::to_string(battle.turn));
    const int before = battle_counter(battle, kWindDirection);
    const int strength = battle_counter(battle, kWindStrength);
    if (rise_direction && (*rise_direction < 1 || *rise_direction > kCompassPoints))
        refuse("direction", "the wind picks up from N, NE, E, SE, S, SW, W or NW");
    // Known before the die is thrown, so a refusal never wastes a roll.
    if (before == 0 && last_direction(s) == 0 && !rise_direction)
        refuse("direction", "there is no wind and it has not blown yet: if it picks up (a 1), from which direction? "
                            "Give the direction first");
    const int die = dice.d6("the wind chart");
    c.step.resolution.dice.push_back({"Wind chart", {die}, 0, 0});
    const WindRow* row = w.row_for(die);
    if (!row) refuse("dice", "the wind chart has no row for " + std::to_string(die));
    int after = before;
    std::string what = row->text;
    if (row->change == "calm-or-rise") {
        if (before) {
            after = 0;
            what = "the wind dies down: no wind";
        } else {
            after = last_direction(s) ? last_direction(s) : *rise_direction;
            what = "there was no wind: it picks up " + describe(w, after, strength) +
                   (last_direction(s) ? " (where it last blew from)" : " (the umpire's direction)");
        }
    } else if (row->change == "left" || row->change == "right") {
        after = row->change == "left" ? shift_left(before) : shift_right(before);
        what = before ? row->text + ": " + std::string(compass_name(before)) + " to " + std::string(compass_name(after))
                      : row->text + ", but there is no wind to shift";
    }
    c.cite("Rolled " + std::to_string(die) + ": " + what, w.citation);
    c.set_counter(kWindDirection, after, "wind chart " + std::to_string(die));
    s.wind_history.push_back({battle.turn, die, before, after, strength, what});
    return c.finish("Wind: " + describe(w, after, strength));
}

} // namespace umpire::turn
