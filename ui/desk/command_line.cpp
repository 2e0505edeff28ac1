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
    if (!desk.roll()) {
        message = desk.error();
        return false;
    }
    if (const rules::Question* q = desk.question()) {
        // The player's choice: the roll waits for it in the Result panel, its dice kept.
        std::string options;
        for (std::size_t i = 0; i < q->options.size(); ++i)
            options += (i ? ", " : "") + std::to_string(i + 1) + " " + q->options[i].label;
        message = "The player chooses: " + q->text + ". Esc, then " + options + " (the same dice are kept); or add " +
                  q->input + "=" + q->options.front().id + " (or another option) to the line";
        return false;
    }
    if (!desk.apply()) {
        message = desk.error();
        return false;
    }
    return true;
}

} // namespace umpire::desk
