// F3: the Turn panel, in the right-hand column. What the phase asks for (draw a card, choose a
// commander, roll the order, mark a unit moved, roll the wind), the card just drawn shown large
// with its commander's units, the discards, the chance card with its effect, the wind compass
// and history, and the turn options. Every button is a Desk turn operation (journaled, Ctrl+Z
// undoes it); what the rules refuse comes back as the desk's error in the status bar.
//
// [SECTION] Cards drawn large
// [SECTION] The phase
// [SECTION] Chance card
// [SECTION] Wind
// [SECTION] Options
#include "panels/commands.h"
#include "panels/file_menu.h"
#include "panels/panels.h"
#include "panels/theme.h"
#include "panels/turn_panels.h"
#include "panels/widgets.h"

#include "turn/compass.h"
#include "turn/order_odds.h"
#include "turn/turn_engine.h"
#include "turn/turn_state.h"

#include <imgui.h>

#include <algorithm>

namespace umpire::ui {

namespace {

//-----------------------------------------------------------------------------
// [SECTION] Cards drawn large
//-----------------------------------------------------------------------------

// The ink of a side's cards: red or black as the roster says, gold for the joker. The word is
// always printed too, so colour never carries the meaning alone.
ImU32 card_ink(const std::string& colour) {
    if (colour == "red") return IM_COL32(176, 28, 36, 255);
    if (colour == "joker") return IM_COL32(150, 110, 0, 255);
    return IM_COL32(20, 20, 24, 255);
}

std::string card_colour(const model::Battle& b, const turn::ActivationCard& card) {
    if (card.kind == turn::CardKind::Joker) return "joker";
    const model::Side* s = b.side(card.side);
    return s ? s->colour : "";
}

std::string unit_list(const model::Battle& b, const std::vector<int>& ids, std::size_t most = 12) {
    std::string out;
    std::size_t n = 0;
    for (int id : ids) {
        const model::Unit* u = b.unit(id);
        if (!u) continue;
        if (n++ == most) {
            out += ", and " + std::to_string(ids.size() - most) + " more";
            break;
        }
        out += (out.empty() ? "" : ", ") + u->name;
    }
    return out;
}

//-----------------------------------------------------------------------------
// [SECTION] The phase
//-----------------------------------------------------------------------------

// One box per side, ticked when it observes. Before an order roll a side with an observer on the
// table starts ticked, named, and the umpire unticks it when its signals team is not by the
// General; what he ticks or unticks holds until the roll or the deck takes it.
void observation_boxes(Shell& shell, desk::Desk& desk, const char* why, const turn::OrderRules* order = nullptr) {
    const model::Battle& b = desk.battle();
    text_wrapped_coloured(colour::dim, why);
    for (const model::Side& s : b.sides) {
        const model::Unit* observer = order ? turn::observer_on_table(b, *order, s.id) : nullptr;
        const auto said = desk.observation().find(s.id);
        bool on = said != desk.observation().end() ? said->second : observer != nullptr;
        const std::string label = s.name + " observes##obs" + std::to_string(s.id);
        if (ImGui::Checkbox(label.c_str(), &on)) desk.set_observation(s.id, on);
        remember_turn_hit(shell, "observe:" + s.name);
        // Whose observer ticked it, on a line of its own: a long unit name never cuts the box's.
        if (observer) {
            ImGui::Indent();
            text_wrapped_coloured(colour::dim, observer->name + " on the table" + (on ? "" : ": ruled out"));
            ImGui::Unindent();
        }
    }
}

// Free choice and the initiative method: the player names which of his commanders acts.
void choose_buttons(Shell& shell, desk::Desk& desk, int side) {
    const model::Battle& b = desk.battle();
    const turn::TurnState state = turn::turn_state(b);
    text("Which commander of " + side_name(b, side) + " acts?");
    for (const model::Commander& c : b.commanders) {
        if (c.side != side || c.status != model::CommanderStatus::Active) continue;
        const bool done = std::find(state.commanders_done.begin(), state.commanders_done.end(), c.id) !=
                          state.commanders_done.end();
        if (turn_button(shell, c.name, !done)) {
            desk.choose_commander(c.id);
            return;  // the battle was replaced under this loop: the next frame shows the new one
        }
        if (done) {
            ImGui::SameLine();
            text_dim("(has acted)");
        }
    }
}

void card_phase(Shell& shell, desk::Desk& desk, const turn::TurnStatus& st, float width) {
    const model::Battle& b = desk.battle();
    // The card just drawn comes into view, however far down the panel was scrolled.
    ImGuiStorage* storage = ImGui::GetStateStorage();
    const ImGuiID slot = ImGui::GetID("cards drawn");
    const int drawn = static_cast<int>(st.discards.size()) + (st.current ? 1 : 0);
    if (storage->GetInt(slot, -1) != drawn) {
        storage->SetInt(slot, drawn);
        ImGui::SetScrollHereY(0.0f);
    }
    if (st.current) {
        const std::string colour = card_colour(b, *st.current);
        std::string body;
        if (st.active_commander && !st.units_to_order.empty())
            body = "Not yet ordered: " + unit_list(b, st.units_to_order);
        else if (st.current->kind == turn::CardKind::Joker)
            body = "The next player whose card comes up draws a chance card.";
        draw_card_face(colour.empty() ? "" : colour, st.current_label, body, colour, width);
        remember_turn_hit(shell, "card");
    } else {
        draw_card_face("", "No card drawn yet", std::to_string(st.cards_left) + " cards in the deck", "", width);
    }
    if (st.current && st.current->kind == turn::CardKind::Side && !st.active_commander)
        choose_buttons(shell, desk, st.current->side);
    const std::string draw = "Draw a card (" + command_keys(Command::DrawCard) + ")";
    if (turn_button(shell, draw, st.can_draw)) desk.draw_card();
    ImGui::SameLine();
    text_dim(std::to_string(st.cards_left) + " left, " + std::to_string(st.discards.size()) + " drawn this turn");
    if (!st.discards.empty() && ImGui::TreeNode("Drawn this turn")) {
        for (auto it = st.discards.rbegin(); it != st.discards.rend(); ++it)
            text(turn::card_label(b, *it) + "  (" + card_colour(b, *it) + ")");
        ImGui::TreePop();
    }
}

// Returns whether it showed the observation boxes.
bool order_phase(Shell& shell, desk::Desk& desk, const turn::TurnStatus& st, const char* roll_label) {
    const model::Battle& b = desk.battle();
    if (!st.first_side) {
        // What earns the bonus is the ruleset's to say; MacDuff's General's sight otherwise.
        const turn::TurnRules* rules = desk.turn_rules();
        const turn::OrderRules* order = rules ? (rules->move_order ? &*rules->move_order
                                                                   : rules->initiative ? &*rules->initiative : nullptr)
                                              : nullptr;
        const std::string why = order && !order->observation_text.empty()
                                    ? "Tick a side with " + order->observation_text + " (+" +
                                          std::to_string(order->observation_bonus) + "):"
                                    : std::string("Tick a side whose General sees 2+ formed enemy units (+1):");
        // Only where the rules give a bonus for it (MacDuff, Edwardian): the others roll plain.
        const bool boxes = !order || order->observation_bonus > 0;
        if (boxes) observation_boxes(shell, desk, why.c_str(), order);
        if (rules) {
            std::vector<int> ticked, unticked;
            for (const auto& [side, on] : desk.observation()) (on ? ticked : unticked).push_back(side);
            std::string odds;
            for (const auto& c : turn::order_chances(b, *rules, ticked, unticked))
                odds += (odds.empty() ? "" : ", ") + c.label + " " + percent(c.probability);
            if (!odds.empty()) text_wrapped_coloured(colour::dim, "Odds: " + odds);
        }
        ImGui::Checkbox("The winner goes first", &shell.winner_goes_first);
        remember_turn_hit(shell, "winner-first");
        if (turn_button(shell, roll_label)) desk.roll_order(shell.winner_goes_first);
        trailing_hint({"(types the Dice field's dice if any)", "(or the Dice field's)"},
                      "The dice typed in the Dice field are used, if any; else the app rolls.");
        // Where the rules let the umpire name who goes first (usually the attacker), without dice.
        if (st.phase_kind == turn::PhaseKind::MoveOrder && rules && rules->move_order && rules->move_order->may_name_first) {
            text_wrapped_coloured(colour::dim, "Or name the side that goes first (the attacker):");
            for (const model::Side& s : b.sides)
                if (turn_button(shell, s.name + " goes first")) desk.name_first(s.id);
        }
        return boxes;
    }
    text_wrapped("First this turn: " + side_name(b, st.first_side));
    // The high score chooses to go first or second (the roll took the checkbox's choice).
    if (st.phase_kind == turn::PhaseKind::MoveOrder && st.can_choose_first) {
        text_wrapped(side_name(b, st.high_roller) + " rolled high and chooses:");
        if (turn_button(shell, side_name(b, st.high_roller) + " goes first")) desk.choose_first(true);
        if (turn_button(shell, side_name(b, st.high_roller) + " goes second")) desk.choose_first(false);
    }
    if (st.phase_kind == turn::PhaseKind::Activation && st.active_side) {
        if (!st.active_commander) choose_buttons(shell, desk, st.active_side);
        if (turn_button(shell, side_name(b, st.active_side) + " has finished")) desk.side_done();
    }
    return false;
}

// The units of the active side still to move, each selectable, with moved / stands buttons for
// the one selected (alternate moves and side moves alike).
void unit_move_buttons(Shell& shell, desk::Desk& desk, const turn::TurnStatus& st) {
    const model::Battle& b = desk.battle();
    const model::Unit* u = desk.selected_unit();
    const bool can = u && u->side == st.active_side &&
                     std::find(st.units_to_move.begin(), st.units_to_move.end(), u->id) != st.units_to_move.end();
    if (turn_button(shell, "Selected unit moved", can)) desk.unit_moved(u->id, false);
    ImGui::SameLine();
    if (turn_button(shell, "Selected unit stands", can)) desk.unit_moved(u->id, true);
    if (!can) text_wrapped_coloured(colour::dim, "Select one of the units below in the roster (or here).");
    int shown = 0;
    for (int id : st.units_to_move) {
        const model::Unit* m = b.unit(id);
        if (!m || m->side != st.active_side) continue;
        if (shown++ >= 40) break;
        if (ImGui::Selectable((m->name + "##move" + std::to_string(id)).c_str(), desk.unit() == id))
            desk.select_unit(id);
    }
}

// A side's phase (the Rattle of Dice): its units each move, shoot or rally through the action
// forms; here, the ones that have not acted yet, to pick from.
void side_phase(desk::Desk& desk, const turn::TurnStatus& st) {
    const model::Battle& b = desk.battle();
    if (!st.active_side) return;
    if (st.units_to_move.empty()) {
        text("Every unit of " + side_name(b, st.active_side) + " has acted.");
        return;
    }
    text("Not yet acted (" + std::to_string(st.units_to_move.size()) + "): pick one, then its action");
    int shown = 0;
    for (int id : st.units_to_move) {
        const model::Unit* m = b.unit(id);
        if (!m) continue;
        if (shown++ >= 40) break;
        if (ImGui::Selectable((m->name + "##act" + std::to_string(id)).c_str(), desk.unit() == id)) desk.select_unit(id);
    }
}

void moves_phase(Shell& shell, desk::Desk& desk, const turn::TurnStatus& st) {
    const model::Battle& b = desk.battle();
    if (!st.active_side) return;
    text("To move: " + side_name(b, st.active_side) + ", one unit");
    unit_move_buttons(shell, desk, st);
}

// Side moves: the high roller may choose again who goes first; the active side does the
// sub-phase (its units marked as they move) and says when it has finished.
void side_moves_phase(Shell& shell, desk::Desk& desk, const turn::TurnStatus& st) {
    const model::Battle& b = desk.battle();
    if (st.first_side)
        text_wrapped("First this turn: " + side_name(b, st.first_side) +
             (st.high_roller ? " (" + side_name(b, st.high_roller) + " rolled high)" : ""));
    // Every button of the step keeps its place for the whole step, greyed when it is not its
    // go: a double click on one never lands on another that appeared where it was.
    const turn::TurnRules* rules = desk.turn_rules();
    const bool choosing = rules && st.phase >= 0 && static_cast<std::size_t>(st.phase) < rules->phases.size() &&
                          rules->phases[static_cast<std::size_t>(st.phase)].choose_first && st.high_roller;
    if (choosing) {
        text_wrapped(side_name(b, st.high_roller) + " chooses who goes first in this step:");
        // One under the other: two side names side by side overflow a narrow Turn panel.
        if (turn_button(shell, side_name(b, st.high_roller) + " goes first", st.can_choose_first)) desk.choose_first(true);
        if (turn_button(shell, side_name(b, st.high_roller) + " goes second", st.can_choose_first)) desk.choose_first(false);
    }
    const turn::TurnState state = turn::turn_state(b);
    for (const model::Side& side : b.sides) {
        const bool done = std::find(state.sides_done.begin(), state.sides_done.end(), side.id) != state.sides_done.end();
        if (turn_button(shell, side.name + " has finished", side.id == st.active_side)) desk.side_done();
        ImGui::SameLine();
        text_dim(done ? "(finished)" : side.id == st.active_side ? "(to act)" : "(waits)");
    }
    if (!st.units_to_move.empty()) unit_move_buttons(shell, desk, st);
}

// The rally phase: the units marked to rally, each with its rally check (the Morale action,
// which starts on the Rally column for a marked unit).
void rally_phase(Shell& shell, desk::Desk& desk, const turn::TurnStatus& st) {
    const model::Battle& b = desk.battle();
    if (st.units_to_check.empty()) {
        text_dim("No unit is marked to rally.");
        return;
    }
    text("Marked to rally:");
    for (int id : st.units_to_check) {
        const model::Unit* u = b.unit(id);
        if (!u) continue;
        if (turn_button(shell, "Rally check: " + u->name + "##rally" + std::to_string(id))) {
            desk.select_unit(id);
            desk.choose_action("morale");
        }
    }
}

void wind_phase(Shell& shell, desk::Desk& desk, const turn::TurnStatus& st) {
    if (st.wind_direction == 0) {
        // If the wind has never blown, the chart's "picks up" needs a direction to come from.
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7.0f);
        if (ImGui::BeginCombo("If it picks up, from", std::string(turn::compass_name(shell.wind_rise_direction)).c_str())) {
            for (int d = 0; d <= 8; ++d)
                if (ImGui::Selectable(std::string(turn::compass_name(d)).c_str(), shell.wind_rise_direction == d))
                    shell.wind_rise_direction = d;
            ImGui::EndCombo();
        }
    }
    if (turn_button(shell, "Roll the wind chart"))
        desk.roll_wind(shell.wind_rise_direction ? std::optional<int>(shell.wind_rise_direction) : std::nullopt);
}

// What the units owe (the text's "must"), due ones first, each a button to its form.
// What Pending lists already (a rally test both owed and pending) is shown there only.
void owed_section(Shell& shell, desk::Desk& desk, const turn::TurnStatus& st) {
    const std::vector<turn::OwedItem> owed = desk.owed_apart_from_pending(st.owed);
    if (owed.empty()) return;
    ImGui::Spacing();
    heading("Owed (" + std::to_string(owed.size()) + ")");
    for (std::size_t i = 0; i < owed.size(); ++i) {
        const turn::OwedItem& item = owed[i];
        ImGui::PushID(static_cast<int>(i));
        if (turn_button(shell, "Do it##owed" + std::to_string(i))) desk.take_owed(item);
        ImGui::SameLine();
        text_wrapped_coloured(item.due_now ? colour::warning : colour::dim,
                              item.text + " (" + item.due + "; " + item.citation + ")");
        ImGui::PopID();
    }
}

void phase_section(Shell& shell, desk::Desk& desk, const turn::TurnStatus& st, float width) {
    if (!st.started) {
        text_wrapped("The battle has not started its turn sequence. Set the options below, then Next phase.");
        if (desk.turn_rules() && desk.turn_rules()->deck)
            observation_boxes(shell, desk, "Tick a side whose General sees 2+ formed enemy units (an extra General's card):");
        return;
    }
    heading("Turn " + std::to_string(st.turn) + ": " + st.phase_name);
    if (!st.phase_text.empty()) text_wrapped(st.phase_text);
    if (!st.citation.empty()) text_dim(st.citation);
    ImGui::Spacing();
    // The phase's buttons come before anything whose length changes as the phase goes on (what
    // comes next, the notes), so each keeps its place: a double click never lands on another.
    bool boxes = false;
    switch (st.phase_kind) {
    case turn::PhaseKind::Activation:
        if (st.method == "cards")
            card_phase(shell, desk, st, width);
        else
            boxes = order_phase(shell, desk, st, "Roll for initiative");
        break;
    case turn::PhaseKind::MoveOrder: boxes = order_phase(shell, desk, st, "Roll for the move order"); break;
    case turn::PhaseKind::Moves: moves_phase(shell, desk, st); break;
    case turn::PhaseKind::Wind: wind_phase(shell, desk, st); break;
    case turn::PhaseKind::Resolve: break;
    case turn::PhaseKind::Side: side_phase(desk, st); break;
    case turn::PhaseKind::Rally: rally_phase(shell, desk, st); break;
    case turn::PhaseKind::SideMoves: side_moves_phase(shell, desk, st); break;
    }
    // Observation said for a roll or a deck that is not due now is shown, to untick or clear: it
    // would otherwise hold every Next phase back without a box to change it.
    if (!boxes && !desk.observation().empty()) {
        ImGui::Spacing();
        observation_boxes(shell, desk, "Observation counts only for the order roll or the card deck, not now:");
        if (turn_button(shell, "Clear the observation ticks")) desk.clear_observation();
    }
    text_wrapped_coloured(colour::accent, "Next: " + st.next);
    for (const std::string& note : desk.ruleset().turn_notes(desk.battle())) text_wrapped(note);
    owed_section(shell, desk, st);
    if (!st.can_advance && !st.advance_blocked.empty()) {
        text_wrapped_coloured(colour::dim, "Not finished: " + st.advance_blocked);
        if (turn_button(shell, "End the phase anyway")) desk.next_phase(true);
    }
}

// The working of the turn step just taken (the Result panel shares this column with the Turn
// panel, so its working is shown here too, folded).
void last_step_working(const desk::Desk& desk) {
    const auto& rolled = desk.rolled();
    if (!rolled || !rolled->applied() || !turn::is_turn_step(rolled->request.action)) return;
    const std::string label = "Working: " + rolled->resolution.outcome + "###turn-working";
    if (!ImGui::TreeNode(label.c_str())) return;
    for (const auto& step : rolled->resolution.steps) {
        text_wrapped(step.text);
        if (!step.citation.empty()) text_dim("    " + step.citation);
    }
    ImGui::TreePop();
}

//-----------------------------------------------------------------------------
// [SECTION] Chance card
//-----------------------------------------------------------------------------

void chance_section(Shell& shell, desk::Desk& desk, const turn::TurnStatus& st, float width) {
    const model::Battle& b = desk.battle();
    if (st.chance_due_side) {
        text_coloured(colour::warning, side_name(b, st.chance_due_side) + " draws a chance card.");
        if (turn_button(shell, "Draw the chance card (" + command_keys(Command::DrawChance) + ")")) desk.draw_chance();
    }
    if (!st.chance_card) return;
    const std::string& colour = st.chance_colour;
    draw_card_face(colour + " chance card", st.chance_card->title, st.chance_card->text, colour, width);
    // A card that needs dice or a unit waits in Pending; resolve it from here.
    for (std::size_t i = 0; i < desk.pending().size(); ++i) {
        const auto& item = desk.pending()[i];
        if (item.follow_up.values.count("card") == 0) continue;
        if (turn_button(shell, "Resolve " + st.chance_card->title + " on the desk")) desk.take_pending(i);
        break;
    }
}

//-----------------------------------------------------------------------------
// [SECTION] Wind
//-----------------------------------------------------------------------------

void wind_section(Shell& shell, desk::Desk& desk, const turn::TurnStatus& st) {
    if (!st.wind_in_use) return;
    const float size = ImGui::GetFontSize() * 7.0f;
    const std::string strength = st.wind_direction ? st.wind_label : "no wind";
    draw_wind_compass(st.wind_direction, strength, size);
    ImGui::SameLine();
    ImGui::BeginGroup();
    heading("Wind: " + st.wind_label);
    const turn::TurnRules* rules = desk.turn_rules();
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 5.0f);
    if (ImGui::BeginCombo("##wind-dir", std::string(turn::compass_name(shell.wind_set_direction)).c_str())) {
        for (int d = 0; d <= 8; ++d)
            if (ImGui::Selectable(std::string(turn::compass_name(d)).c_str(), shell.wind_set_direction == d))
                shell.wind_set_direction = d;
        ImGui::EndCombo();
    }
    if (rules && rules->wind && !rules->wind->strengths.empty()) {
        ImGui::SameLine();
        const auto& names = rules->wind->strengths;
        const int last = static_cast<int>(names.size());
        shell.wind_set_strength = std::clamp(shell.wind_set_strength, 1, last);
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7.0f);
        if (ImGui::BeginCombo("##wind-strength", names[static_cast<std::size_t>(shell.wind_set_strength - 1)].c_str())) {
            for (int i = 1; i <= last; ++i)
                if (ImGui::Selectable(names[static_cast<std::size_t>(i - 1)].c_str(), shell.wind_set_strength == i))
                    shell.wind_set_strength = i;
            ImGui::EndCombo();
        }
    }
    if (turn_button(shell, "Set the wind")) desk.set_wind(shell.wind_set_direction, shell.wind_set_strength - 1);
    ImGui::EndGroup();
    const turn::TurnState state = turn::turn_state(desk.battle());
    if (!state.wind_history.empty() && ImGui::TreeNode("Wind history")) {
        for (auto it = state.wind_history.rbegin(); it != state.wind_history.rend(); ++it)
            text_wrapped("Turn " + std::to_string(it->turn) + (it->roll ? ", rolled " + std::to_string(it->roll) : ", set") +
                         ": " + it->text);
        ImGui::TreePop();
    }
}

//-----------------------------------------------------------------------------
// [SECTION] Options
//-----------------------------------------------------------------------------

void options_section(Shell& shell, desk::Desk& desk) {
    // Ctrl+F3 opens or folds it (commands.cpp), and the Turn panel scrolls to it.
    const bool by_keys = shell.turn_options_set;
    if (by_keys) ImGui::SetNextItemOpen(shell.turn_options_open);
    shell.turn_options_set = false;
    const bool open = ImGui::CollapsingHeader("Turn options");
    shell.turn_options_open = open;
    if (by_keys) ImGui::SetScrollHereY(0.0f);
    remember_turn_hit(shell, "Turn options");
    if (!open) return;
    if (!shell.turn_options_form) shell.turn_options_form = desk.turn_options();
    turn::TurnOptions& o = *shell.turn_options_form;
    const turn::TurnRules* rules = desk.turn_rules();
    const model::Battle& b = desk.battle();
    if (rules && rules->deck && rules->initiative) {
        if (ImGui::RadioButton("Card activation", o.activation == "cards")) o.activation = "cards";
        ImGui::SameLine();
        if (ImGui::RadioButton("Initiative rolls", o.activation == "initiative")) o.activation = "initiative";
    }
    if (rules && rules->deck && o.activation == "cards") {
        // Each choice goes on the line while it fits, else on the next: never cut off.
        bool first = true;
        for (const char* a : {"pre-assigned", "free-choice", "handicap"}) {
            if (!first) flow_same_line(ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize(a).x);
            first = false;
            if (ImGui::RadioButton(a, o.assignment == a)) o.assignment = a;
        }
        if (o.assignment == "handicap") {
            text("Pre-assigned side");
            ImGui::SetNextItemWidth(std::min(ImGui::GetContentRegionAvail().x, ImGui::GetFontSize() * 14.0f));
            if (ImGui::BeginCombo("##pre-assigned-side", side_name(b, o.handicapped_side).c_str())) {
                for (const auto& s : b.sides)
                    if (ImGui::Selectable(s.name.c_str(), o.handicapped_side == s.id)) o.handicapped_side = s.id;
                ImGui::EndCombo();
            }
        }
    }
    if (rules && rules->chance_citation) {
        ImGui::Checkbox("Chance cards", &o.chance_cards);
        remember_turn_hit(shell, "Chance cards");
        if (o.chance_cards) {
            // The label on its own line above the box, wrapped: a narrow panel cuts nothing off.
            text_wrapped("Blank cards per colour (-1: the deck's own number)");
            ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7.0f);
            ImGui::InputInt("##blanks", &o.blanks);
        }
    }
    if (rules && rules->wind) {
        ImGui::Checkbox("Wind", &o.wind);
        remember_turn_hit(shell, "Wind");
    }
    if (turn_button(shell, "Apply options")) {
        if (desk.configure_turn(o)) shell.turn_options_form.reset();
    }
    ImGui::SameLine();
    if (turn_button(shell, "Edit chance deck...", desk.chance_deck().has_value())) {
        open_file_dialog(shell, FileDialog::ChanceDeck);
    }
}

} // namespace

// A playing card at the cursor: cream face, ink border, a corner mark, the title large and
// the lines under it wrapped. Advances the cursor past it.
void draw_card_face(const std::string& corner, const std::string& title, const std::string& body,
               const std::string& colour, float width) {
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const float em = ImGui::GetFontSize();
    const float pad = em * 0.6f;
    const float wrap = width - pad * 2.0f;
    ImFont* bold = fonts().heading ? fonts().heading : ImGui::GetFont();
    const float title_size = em * 1.35f;
    const ImVec2 title_extent = bold->CalcTextSizeA(title_size, FLT_MAX, wrap, title.c_str());
    const ImVec2 body_extent = ImGui::GetFont()->CalcTextSizeA(em, FLT_MAX, wrap, body.c_str());
    const float height = std::max(width * 0.55f, pad * 3.0f + em + title_extent.y + body_extent.y);
    const ImU32 ink = card_ink(colour);
    dl->AddRectFilled(p, ImVec2(p.x + width, p.y + height), IM_COL32(250, 246, 234, 255), em * 0.5f);
    dl->AddRect(p, ImVec2(p.x + width, p.y + height), ink, em * 0.5f, 0, 3.0f);
    dl->AddText(ImGui::GetFont(), em, ImVec2(p.x + pad, p.y + pad * 0.6f), ink, corner.c_str());
    const float title_y = p.y + pad + em;
    dl->AddText(bold, title_size, ImVec2(p.x + pad, title_y), ink, title.c_str(), nullptr, wrap);
    dl->AddText(ImGui::GetFont(), em, ImVec2(p.x + pad, title_y + title_extent.y + pad * 0.5f),
                IM_COL32(40, 40, 40, 255), body.c_str(), nullptr, wrap);
    ImGui::Dummy(ImVec2(width, height));
}

void draw_turn_panel(Shell& shell, desk::Desk& desk, const Rect& r) {
    const std::string title = "Turn (" + command_keys(Command::TurnPanel) + " to close)";
    if (begin_panel(title.c_str(), r)) {
        if (!desk.has_turn()) {
            text_wrapped("This ruleset has no turn sequence yet: play the turn by hand and resolve its actions.");
        } else {
            // Held for the frame: a step taken on the way works out a new status and leaves this one be.
            const auto status = desk.shared_turn_status();
            const turn::TurnStatus& st = *status;
            const float width = std::min(ImGui::GetContentRegionAvail().x, ImGui::GetFontSize() * 18.0f);
            phase_section(shell, desk, st, width);
            last_step_working(desk);
            ImGui::Separator();
            chance_section(shell, desk, st, width);
            wind_section(shell, desk, st);
            ImGui::Separator();
            options_section(shell, desk);
        }
    }
    ImGui::End();
}

} // namespace umpire::ui
