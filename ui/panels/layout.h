#pragma once
// The fixed, docked-looking layout: every panel gets a rectangle of the viewport, nothing
// overlaps, and at 1280x800 the roster, unit card, resolve form and journal are all in view.
//
//   +----------------------------------------------------------------+
//   | status bar: battle, ruleset, turn, last thing that happened     |
//   | turn bar: phase, card, wind, what comes next, the turn's keys   |
//   +-------------+----------------------+---------------------------+
//   | Roster      | Resolve              | Result                    |
//   |             |                      |                           |
//   |             |                      +---------------------------+
//   +-------------+                      | Pending                   |
//   | Unit card   |                      +---------------------------+
//   |             |                      | Journal                   |
//   +-------------+----------------------+---------------------------+
namespace umpire::ui {

struct Rect {
    float x = 0, y = 0, w = 0, h = 0;
};

struct Layout {
    Rect status, turn_bar, roster, unit_card, resolve, result, pending, journal;
};

// `status_height` is the status bar's height in pixels (one line of text plus padding);
// `line_height` the height of one line of text, which sizes the unit card; `turn_bar_height`
// the turn bar's under the status bar (0: no turn bar); `roster_share` the roster column's share
// of the width (the umpire drags its edge), kept between kMinRosterShare and kMaxRosterShare.
inline constexpr float kDefaultRosterShare = 0.33f, kMinRosterShare = 0.18f, kMaxRosterShare = 0.50f;
// `pending_wanted` the height Pending needs for every item it holds (0: its usual share): it grows
// to that, up to a third of the column, taken from the Journal.
Layout compute_layout(float width, float height, float status_height, float line_height = 20.0f,
                      float turn_bar_height = 0.0f, float roster_share = kDefaultRosterShare,
                      float pending_wanted = 0.0f);

// Moves every rectangle down by `dy`: the layout of the space below the main menu bar.
void shift_down(Layout& layout, float dy);

} // namespace umpire::ui
