#pragma once
// Small drawing helpers shared by the panels. Presentation only: words for flags, badges,
// percentages, a strength bar.
#include "model/battle.h"
#include "model/effect.h"
#include "model/effect_words.h"
#include "rules/action_spec.h"
#include "rules/resolution.h"
#include "rules/ruleset.h"
#include "serve/qr.h"

#include <imgui.h>

#include <string>
#include <vector>
#include <string_view>

namespace umpire::ui {

void text(std::string_view s);
void text_dim(std::string_view s);
// A QR code drawn module by module, dark on white with the standard's quiet zone, `side` wide at
// most: an address for a phone's camera (the players' phones, the other umpires).
void draw_qr(const serve::QrCode& code, float side);
void text_coloured(const ImVec4& colour, std::string_view s);
void text_wrapped(std::string_view s);
void text_wrapped_coloured(const ImVec4& colour, std::string_view s);
// A bold line, for panel sections and outcomes.
void heading(std::string_view s);
// "(?)" that shows `help` when hovered; nothing when help is empty.
void help_marker(std::string_view help);
// After a widget: the first of `hints` (longest first: "squares (d: diagonal)", "squares") that
// fits whole on the rest of the line, dimmed, with `tooltip` when hovered; when none fits, the
// first hint and the tooltip on the widget itself, so nothing is drawn cut.
void trailing_hint(const std::vector<std::string>& hints, std::string_view tooltip = {});
// After a closed combo: its whole `text` as a tooltip when hovered and cut in the box
// ("Royal Artillery screw gu..." shows "Royal Artillery screw guns").
void full_text_on_hover(std::string_view text);

// Continues the line with an item `width` pixels wide when it fits, else starts a new line.
// Call before every item except the first of a flowing row.
void flow_same_line(float width);
// `s` as it fits in `width` pixels: whole when it fits, else cut after a whole word with "..."
// (never mid-word; at least the first word).
std::string fit_words(std::string_view s, float width);
// Width of a button showing `label`.
float button_width(const char* label);

// "needs-rally" -> "NEEDS RALLY".
std::string flag_word(model::Flag flag);
// "[SHAKEN]" in the flag's colour: the word carries the meaning, the colour only helps.
void flag_badge(model::Flag flag);
// A unit's status as badges: its markers (model::Flag) and what it has done this turn (kit/deeds.h:
// "[FIRED 12]", "[MOVED (CHARGE)]"). The word carries the meaning, the colour only helps.
struct Badge {
    std::string word;
    ImVec4 colour;
};
// With `ruleset`, the states its unit notes put on the Status line too ("[IN SQUARE]"). A rally
// test taken this turn is "[RALLY TEST TAKEN]", passed or failed: "[RALLIED]" beside [SHAKEN] or
// [ROUTED] read as recovered.
std::vector<Badge> status_badges(const model::Battle& battle, const model::Unit& unit,
                                 const rules::Ruleset* ruleset = nullptr);
// The badges on one line (wrapping). Returns how many it drew.
int draw_badges(const std::vector<Badge>& badges, bool same_line_first = false);

// Figures (or hits against capacity) as a bar with the numbers written on it.
void strength_bar(const model::Unit& unit, float width);
// "9/12" or "hits 2/5".
std::string strength_text(const model::Unit& unit);

// Letters typed over a list (the roster, a form's list) run together into one name until a
// pause this long (seconds) starts afresh.
inline constexpr double kTypeAheadPause = 1.0;

// Inside a scrolling child: while the pointer is over it or it has the focus (a click in it),
// Page Up and Page Down scroll it a page, Home and End to its top and its bottom (the desk has no
// keyboard navigation that would do this for it).
void scroll_by_keys();

// 0.4167 -> "41.7%", tiny and huge values kept honest ("<0.1%", ">99.9%").
std::string percent(double p);
// A chance as the odds show it, its percentage first: "33.3%  5-6: Stand ground...".
std::string chance_line(const rules::Chance& chance);
// 2.3333 -> "2.33".
std::string decimal(double v, int places = 2);
// +1 / -1 / 0 as "+1", "-1", "0".
std::string signed_int(int v);
// A choice as the form shows it: its label and its modifier ("Superior firepower (+1)"), unless
// the label says the modifier already ("Regulars (+1)", "+1").
std::string choice_label(const rules::Choice& choice);

// Effects in words (core: the command line prints them the same way).
using model::describe_effect;
using model::entity_name;

} // namespace umpire::ui
