// Edit > Chance deck...: the battle's chance cards as a club keeps them. A list of the card
// designs on the left, the chosen card's fields on the right (title, text, colour, copies,
// rarity, the action that resolves it); add and remove cards; Save makes the working copy the
// battle's deck (a journaled turn step, so Ctrl+Z undoes it); Export writes the deck file a club
// shares, Import reads one into the working copy. Nothing reaches the battle until Save, and a
// deck the format refuses is reported with the reason, the working copy kept.
#include "panels/dialog.h"
#include "panels/file_menu.h"
#include "panels/panels.h"
#include "panels/theme.h"
#include "panels/turn_panels.h"
#include "panels/widgets.h"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <fstream>

namespace umpire::ui {

namespace {


void say(DeckEditorForm& form, bool failed, std::string message) {
    form.failed = failed;
    form.message = std::move(message);
}

// An id for a new card that no card of that colour has yet: "new-card", "new-card-2", ...
std::string fresh_id(const turn::ChanceDeck& deck, const std::string& colour) {
    for (int n = 1;; ++n) {
        const std::string id = n == 1 ? "new-card" : "new-card-" + std::to_string(n);
        const bool taken = std::any_of(deck.cards.begin(), deck.cards.end(),
                                       [&](const turn::ChanceCard& c) { return c.colour == colour && c.id == id; });
        if (!taken) return id;
    }
}

void combo(const char* label, std::string& value, std::initializer_list<const char*> choices) {
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 9.0f);
    if (ImGui::BeginCombo(label, value.c_str())) {
        for (const char* c : choices)
            if (ImGui::Selectable(c, value == c)) value = c;
        ImGui::EndCombo();
    }
}

void card_list(DeckEditorForm& form, float height) {
    turn::ChanceDeck& deck = *form.deck;
    if (ImGui::BeginChild("cards", ImVec2(ImGui::GetFontSize() * 16.0f, height), true)) {
        for (std::size_t i = 0; i < deck.cards.size(); ++i) {
            const auto& c = deck.cards[i];
            const std::string label = "[" + c.colour + "] " + c.title + (c.count > 1 ? " x" + std::to_string(c.count) : "") +
                                      "##card" + std::to_string(i);
            if (ImGui::Selectable(label.c_str(), form.selected == static_cast<int>(i)))
                form.selected = static_cast<int>(i);
        }
    }
    ImGui::EndChild();
}

void card_fields(FileMenu& files, float height) {
    DeckEditorForm& form = files.deck_edit;
    turn::ChanceDeck& deck = *form.deck;
    if (!ImGui::BeginChild("card", ImVec2(0, height), false)) {
        ImGui::EndChild();
        return;
    }
    if (deck.cards.empty()) {
        text_dim("No cards: Add card makes one.");
    } else {
        form.selected = std::clamp(form.selected, 0, static_cast<int>(deck.cards.size()) - 1);
        turn::ChanceCard& c = deck.cards[static_cast<std::size_t>(form.selected)];
        ImGui::SetNextItemWidth(-ImGui::GetFontSize() * 4.0f);
        ImGui::InputText("Title", &c.title);
        remember_hit(files, "deck-title");
        ImGui::InputTextMultiline("Text", &c.text, ImVec2(-ImGui::GetFontSize() * 4.0f, ImGui::GetTextLineHeight() * 3.5f));
        remember_hit(files, "deck-text");
        combo("Colour", c.colour, {"red", "black"});
        ImGui::SameLine();
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6.0f);
        ImGui::InputInt("Copies", &c.count);
        c.count = std::clamp(c.count, 1, 100);
        remember_hit(files, "deck-count");
        combo("Rarity", c.rarity, {"common", "uncommon", "rare"});
        ImGui::SameLine();
        help_marker("A note for whoever edits the deck. The number of copies is what changes the odds.");
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 9.0f);
        ImGui::InputTextWithHint("Action", "none: read and played by hand", &c.action);
        ImGui::SameLine();
        help_marker("The ruleset action that resolves the card with dice or marks a unit (`umpire actions RULESET`).");
        combo("Names", c.asks, {"nothing", "own-unit", "enemy-unit", "any-unit"});
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 9.0f);
        ImGui::InputText("Id", &c.id);
        ImGui::SameLine();
        help_marker("Stable name of the card: lower-case letters, digits and '-', one per colour.");
        // The card as it will be shown at the table and printed (the text box does not wrap).
        draw_card_face(c.colour + " chance card", c.title, c.text, c.colour,
                       std::min(ImGui::GetContentRegionAvail().x, ImGui::GetFontSize() * 20.0f));
    }
    ImGui::EndChild();
}

void save_to_battle(Shell& shell) {
    DeckEditorForm& form = shell.files.deck_edit;
    if (shell.desk->set_chance_deck(*form.deck))
        say(form, false, "Saved to the battle (Ctrl+Z undoes it). With chance cards on, the piles are reshuffled.");
    else
        say(form, true, shell.desk->error());
}

void export_deck(DeckEditorForm& form) {
    try {
        const std::string text = turn::write_chance_deck(*form.deck);
        turn::parse_chance_deck(text, "the deck");  // refuse to write what would not read back
        std::ofstream out(form.path, std::ios::binary | std::ios::trunc);
        out << text;
        out.close();
        if (!out) throw std::runtime_error("cannot write " + form.path);
        say(form, false, "Exported to " + form.path + ".");
    } catch (const std::exception& e) {
        say(form, true, std::string("Not exported: ") + e.what());
    }
}

void import_deck(DeckEditorForm& form) {
    try {
        form.deck = turn::load_chance_deck_file(form.path);
        form.selected = 0;
        say(form, false, "Imported " + form.deck->name + " from " + form.path + ": Save puts it in the battle.");
    } catch (const std::exception& e) {
        say(form, true, std::string("Not imported: ") + e.what());
    }
}

} // namespace

void draw_deck_editor(Shell& shell) {
    FileMenu& files = shell.files;
    DeckEditorForm& form = files.deck_edit;
    if (!shell.desk || !form.deck) {
        files.dialog = FileDialog::None;
        return;
    }
    if (!begin_dialog(files, "Chance deck", 52.0f, 40.0f)) return;
    const float em = ImGui::GetFontSize();
    turn::ChanceDeck& deck = *form.deck;
    ImGui::AlignTextToFramePadding();
    text("Deck name");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(em * 18.0f);
    ImGui::InputText("##deck-name", &deck.name);
    ImGui::SameLine();
    text("Blanks per colour");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(em * 6.0f);
    ImGui::InputInt("##blanks", &deck.blanks);
    deck.blanks = std::clamp(deck.blanks, 0, 1000);

    // Lists and fields above; the message and the buttons keep their place at the bottom.
    const float footer = ImGui::GetFrameHeightWithSpacing() * 2.0f + ImGui::GetTextLineHeightWithSpacing() * 2.0f +
                         ImGui::GetStyle().ItemSpacing.y * 2.0f;
    const float body_h = std::max(em * 6.0f, ImGui::GetContentRegionAvail().y - footer);
    card_list(form, body_h);
    ImGui::SameLine();
    card_fields(files, body_h);

    if (hit_button(files, "Add card")) {
        turn::ChanceCard c;
        c.colour = deck.cards.empty() ? "red" : deck.cards[static_cast<std::size_t>(std::clamp(form.selected, 0, static_cast<int>(deck.cards.size()) - 1))].colour;
        c.id = fresh_id(deck, c.colour);
        c.title = "New card";
        c.text = "What happens.";
        deck.cards.push_back(c);
        form.selected = static_cast<int>(deck.cards.size()) - 1;
    }
    ImGui::SameLine();
    if (hit_button(files, "Remove card") && !deck.cards.empty()) {
        deck.cards.erase(deck.cards.begin() + std::clamp(form.selected, 0, static_cast<int>(deck.cards.size()) - 1));
        form.selected = std::max(0, form.selected - 1);
    }
    ImGui::SameLine();
    ImGui::SetNextItemWidth(-1.0f);
    ImGui::InputTextWithHint("##deck-path", "path/to/deck.toml", &form.path);
    remember_hit(files, "deck-path");

    if (!form.message.empty()) text_wrapped_coloured(form.failed ? colour::error : colour::good, form.message);
    if (hit_button(files, "Save to battle")) save_to_battle(shell);
    ImGui::SameLine();
    if (hit_button(files, "Export")) export_deck(form);
    ImGui::SameLine();
    if (hit_button(files, "Import")) import_deck(form);
    ImGui::SameLine();
    if (hit_button(files, "Close") || escape_pressed()) close_dialog(files);
    ImGui::EndPopup();
}

} // namespace umpire::ui
