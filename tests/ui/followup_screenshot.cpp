// A screenshot of the GUI in the middle of play: a shot applied against a shaken unit, its
// follow-up rally test pending and taken up, the Result panel showing the working.
//   ui_followup_screenshot --screenshot OUT.png [WIDTHxHEIGHT]
#include "gui_window.h"
#include "ui_support.h"

#include <cstdio>
#include <cstring>
#include <string>

using namespace umpire;

int main(int argc, char** argv) {
    if (argc < 3 || std::strcmp(argv[1], "--screenshot") != 0) {
        std::fprintf(stderr, "usage: %s --screenshot OUT.png [WIDTHxHEIGHT]\n", argv[0]);
        return 2;
    }
    ui::GuiOptions options;
    options.screenshot = argv[2];
    if (argc > 3 && std::sscanf(argv[3], "%dx%d", &options.width, &options.height) != 2) {
        std::fprintf(stderr, "size must look like 1280x800\n");
        return 2;
    }
    test::ScratchDir dir;
    options.battle_path = dir.file("followup.umpire");
    {
        model::Battle battle = roster::parse_roster(roster::demo_roster(), "demo");
        for (auto& u : battle.units)
            if (u.name == "Orakzai Riflemen") u.set(model::Flag::Shaken, true);
        store::BattleFile::create(options.battle_path, battle);
    }
    return ui::run_gui_with(options, [](ui::Shell& shell) {
        if (!shell.desk) return;
        desk::Desk& desk = *shell.desk;
        const model::Unit* target = desk.battle().find_unit("Orakzai Riflemen");
        if (!desk.select_unit("Gordon Highlanders") || !target || !desk.choose_action("shoot")) return;
        desk.set_target(target->id);
        desk.set_value("range", "10");
        const std::size_t n = test::dice_needed(desk, 6);
        desk.set_dice_text(test::repeat_face(6, n > 0 ? n - 1 : 0) + " 2");
        if (!desk.roll() || !desk.apply()) return;
        if (!desk.pending().empty() && desk.take_pending(0)) shell.scroll_to_selected = true;
    });
}
