#pragma once
// The turn at the table: the bar under the status line, the Turn panel (F3) with the
// activation deck, the chance card, the wind compass and the turn options, and the chance deck
// editor. Presentation only: every button is a Desk turn operation, which asks core/turn.
#include "desk/desk.h"
#include "panels/layout.h"
#include "panels/shell.h"

#include <string>

namespace umpire::ui {

void draw_turn_bar(Shell& shell, desk::Desk& desk, const Rect& r);
// The turn bar's height: the status bar's and a line for what comes next.
float turn_bar_height(float status_height);
// What F7 does now, for its button on the turn bar: "Roll the wind", "Roll for initiative".
std::string turn_roll_label(const turn::TurnStatus& status);
void draw_turn_panel(Shell& shell, desk::Desk& desk, const Rect& r);
// The wind as a compass card: eight points, an arrow from where the wind blows, its strength.
// `direction` 0 is no wind. Draws in a square `size` pixels wide at the cursor.
// A playing card at the cursor, `width` wide: cream face, a border in the card's ink ("red",
// "black", "joker"), the corner word, the title large and the text wrapped under it.
void draw_card_face(const std::string& corner, const std::string& title, const std::string& body,
                    const std::string& colour, float width);
void draw_wind_compass(int direction, const std::string& strength, float size);

// A button that remembers where it was drawn (Shell::turn_hits, for tests) and does nothing
// while disabled.
bool turn_button(Shell& shell, const std::string& label, bool enabled = true);
void remember_turn_hit(Shell& shell, const std::string& label);
std::string side_name(const model::Battle& battle, int side);

} // namespace umpire::ui
