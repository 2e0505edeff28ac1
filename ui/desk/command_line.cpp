#include "desk/command_line.h"

#include "rules/command_line.h"
#include "rules/inputs.h"

namespace umpire::desk {

std::string load_command(Desk& desk, std::string_view line) {
    rules::TypedCommand typed;
    try {
        typed = rules::parse_command(rules::command_words(line), desk.ruleset(), desk.battle());
    } catch (const rules::InputError& e) {
        return e.what();
    }
    const rules::ActionRequest& r = typed.request;
    if (r.unit) {
        if (!desk.select_unit(*r.unit)) return desk.error();
    } else {
        desk.clear_unit();
    }
    if (!desk.choose_action(r.action) || !desk.set_target(r.target)) return desk.error();
    desk.reset_form();
    for (const auto& [input, value] : r.values) desk.set_value(input, value);
    desk.set_dice_text(typed.dice);
    return {};
}

bool run_command_line(Desk& desk, std::string_view line, std::string& message) {
    message = load_command(desk, line);
    if (!message.empty()) return false;
    if (!desk.roll() || !desk.apply()) {
        message = desk.error();
        return false;
    }
    return true;
}

} // namespace umpire::desk
