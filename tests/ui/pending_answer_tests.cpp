// Pending follows the journal: a follow-up is answered by the action that pays it however that
// action came (opened from Pending, typed on Ctrl+L's command line, or applied by another
// program), is listed once, and a rally test the Turn panel's Owed list and Pending both know is
// shown once. Keys in (Ctrl+L, the line, Enter), state out.
#include "desk_shell.h"

#include "panels/commands.h"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace umpire;

namespace {

// How many of Pending's items are `action` for the unit named `unit`.
long pending_for(const desk::Desk& desk, const std::string& action, const std::string& unit) {
    const model::Unit* u = desk.battle().find_unit(unit);
    REQUIRE(u);
    return std::count_if(desk.pending().begin(), desk.pending().end(), [&](const desk::PendingItem& p) {
        return p.follow_up.action == action && p.follow_up.unit == u->id;
    });
}

// Opens Ctrl+L, types `line`, Enter, Esc; the line's message must be empty (applied).
void command_line(test::HeadlessUi& ui, ui::Shell& shell, const std::string& line) {
    ui.press(shell, 'L', true);
    REQUIRE(shell.show_command_line);
    ui.frames(shell, 1);
    ui.type(shell, line);
    ui.press(shell, ui::key::Enter);
    INFO(line << ": " << shell.command_message << " / " << shell.desk->error());
    CHECK(shell.command_text.empty());  // applied: the line is cleared for the next
    ui.press(shell, ui::key::Escape);
}

} // namespace

TEST_CASE("pending: an Edwardian morale check typed on the command line answers its follow-up", "[ui][pending]") {
    test::ScratchDir dir;
    ui::Shell shell = test::sample_shell(dir, "edwardian-modder-river");
    desk::Desk& desk = *shell.desk;
    test::HeadlessUi ui(1280, 800);
    // On to the fire by unmoving figures (the move order and movement ended anyway).
    for (int guard = 0; guard < 6 && desk.turn_status().phase_id != "fire-unmoving"; ++guard) {
        if (desk.turn_status().phase_kind == turn::PhaseKind::MoveOrder && !desk.turn_status().can_advance) {
            desk.set_dice_text("5 2");
            REQUIRE(desk.roll_order());
        }
        REQUIRE(desk.next_phase(true));
    }
    REQUIRE(desk.turn_status().phase_id == "fire-unmoving");
    ui.frames(shell, 2);

    // Two kills on the Lichtenburg Commando: its morale check is owed.
    command_line(ui, shell, "rifle-fire \"1st scots\" lich range=6 figures=4 dice=6,6,1,1");
    REQUIRE(pending_for(desk, "morale", "Lichtenburg Commando") == 1);
    // Typed, not opened from Pending: the check answers it all the same.
    command_line(ui, shell, "morale lich dice=3,3");
    CHECK(desk.journal().back().action == "morale");
    CHECK(pending_for(desk, "morale", "Lichtenburg Commando") == 0);
    // As the journal says when the battle is opened again.
    CHECK(store::BattleFile::open_what_reads(dir.file("edwardian-modder-river.umpire")).open_follow_ups().size() ==
          desk.pending().size());
    // Undone, it is owed again; redone, answered again.
    REQUIRE(desk.undo());
    CHECK(pending_for(desk, "morale", "Lichtenburg Commando") == 1);
    REQUIRE(desk.redo());
    CHECK(pending_for(desk, "morale", "Lichtenburg Commando") == 0);
}

namespace {

// Square Hearts at Abu Klea: the Ansar go first, each of their commanders rolls a 6 for orders,
// and the Hamran spearmen move up to the Heavy Camel Regiment; then on to their melee phase.
void hamran_close_with_the_heavy_camel(desk::Desk& desk) {
    const auto ansar = std::find_if(desk.battle().sides.begin(), desk.battle().sides.end(),
                                    [](const model::Side& s) { return s.name == "Mahdist Ansar"; });
    REQUIRE(ansar != desk.battle().sides.end());
    const int side = ansar->id;
    REQUIRE(desk.next_phase());
    REQUIRE(desk.name_first(side));
    REQUIRE(desk.next_phase());
    for (const model::Commander& k : desk.battle().commanders) {
        if (k.side != side) continue;
        REQUIRE(desk.choose_action("orders"));
        desk.set_value("commander", std::to_string(k.id));
        REQUIRE(desk.roll_typed("6"));
        REQUIRE(desk.apply());
    }
    REQUIRE(desk.next_phase());
    REQUIRE(desk.select_unit("Hamran spearmen"));
    REQUIRE(desk.choose_action("move"));
    desk.set_value("areas", "1");
    desk.set_value("enemy", "yes");
    REQUIRE(desk.roll_app_dice());
    INFO(desk.error());
    REQUIRE(desk.apply());
    REQUIRE(desk.next_phase());
    REQUIRE(desk.turn_status().phase_id == "first-melee");
}

// The Abu Klea battle at the desk with the Hamran spearmen's melee owed.
struct HamranClosed {
    test::ScratchDir dir;
    ui::Shell shell = test::sample_shell(dir, "square-hearts-abu-klea");
    test::HeadlessUi ui{1280, 800};
    desk::Desk& desk = *shell.desk;
    HamranClosed() {
        hamran_close_with_the_heavy_camel(desk);
        ui.frames(shell, 2);
        REQUIRE(pending_for(desk, "melee", "Hamran spearmen") == 1);
    }
};

} // namespace

TEST_CASE("pending: Square Hearts melees typed on the command line leave one follow-up a unit, none once it is gone",
          "[ui][pending][square-hearts]") {
    HamranClosed t;
    desk::Desk& desk = t.desk;
    test::HeadlessUi& ui = t.ui;
    ui::Shell& shell = t.shell;

    // The second player's infantry rolls first: one hit, neither broken; both owe the next melee.
    command_line(ui, shell, "melee heavy hamran dice=6,1");
    command_line(ui, shell, "melee hamran heavy dice=1,1");
    CHECK(pending_for(desk, "melee", "Hamran spearmen") == 1);
    CHECK(pending_for(desk, "melee", "Heavy Camel Regiment") == 1);
    // Each opens on its opponent.
    for (const desk::PendingItem& p : desk.pending())
        if (p.follow_up.action == "melee") CHECK(p.follow_up.target.has_value());
    // Shown once: in Pending, not again under Owed.
    CHECK(desk.owed_apart_from_pending(desk.turn_status().owed).empty());
    CHECK_FALSE(desk.turn_status().owed.empty());

    // A second round of the Heavy Camel's (the umpire overrules its dice already rolled): the Hamran
    // are destroyed before they roll again, and owe no melee any more.
    REQUIRE(desk.select_unit("Heavy Camel Regiment"));
    REQUIRE(desk.choose_action("melee"));
    REQUIRE(desk.set_target(desk.battle().find_unit("Hamran spearmen")->id));
    desk.set_value("split", "2");
    desk.set_overrule("a second round");
    const bool rolled = desk.roll_typed("6 6");
    INFO(desk.error());
    REQUIRE(rolled);
    REQUIRE(desk.apply());
    REQUIRE(desk.battle().find_unit("Hamran spearmen")->has(model::Flag::Routed));
    CHECK(pending_for(desk, "melee", "Hamran spearmen") == 0);
    CHECK(pending_for(desk, "melee", "Heavy Camel Regiment") == 0);
}

TEST_CASE("pending: a Square Hearts unit broken in melee retreats and owes that melee no more", "[ui][pending][square-hearts]") {
    HamranClosed t;
    desk::Desk& desk = t.desk;
    test::HeadlessUi& ui = t.ui;
    ui::Shell& shell = t.shell;
    command_line(ui, shell, "melee heavy hamran dice=6,6");
    CHECK(pending_for(desk, "melee", "Hamran spearmen") == 0);
    CHECK(pending_for(desk, "rally", "Hamran spearmen") == 1);
    // Undone, the melee is owed again.
    REQUIRE(desk.undo());
    CHECK(pending_for(desk, "melee", "Hamran spearmen") == 1);
}

TEST_CASE("pending: Edwardian's melee follow-up after a charge opens with its opponent as the target", "[ui][pending]") {
    test::ScratchDir dir;
    ui::Shell shell = test::sample_shell(dir, "edwardian-modder-river");
    desk::Desk& desk = *shell.desk;
    test::HeadlessUi ui(1280, 800);
    REQUIRE(desk.select_unit("9th Lancers"));
    REQUIRE(desk.choose_action("move"));
    REQUIRE(desk.set_target(desk.battle().find_unit("Jacobsdal Commando")->id));
    desk.set_value("type", "cavalry");
    desk.set_value("charge", "6");
    desk.set_overrule("no turn sequence in this test");
    REQUIRE(desk.roll_app_dice());
    INFO(desk.error());
    REQUIRE(desk.apply());
    for (const char* unit : {"9th Lancers", "Jacobsdal Commando"}) {
        INFO(unit);
        const auto it = std::find_if(desk.pending().begin(), desk.pending().end(), [&](const desk::PendingItem& p) {
            return p.follow_up.action == "melee" && p.follow_up.unit == desk.battle().find_unit(unit)->id;
        });
        REQUIRE(it != desk.pending().end());
        REQUIRE(desk.take_pending(static_cast<std::size_t>(it - desk.pending().begin())));
        REQUIRE(desk.target_unit());
        CHECK(desk.target_unit()->name == (std::string(unit) == "9th Lancers" ? "Jacobsdal Commando" : "9th Lancers"));
        desk.reset_form();
    }
    ui.frames(shell, 2);
}
