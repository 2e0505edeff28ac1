#include "desk/command_line.h"

#include "rules/command_line.h"
#include "rules/inputs.h"
#include "turn/turn_commands.h"

namespace umpire::desk {

namespace {

// `turn done`, `turn moved 8e cuir --stationary`: a step of the turn (turn/turn_commands.h), as
// `umpire turn BATTLE ...` takes it. The form is left alone.
std::optional<turn::TurnCommand> turn_line(const Desk& desk, std::string_view line, std::string& message) {
    const std::vector<std::string> words = rules::command_words(line);
    if (!turn::is_turn_line(words)) return std::nullopt;
    try {
        if (!desk.has_turn()) throw rules::InputError("turn", "this ruleset has no turn sequence");
        return turn::parse_turn_command(words, desk.battle());
    } catch (const rules::InputError& e) {
        message = e.what();
        return turn::TurnCommand{};
    }
}

} // namespace

std::string describe_turn_line(const Desk& desk, std::string_view line) {
    std::string message;
    const auto command = turn_line(desk, line, message);
    if (!command || !message.empty()) return {};
    const std::string words = turn::turn_words(desk.battle(), *command);
    for (const turn::TurnOffer& offer : desk.turn_offers())
        if (offer.words == words) return "Turn: " + offer.label;
    return "Turn: " + words + " (not offered now: Enter says why)";
}

std::string load_command(Desk& desk, std::string_view line) {
    std::string turn_message;
    if (turn_line(desk, line, turn_message)) return turn_message;
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
    if (!r.overrule.empty()) desk.set_overrule(r.overrule);  // as the Resolve panel's Overrule button
    // Read well but refused by the rules: the same words as typed and at Enter, with how to overrule.
    if (const auto& refused = desk.refusal())
        return rules::refused_on_line(rules::Refusal(refused->rule, refused->citation));
    return {};
}

bool run_command_line(Desk& desk, std::string_view line, std::string& message) {
    if (const auto command = turn_line(desk, line, message)) {
        if (!message.empty()) return false;
        if (desk.take_turn(*command)) return true;
        message = desk.error();
        return false;
    }
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
