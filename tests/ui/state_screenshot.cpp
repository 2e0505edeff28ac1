// Screenshots of the desk's main states, for looking at (and for ctest under Xvfb):
//   ui_state_screenshot --state NAME --screenshot OUT.png [--size WIDTHxHEIGHT]
// States: desk (a shot applied, a follow-up pending), roster (filters, sort, a commander folded,
// type-ahead), refused (a second volley refused, its overrule being typed), big (500 units), help (F1), palette (Ctrl+K), reference (F2), journal (filtered,
// report written), light (the light theme), zoom (150%), melee (a melee form with its odds),
// artillery (a battery at 40"), command (the command line, Ctrl+L, with a shot typed); on the
// sample rosters, charged (Quatre Bras: a Charged 7 asking counter charge, stand ground or form
// square, the odds' forming square line behind) and observe (Seven Pines: the initiative with the
// observers' boxes, the Confederates' unticked).
#include "gui_window.h"
#include "ui_support.h"

#include <SQLiteCpp/Database.h>

#include "desk/report_export.h"
#include "panels/file_menu.h"

#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>

using namespace umpire;

namespace {


// Gordons shoot the (shaken) Orakzai with all sixes but one; the rally test is left pending.
void shot_applied(ui::Shell& shell, int face_of_last = 2, const char* shooter = "Gordon Highlanders",
                  const char* shot = "Orakzai Riflemen") {
    desk::Desk& desk = *shell.desk;
    const model::Unit* target = desk.battle().find_unit(shot);
    if (!desk.select_unit(shooter) || !target || !desk.choose_action("shoot")) return;
    desk.set_target(target->id);
    desk.set_value("range", "10");
    const std::size_t n = test::dice_needed(desk, 6);
    desk.set_dice_text(test::repeat_face(6, n > 0 ? n - 1 : 0) + " " + std::to_string(face_of_last));
    if (desk.roll()) desk.apply();
}

// The turn under way: chance cards and wind on, the wind set and rolled, cards drawn until a
// commander is active and one of his units has rolled to be ordered (turn), or until the joker has made a chance card due and it is drawn
// (chance); with the chance deck editor open (deck).
void turn_under_way(ui::Shell& shell, const std::string& state) {
    desk::Desk& desk = *shell.desk;
    turn::TurnOptions o = desk.turn_options();
    o.chance_cards = true;
    o.wind = true;
    o.seed = 7;
    desk.configure_turn(o);
    desk.set_wind(8, 1);  // NW, moderate
    for (int guard = 0; guard < 12 && desk.turn_status().phase_kind != turn::PhaseKind::Activation; ++guard) {
        if (desk.turn_status().phase_kind == turn::PhaseKind::Wind) {
            desk.set_dice_text("2");
            desk.roll_wind();
        }
        if (!desk.next_phase()) break;
    }
    shell.show_turn = true;
    for (int guard = 0; guard < 30 && desk.turn_status().can_draw; ++guard) {
        desk.draw_card();
        const turn::TurnStatus st = desk.turn_status();
        if (state == "chance" && st.chance_due_side) {
            desk.draw_chance();
            break;
        }
        if (state != "chance" && st.active_commander && !st.units_to_order.empty()) break;
    }
    if (state == "deck") ui::open_file_dialog(shell, ui::FileDialog::ChanceDeck);
    if (state == "turn") {
        // A unit of the active commander 14" away rolls to be ordered: rolled, not yet applied,
        // so the Result shows under the Turn panel.
        const turn::TurnStatus st = desk.turn_status();
        if (st.units_to_order.empty() || !desk.select_unit(st.units_to_order.front()) || !desk.choose_action("activate"))
            return;
        desk.set_value("distance", "14");
        desk.set_dice_text("5");
        desk.roll();
    }
}

void prepare(ui::Shell& shell, const std::string& state) {
    if (!shell.desk) return;
    desk::Desk& desk = *shell.desk;
    if (state == "turn" || state == "chance" || state == "deck") {
        turn_under_way(shell, state);
        return;
    }
    if (state == "sidemoves" || state == "turnkeys") {  // the French go first in the move-generals step: the Turn
                                                        // panel's buttons, or the steps in Ctrl+K (turnkeys)
        desk.next_phase();
        desk.set_dice_text("5 2");
        desk.roll_order(true);
        desk.next_phase(true);
        desk.next_phase(true);
        desk.choose_first(false);
        shell.show_turn = state == "sidemoves";
        if (state == "turnkeys") {
            shell.show_palette = true;
            shell.palette_text = "fini";
        }
        return;
    }
    if (state == "pending") {  // four rally tests waiting, the Turn panel open: Pending at its foot
        shot_applied(shell, 2, "Gordon Highlanders", "Orakzai Riflemen");
        shot_applied(shell, 1, "1st Gurkha Rifles", "Afridi Marksmen");
        shot_applied(shell, 1, "2nd Sikhs", "Mohmand Tribesmen");
        shot_applied(shell, 1, "Khyber Rifles", "Afridi Swordsmen");
        turn_under_way(shell, state);
        return;
    }
    if (state == "player") {  // the public view of a turn under way, with a shot applied
        shot_applied(shell);
        turn_under_way(shell, "chance");
        shell.files.player_view = true;
        return;
    }
    if (state == "melee") {  // the Afridi Swordsmen charge the Gurkhas: the form, its odds, Roll and Apply
        if (desk.select_unit("Afridi Swordsmen") && desk.choose_action("melee"))
            desk.set_target(desk.battle().find_unit("1st Gurkha Rifles")->id);
        return;
    }
    if (state == "artillery") {  // the mountain battery at 40"
        if (desk.select_unit("No. 8 Mountain Battery") && desk.choose_action("shoot")) {
            desk.set_target(desk.battle().find_unit("Ghazis")->id);
            desk.set_value("range", "40");
        }
        return;
    }
    if (state == "tab") {  // Tab has brought the keyboard to the first-fire checkbox: outlined
        if (desk.select_unit("2nd Sikhs") && desk.choose_action("shoot")) {
            desk.set_target(desk.battle().find_unit("Ghazis")->id);
            desk.set_value("range", "10");
        }
        shell.form_focus = shell.form_focus_request = "modifiers/first-fire";
        return;
    }
    if (state == "command") {  // Ctrl+L with the shot typed: the form and the odds follow the line
        shell.show_command_line = true;
        shell.focus_command_line = true;
        shell.command_text = "shoot 2nd gh 10 6,5,4,3,2,1,6,6";
        return;
    }
    if (state == "charged") {
        shell.show_turn = false;
        if (!desk.select_unit("1/28th Foot") || !desk.choose_action("morale")) return;
        desk.set_value("check", "charged");
        desk.set_value("charged-by-cavalry", "yes");
        desk.set_value("quality", "regular");
        desk.set_dice_text("6");
        desk.roll();
        return;
    }
    if (state == "observe") {
        turn::TurnOptions o = desk.turn_options();
        o.seed = 7;
        desk.configure_turn(o);
        desk.next_phase();
        desk.set_observation(desk.battle().sides[1].id, false);
        shell.show_turn = true;
        return;
    }
    if (state == "big") {
        desk.select_unit(250);
        desk.choose_action("shoot");
        shell.scroll_to_selected = true;
        return;
    }
    shot_applied(shell);
    if (state == "desk") {
        if (!desk.pending().empty()) desk.take_pending(0);
    } else if (state == "refused") {  // the same unit shoots again: 7.1 refuses, the Overrule waits
        const model::Unit* target = desk.battle().find_unit("Orakzai Riflemen");
        if (desk.select_unit("Gordon Highlanders") && target && desk.choose_action("shoot")) {
            desk.set_target(target->id);
            desk.set_value("range", "10");
        }
        shell.overrule_reason = "volley fire by companies";
    } else if (state == "roster") {
        shell.roster_options.sort = desk::RosterSort::Status;
        shell.roster_options.hide_routed = true;
        shell.roster_filter = "";
        const model::Commander& c = desk.battle().commanders.back();
        shell.roster_collapsed.insert(desk::commander_group(c.side, c.id));
        shell.typeahead = "ora";
        shell.typeahead_time = 1e9;  // shown as typed just now
    } else if (state == "help") {
        shell.show_help = true;
    } else if (state == "palette") {
        shell.show_palette = true;
        shell.focus_palette = true;
        shell.palette_text = "gor";
    } else if (state == "reference") {
        shell.show_reference = true;
    } else if (state == "journal") {
        desk.select_unit("1st Gurkha Rifles");
        desk.set_dice_text("5");
        if (desk.choose_action("rally")) {
            desk.roll();
            desk.apply();
        }
        shell.journal_unit = desk.battle().find_unit("Orakzai Riflemen")->id;
        shell.report_message = "Report written to " + desk::default_report_path(desk.path(), report::Format::Markdown);
    } else if (state == "light") {
        shell.view.theme = desk::Theme::Light;
        if (!desk.pending().empty()) desk.take_pending(0);
    } else if (state == "zoom") {
        shell.view.zoom = 1.5f;
    } else if (state == "changed") {
        // The CLI applies 2 hits to the Gordons while the desk has the battle open.
        store::BattleFile other = store::BattleFile::open(desk.path());
        rules::ActionRequest request{"casualties", other.battle().find_unit("Gordon Highlanders")->id,
                                     std::nullopt, {{"hits", "2"}}, {}};
        dice::TypedDice none({});
        other.record(request, desk.ruleset().resolve(request, other.battle(), none));
        desk.reload_if_changed();
    }
}

} // namespace

int main(int argc, char** argv) {
    ui::GuiOptions options;
    std::string state = "desk";
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string flag = argv[i];
        if (flag == "--state") {
            state = argv[i + 1];
        } else if (flag == "--screenshot") {
            options.screenshot = argv[i + 1];
        } else if (flag == "--size") {
            if (std::sscanf(argv[i + 1], "%dx%d", &options.width, &options.height) != 2) {
                std::fprintf(stderr, "--size must look like 1280x800\n");
                return 2;
            }
        } else {
            std::fprintf(stderr, "unknown argument %s\n", argv[i]);
            return 2;
        }
    }
    if (!options.screenshot) {
        std::fprintf(stderr, "usage: %s --state NAME --screenshot OUT.png [--size WxH]\n", argv[0]);
        return 2;
    }
    test::ScratchDir dir;
    options.battle_path = dir.file("state.umpire");
    if (state == "charged" || state == "observe") {  // the Featherstone and Rattle sample rosters
        const std::string name = state == "charged" ? "featherstone-quatre-bras" : "rattle-seven-pines";
        std::ifstream in(std::string(UMPIRE_SOURCE_DIR) + "/rosters/" + name + ".toml");
        const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        store::BattleFile::create(options.battle_path, roster::parse_roster(text, name));
    } else {
        // Featherstone's move sub-phase (sidemoves): the sample roster of Quatre Bras.
        const std::string featherstone = std::string(UMPIRE_SOURCE_DIR) + "/rosters/featherstone-quatre-bras.toml";
        model::Battle battle = state == "sidemoves" || state == "turnkeys" ? roster::load_roster_file(featherstone)
                                                    : roster::parse_roster(roster::demo_roster(), "demo");
        for (auto& u : battle.units)
            if (u.name == "Orakzai Riflemen" || (state == "pending" && u.side == battle.sides[1].id))
                u.set(model::Flag::Shaken, true);
        if (state == "big") test::five_hundred_units(battle);
        store::BattleFile::create(options.battle_path, battle);
    }
    if (state == "damaged") {  // a byte of a unit's row changed behind SQLite's back
        SQLite::Database db(options.battle_path, SQLite::OPEN_READWRITE);
        db.exec("UPDATE units SET figures = 3 WHERE name = 'Gordon Highlanders'");
    }
    return ui::run_gui_with(options, [&state](ui::Shell& shell) { prepare(shell, state); });
}
