// The turn at the table, driven as the umpire drives it: F6 starts and advances the phases, F5
// draws, F3 opens the Turn panel whose buttons choose a commander, set and roll the wind and
// mark units moved; the chance deck editor adds, saves, exports and imports. Keys and clicks in,
// the battle (through the desk) and the journal out, and Ctrl+Z takes each step back.
#include "headless.h"
#include "ui_support.h"

#include "panels/commands.h"
#include "panels/file_menu.h"
#include "rulesets/registry.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>

using namespace umpire;
namespace fs = std::filesystem;

namespace {

ui::Shell demo_shell(const test::ScratchDir& dir) {
    ui::Shell shell;
    shell.desk.emplace(test::demo_desk(dir));
    return shell;
}

turn::TurnOptions options(const desk::Desk& desk) {
    turn::TurnOptions o = desk.turn_options();
    o.seed = 7;
    return o;
}

void click_turn(test::HeadlessUi& ui, ui::Shell& shell, const std::string& label) {
    // A button that just appeared settles where it is drawn, and takes no click within a double
    // click's time of appearing (turn_bar.cpp).
    ui.frames(shell, 20);
    INFO("clicking " << label);
    const auto it = shell.turn_hits.find(label);
    REQUIRE(it != shell.turn_hits.end());
    ui.click(shell, it->second.cx(), it->second.cy());
}

// A sample roster of rosters/ (by its file name) as a new battle in `dir`.
desk::Desk sample_desk(const test::ScratchDir& dir, const std::string& roster_file) {
    std::ifstream in(std::string(UMPIRE_SOURCE_DIR) + "/rosters/" + roster_file, std::ios::binary);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    return desk::Desk::create_from_roster(dir.file("sample.umpire"), text, roster_file);
}

// A sample roster at the desk, its turn configured, the Turn panel open and F6 pressed once.
struct TurnDesk {
    test::ScratchDir dir;
    ui::Shell shell;
    test::HeadlessUi ui{1280, 1000};

    explicit TurnDesk(const std::string& roster_file) {
        shell.desk.emplace(sample_desk(dir, roster_file));
        REQUIRE(shell.desk->configure_turn(options(*shell.desk)));
        shell.show_turn = true;
        ui.frames(shell, 2);
        ui.press(shell, ui::key::F6);
    }
};

void click_file(test::HeadlessUi& ui, ui::Shell& shell, const std::string& label) {
    ui.frame(shell);
    INFO("clicking " << label);
    const auto it = shell.files.hits.find(label);
    REQUIRE(it != shell.files.hits.end());
    ui.click(shell, it->second.cx(), it->second.cy());
}

std::size_t commanders_of_battle(const desk::Desk& desk) {
    std::size_t n = 0;
    for (const auto& c : desk.battle().commanders)
        if (c.status == model::CommanderStatus::Active) ++n;
    return n;
}

// Chance cards on, with `card` on top of the red pile and a red draw due, as the joker would have
// left it. Returns the red side's id.
int red_card_due(ui::Shell& shell, const test::ScratchDir& dir, const std::string& card,
                 const std::function<void(model::Battle&)>& also = {}) {
    int red_side = 0;
    shell.desk.emplace(test::demo_desk(dir, [&red_side, &card, &also](model::Battle& b) {
        if (also) also(b);
        const auto ruleset = rulesets::make("macduff");
        const turn::TurnRules rules = turn::turn_rules(*ruleset);
        turn::TurnOptions o;
        o.seed = 3;
        o.chance_cards = true;
        b.apply(turn::configure(b, rules, o).resolution.effects);
        for (const auto& s : b.sides)
            if (s.colour == "red") red_side = s.id;
        turn::TurnState s = turn::turn_state(b);
        auto& pile = s.chance_piles["red"];
        pile.insert(pile.begin(), card);
        s.chance_due_side = red_side;
        b.texts[turn::kTurnText] = turn::to_text(s);
    }));
    return red_side;
}

// F8 draws the chance card due, with the Turn panel open to send it to the form.
turn::TurnStatus draw_chance_card(test::HeadlessUi& ui, ui::Shell& shell) {
    shell.show_turn = true;
    ui.frames(shell, 2);
    ui.press(shell, ui::key::F8);
    INFO(shell.desk->error());
    turn::TurnStatus st = shell.desk->turn_status();
    REQUIRE(st.chance_card);
    return st;
}

} // namespace

TEST_CASE("turn keys: F6 starts the card phase, F5 draws a journaled card, Ctrl+Z puts it back") {
    test::ScratchDir dir;
    ui::Shell shell = demo_shell(dir);
    desk::Desk& desk = *shell.desk;
    REQUIRE(desk.has_turn());
    test::HeadlessUi ui;
    ui.frames(shell, 2);
    CHECK(shell.turn_hits.count("Next phase (F6)") == 1);  // the turn bar is drawn

    // No options set yet: the first F6 records the defaults (with a fresh seed), then starts.
    ui.press(shell, ui::key::F6);
    INFO(desk.error());
    turn::TurnStatus st = desk.turn_status();
    REQUIRE(st.started);
    CHECK(st.phase_kind == turn::PhaseKind::Activation);
    CHECK(desk.turn_options().seed != 0);
    const int deck = st.cards_left;
    CHECK(deck >= static_cast<int>(commanders_of_battle(desk)));
    const std::size_t entries = desk.journal().size();

    ui.press(shell, ui::key::F5);
    st = desk.turn_status();
    CHECK(st.cards_left == deck - 1);
    REQUIRE(st.current);
    CHECK(desk.journal().size() == entries + 1);
    REQUIRE(desk.rolled());
    CHECK(desk.rolled()->applied());          // its working is in the Result panel
    CHECK_FALSE(desk.table_state().card_drawn.empty());  // and on the player view

    ui.press(shell, 'Z', true);
    st = desk.turn_status();
    CHECK(st.cards_left == deck);
    CHECK_FALSE(st.current);
    CHECK(desk.table_state().card_drawn.empty());
}

TEST_CASE("turn panel: F3 shows it, its Draw button draws, free choice asks which commander") {
    test::ScratchDir dir;
    ui::Shell shell = demo_shell(dir);
    desk::Desk& desk = *shell.desk;
    turn::TurnOptions o = options(desk);
    o.assignment = "free-choice";
    REQUIRE(desk.configure_turn(o));
    REQUIRE(desk.next_phase());
    test::HeadlessUi ui;
    ui.frames(shell, 1);
    ui.press(shell, ui::key::F3);
    REQUIRE(shell.show_turn);
    ui.frames(shell, 1);
    CHECK(test::HeadlessUi::shown("Turn (F3 to close)"));

    click_turn(ui, shell, "Draw a card (F5)");
    turn::TurnStatus st = desk.turn_status();
    REQUIRE(st.current);
    REQUIRE(st.current->kind == turn::CardKind::Side);  // free choice: the card names a side
    CHECK(st.active_commander == 0);
    const model::Commander* pick = nullptr;
    for (const auto& c : desk.battle().commanders)
        if (c.side == st.current->side && c.status == model::CommanderStatus::Active) pick = &c;
    REQUIRE(pick);
    const int picked = pick->id;
    click_turn(ui, shell, pick->name);
    INFO(desk.error());
    CHECK(desk.turn_status().active_commander == picked);

    ui.press(shell, ui::key::F3);
    CHECK_FALSE(shell.show_turn);
}

TEST_CASE("turn panel: the umpire sets the wind, a typed 2 shifts it 45 degrees left, undo") {
    test::ScratchDir dir;
    ui::Shell shell = demo_shell(dir);
    desk::Desk& desk = *shell.desk;
    turn::TurnOptions o = options(desk);
    o.wind = true;
    REQUIRE(desk.configure_turn(o));
    shell.show_turn = true;
    test::HeadlessUi ui;
    ui.frames(shell, 2);

    shell.wind_set_direction = 1;  // N
    shell.wind_set_strength = 2;
    click_turn(ui, shell, "Set the wind");
    INFO(desk.error());
    CHECK(desk.turn_status().wind_direction == 1);
    CHECK(desk.turn_status().wind_strength == 1);

    ui.press(shell, ui::key::F6);
    REQUIRE(desk.turn_status().phase_kind == turn::PhaseKind::Wind);
    desk.set_dice_text("2");
    click_turn(ui, shell, "Roll the wind chart");
    CHECK(desk.turn_status().wind_direction == 8);  // NW
    CHECK(desk.dice_text().empty());                // the typed die is used up
    CHECK_THAT(desk.table_state().wind, Catch::Contains("NW"));
    REQUIRE(desk.undo());
    CHECK(desk.turn_status().wind_direction == 1);

    // A die too many is refused, and nothing changes.
    desk.set_dice_text("2 5");
    const std::size_t entries = desk.journal().size();
    click_turn(ui, shell, "Roll the wind chart");
    CHECK_FALSE(desk.error().empty());
    CHECK(desk.journal().size() == entries);
    CHECK(desk.turn_status().wind_direction == 1);
}

TEST_CASE("chance deck editor: add a card, save it to the battle, export, import, a broken file refused") {
    test::ScratchDir dir;
    ui::Shell shell = demo_shell(dir);
    desk::Desk& desk = *shell.desk;
    const auto original = desk.chance_deck();
    REQUIRE(original);
    test::HeadlessUi ui;
    ui.frame(shell);
    ui::open_file_dialog(shell, ui::FileDialog::ChanceDeck);
    ui.frames(shell, 2);
    REQUIRE(test::HeadlessUi::shown("Chance deck"));

    click_file(ui, shell, "Add card");
    auto& form = shell.files.deck_edit;
    REQUIRE(form.deck);
    REQUIRE(form.deck->cards.size() == original->cards.size() + 1);
    form.deck->cards.back().title = "RAIN";
    form.deck->cards.back().text = "Powder is damp: -1 to every shooting die this turn.";
    form.deck->cards.back().count = 2;
    click_file(ui, shell, "Save to battle");
    INFO(form.message);
    CHECK_FALSE(form.failed);
    REQUIRE(desk.chance_deck()->cards.size() == original->cards.size() + 1);
    CHECK(desk.chance_deck()->cards.back().title == "RAIN");

    form.path = dir.file("club-deck.toml");
    click_file(ui, shell, "Export");
    CHECK_FALSE(form.failed);
    REQUIRE(fs::exists(form.path));
    click_file(ui, shell, "Remove card");
    CHECK(form.deck->cards.size() == original->cards.size());
    click_file(ui, shell, "Import");
    CHECK_FALSE(form.failed);
    CHECK(form.deck->cards.back().title == "RAIN");
    CHECK(form.deck->cards.back().count == 2);

    {
        std::ofstream out(dir.file("broken.toml"));
        out << "format = \"umpire-chance-deck\"\nversion = 1\n[[card]]\ntitle = 3\n";
    }
    form.path = dir.file("broken.toml");
    click_file(ui, shell, "Import");
    CHECK(form.failed);
    CHECK_THAT(form.message, Catch::Contains("Not imported"));
    CHECK(form.deck->cards.back().title == "RAIN");  // the working copy is kept

    click_file(ui, shell, "Close");
    CHECK(shell.files.dialog == ui::FileDialog::None);
    REQUIRE(desk.undo());
    CHECK(desk.chance_deck()->cards.size() == original->cards.size());
}

TEST_CASE("Edwardian turn: the move order from typed dice, then units marked moved from the panel in turn") {
    TurnDesk at("edwardian-modder-river.toml");
    ui::Shell& shell = at.shell;
    test::HeadlessUi& ui = at.ui;
    desk::Desk& desk = *shell.desk;
    REQUIRE(desk.turn_status().phase_kind == turn::PhaseKind::MoveOrder);

    desk.set_dice_text("2 5");  // side 1 rolls 2, side 2 rolls 5: side 2 wins and goes first
    click_turn(ui, shell, "Roll for the move order");
    INFO(desk.error());
    const int first = desk.turn_status().first_side;
    CHECK(first == desk.battle().sides[1].id);
    ui.press(shell, ui::key::F6);
    turn::TurnStatus st = desk.turn_status();
    REQUIRE(st.phase_kind == turn::PhaseKind::Moves);
    REQUIRE(st.active_side == first);

    // Not one of the moving side's units: the buttons stay disabled.
    const model::Unit* other = nullptr;
    const model::Unit* mover = nullptr;
    for (int id : st.units_to_move) {
        const model::Unit* u = desk.battle().unit(id);
        if (u->side == first && !mover) mover = u;
    }
    for (const auto& u : desk.battle().units)
        if (u.side != first && u.on_table() && !other) other = &u;
    REQUIRE(mover);
    REQUIRE(other);
    const int mover_id = mover->id;
    desk.select_unit(other->id);
    click_turn(ui, shell, "Selected unit moved");
    CHECK(desk.turn_status().active_side == first);

    desk.select_unit(mover_id);
    click_turn(ui, shell, "Selected unit moved");
    st = desk.turn_status();
    CHECK(st.active_side != first);  // the other side moves next
    CHECK(std::find(st.units_to_move.begin(), st.units_to_move.end(), mover_id) == st.units_to_move.end());
}

TEST_CASE("chance card at the desk: F8 draws it, the Turn panel sends it to the form, dice resolve it") {
    test::ScratchDir dir;
    ui::Shell shell;
    const int red_side = red_card_due(shell, dir, "they-couldnt-hit-an-elephant");
    desk::Desk& desk = *shell.desk;
    REQUIRE(red_side != 0);
    test::HeadlessUi ui(1280, 1000);
    const turn::TurnStatus st = draw_chance_card(ui, shell);
    CHECK(st.chance_card->id == "they-couldnt-hit-an-elephant");
    REQUIRE(desk.pending().size() == 1);
    CHECK(desk.table_state().chance_card == st.chance_card->title);  // on the player view

    // Nothing rolled yet: the Turn panel has the column to itself.
    ui.frames(shell, 1);
    CHECK_FALSE(test::HeadlessUi::shown("Result"));
    click_turn(ui, shell, "Resolve " + st.chance_card->title + " on the desk");
    REQUIRE(desk.action());
    CHECK(desk.action()->id == "sniper");
    CHECK(desk.value("card") == "they-couldnt-hit-an-elephant");
    CHECK(desk.value("side") == std::to_string(red_side));

    int general = 0;
    for (const auto& c : desk.battle().commanders)
        if (c.side == red_side && c.is_general) general = c.id;
    REQUIRE(general != 0);
    desk.set_dice_text("1");  // the sniper's 1: the General is out
    ui.press(shell, test::kKeyEnter);
    REQUIRE(desk.rolled());
    // The sniper's die is in view under the Turn panel before it is applied.
    ui.frames(shell, 1);
    CHECK(shell.show_turn);
    CHECK(test::HeadlessUi::shown("Turn (F3 to close)"));
    CHECK(test::HeadlessUi::shown("Result"));
    ui.press(shell, test::kKeyEnter, true);
    INFO(desk.error());
    REQUIRE(desk.rolled()->applied());
    CHECK(desk.battle().commander(general)->status != model::CommanderStatus::Active);
    CHECK(desk.pending().empty());
}

TEST_CASE("Rising to the Occasion at the desk: the card sent to the form, the officer of the unit clicked rises") {
    test::ScratchDir dir;
    ui::Shell shell;
    const int red_side = red_card_due(shell, dir, "rising-to-the-occasion");
    desk::Desk& desk = *shell.desk;
    REQUIRE(red_side != 0);
    test::HeadlessUi ui(1280, 1000);
    const turn::TurnStatus st = draw_chance_card(ui, shell);
    click_turn(ui, shell, "Resolve " + st.chance_card->title + " on the desk");
    REQUIRE(desk.action());
    CHECK(desk.action()->id == "rising");
    CHECK(desk.value("side") == std::to_string(red_side));

    // The card's choice is the player's: asked, 1 replaces a fallen commander (R59).
    REQUIRE(desk.question());
    CHECK(desk.question()->input == "choice");
    ui.frames(shell, 1);
    ui.press(shell, '1');
    CHECK(desk.value("choice") == "replace");
    // No commander has fallen: replacing one is refused with the reason, nothing applied.
    const std::size_t entries = desk.journal().size();
    ui.press(shell, test::kKeyEnter);
    INFO("preview: " << desk.preview_error() << " / desk: " << desk.error());
    CHECK((desk.preview_error() + desk.error()).find("no fallen commander") != std::string::npos);
    CHECK(desk.journal().size() == entries);

    // The officer of the unit the umpire clicks in the roster.
    const model::Unit* sikhs = desk.battle().find_unit("2nd Sikhs");
    REQUIRE(sikhs);
    REQUIRE(sikhs->side == red_side);
    const int sikhs_id = sikhs->id;  // the battle is read anew after each applied action
    REQUIRE(desk.select_unit(sikhs_id));
    desk.set_value("choice", "officer");
    ui.press(shell, test::kKeyEnter);
    REQUIRE(desk.rolled());
    ui.press(shell, test::kKeyEnter, true);
    INFO(desk.error());
    REQUIRE(desk.rolled()->applied());
    CHECK(desk.battle().unit(sikhs_id)->counters.at("officer-commands") == 1);
    // The card named no unit; the one the umpire picked answers it, now and after reopening.
    CHECK(desk.pending().empty());
    CHECK(desk::Desk::open(desk.path()).pending().empty());
}

TEST_CASE("We Marched All Night at the desk: the spare unit picked arrives from reserve") {
    test::ScratchDir dir;
    ui::Shell shell;
    const int red_side = red_card_due(shell, dir, "we-marched-all-night", [](model::Battle& b) {
        for (auto& u : b.units)
            if (u.name == "Khyber Rifles") u.set(model::Flag::Reserve, true);
    });
    desk::Desk& desk = *shell.desk;
    REQUIRE(red_side != 0);
    test::HeadlessUi ui(1280, 1000);
    const turn::TurnStatus st = draw_chance_card(ui, shell);
    click_turn(ui, shell, "Resolve " + st.chance_card->title + " on the desk");
    REQUIRE(desk.action());
    CHECK(desk.action()->id == "reinforce");

    const model::Unit* khyber = desk.battle().find_unit("Khyber Rifles");
    REQUIRE(khyber);
    const int id = khyber->id;
    REQUIRE(desk.select_unit(id));
    ui.press(shell, test::kKeyEnter);
    REQUIRE(desk.rolled());
    ui.press(shell, test::kKeyEnter, true);
    INFO(desk.error());
    REQUIRE(desk.rolled()->applied());
    CHECK(desk.battle().unit(id)->on_table());
    CHECK(desk.pending().empty());
}

TEST_CASE("Featherstone turn at the desk: initiative, the rally list, the high roller's choice, each side in turn") {
    TurnDesk at("featherstone-quatre-bras.toml");
    ui::Shell& shell = at.shell;
    test::HeadlessUi& ui = at.ui;
    desk::Desk& desk = *shell.desk;
    REQUIRE(desk.turn_status().phase_id == "initiative");
    desk.set_dice_text("5 2");  // the Allies roll high
    click_turn(ui, shell, "Roll for the move order");
    INFO(desk.error());
    REQUIRE(desk.turn_status().high_roller == desk.battle().sides[0].id);

    // The rally phase lists the marked unit; its button opens its rally check in the form.
    const model::Unit* marked = desk.battle().find_unit("4e Ligne");
    REQUIRE(marked);
    const int marked_id = marked->id;
    REQUIRE(desk.select_unit(marked_id));
    REQUIRE(desk.choose_action("save"));
    desk.set_value("hits", "1");
    desk.set_dice_text("1");
    // (A loss from last turn's combat, set up here: saves belong in the combat phases.)
    desk.set_overrule("a casualty carried over from the last turn's combat");
    REQUIRE(desk.roll());
    REQUIRE(desk.apply());
    ui.press(shell, ui::key::F6);
    REQUIRE(desk.turn_status().phase_id == "rally");
    CHECK(desk.turn_status().units_to_check == std::vector<int>{marked_id});
    desk.clear_unit();
    click_turn(ui, shell, "Rally check: 4e Ligne##rally" + std::to_string(marked_id));
    CHECK(desk.unit() == marked_id);
    REQUIRE(desk.action());
    CHECK(desk.action()->id == "morale");
    CHECK(desk.value("check") == "rally");

    // Move generals: the high roller goes second this step; the French go, then the Allies.
    desk.set_dice_text("");
    REQUIRE(desk.next_phase(true));  // the rally check not made: the umpire ends the phase anyway
    REQUIRE(desk.turn_status().phase_id == "move-generals");
    click_turn(ui, shell, "Anglo-Allied Army goes second");
    CHECK(desk.turn_status().active_side == desk.battle().sides[1].id);
    click_turn(ui, shell, "Armee du Nord has finished");
    CHECK(desk.turn_status().active_side == desk.battle().sides[0].id);
    click_turn(ui, shell, "Anglo-Allied Army has finished");
    CHECK(desk.turn_status().can_advance);
}

TEST_CASE("turn options before turn 1: Chance cards and Wind ticked and applied from the panel, then turn 1 has a joker") {
    test::ScratchDir dir;
    ui::Shell shell = demo_shell(dir);
    test::HeadlessUi ui(1280, 1600);
    shell.show_turn = true;
    REQUIRE(shell.desk->turn_options().seed == 0);  // never set: no seed yet
    click_turn(ui, shell, "Turn options");
    click_turn(ui, shell, "Chance cards");
    click_turn(ui, shell, "Wind");
    click_turn(ui, shell, "Apply options");
    INFO(shell.desk->error());
    CHECK(shell.desk->error().empty());
    const turn::TurnOptions o = shell.desk->turn_options();
    CHECK(o.chance_cards);
    CHECK(o.wind);
    CHECK(o.seed != 0);
    // The activation deck of turn 1 holds the joker the chance cards need.
    for (int guard = 0; guard < 6 && shell.desk->turn_status().phase_kind != turn::PhaseKind::Activation; ++guard) {
        if (shell.desk->turn_status().phase_kind == turn::PhaseKind::Wind) {
            shell.desk->set_dice_text("2");
            REQUIRE(shell.desk->roll_wind(1));
        }
        INFO(shell.desk->error());
        REQUIRE(shell.desk->next_phase());
    }
    const turn::TurnState state = turn::turn_state(shell.desk->battle());
    CHECK(std::any_of(state.deck.begin(), state.deck.end(),
                      [](const turn::ActivationCard& c) { return c.kind == turn::CardKind::Joker; }));
}
