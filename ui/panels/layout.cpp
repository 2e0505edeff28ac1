#include "panels/layout.h"

#include <algorithm>
#include <cmath>

namespace umpire::ui {

Layout compute_layout(float width, float height, float status_height, float line_height,
                      float turn_bar_height, float roster_share, float pending_wanted) {
    Layout l;
    const float w = std::max(width, 320.0f);
    const float h = std::max(height, 240.0f);
    l.status = {0, 0, w, status_height};

    l.turn_bar = {0, status_height, w, turn_bar_height};
    const float top = status_height + turn_bar_height;
    const float body = h - top;
    const float share = std::clamp(roster_share, kMinRosterShare, kMaxRosterShare);
    const float left_w = std::floor(w * share);
    // The resolve form keeps its share of what the roster leaves (0.34 of the whole by default,
    // the Result and Journal column 0.33: the roster's room for whole names comes from the form).
    const float mid_w = std::floor((w - left_w) * (0.34f / (1.0f - kDefaultRosterShare)));
    const float right_w = w - left_w - mid_w;

    // The unit card needs about fifteen lines; the roster gets the rest of the column.
    const float card_h = std::floor(std::clamp(line_height * 15.0f, body * 0.30f, body * 0.42f));
    const float roster_h = body - card_h;
    l.roster = {0, top, left_w, roster_h};
    l.unit_card = {0, top + roster_h, left_w, body - roster_h};

    l.resolve = {left_w, top, mid_w, body};

    const float result_h = std::floor(body * 0.45f);
    const float pending_h = std::floor(std::clamp(pending_wanted, body * 0.17f, body / 3.0f));
    l.result = {left_w + mid_w, top, right_w, result_h};
    l.pending = {left_w + mid_w, top + result_h, right_w, pending_h};
    l.journal = {left_w + mid_w, top + result_h + pending_h, right_w, body - result_h - pending_h};
    return l;
}

void shift_down(Layout& l, float dy) {
    for (Rect* r : {&l.status, &l.turn_bar, &l.roster, &l.unit_card, &l.resolve, &l.result, &l.pending, &l.journal}) r->y += dy;
}

} // namespace umpire::ui
