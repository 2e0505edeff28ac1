#include "kit/ask.h"

#include <algorithm>
#include <stdexcept>

namespace umpire::kit {

std::vector<PlayerChoice> read_player_choices(const TableReader& top) {
    std::vector<PlayerChoice> out;
    if (!top.has("choices")) return out;
    each_entry(top, "choices", [&](const TableReader& r) {
        PlayerChoice c;
        c.id = r.text("id");
        c.label = r.text("label");
        c.text = r.text("text");
        c.citation = r.text("citation");
        each_entry(r, "options", [&](const TableReader& o) { c.options.push_back({o.text("id"), o.text("text"), 0, {}}); });
        if (c.options.size() < 2) r.fail("a choice needs two options or more");
        out.push_back(std::move(c));
    });
    return out;
}

const PlayerChoice& player_choice(const std::vector<PlayerChoice>& choices, std::string_view id) {
    for (const auto& c : choices)
        if (c.id == id) return c;
    throw std::logic_error("the tables declare no choice \"" + std::string(id) + "\"");
}

rules::InputSpec asked_input(const PlayerChoice& choice) {
    rules::InputSpec s;
    s.id = choice.id;
    s.label = choice.label;
    s.kind = rules::InputKind::Choice;
    s.choices = choice.options;
    s.required = false;  // no default: asked when a result calls for it
    s.help = "The player's choice (" + choice.text + "), asked when the result calls for it";
    return s;
}

std::optional<std::string> ask(const rules::Inputs& inputs, const PlayerChoice& choice, rules::Resolution& out,
                               const std::vector<std::string>& open) {
    if (inputs.has(choice.id)) return inputs.choice(choice.id);
    rules::Question q{choice.id, choice.text, choice.citation, {}};
    for (const auto& o : choice.options)
        if (open.empty() || std::find(open.begin(), open.end(), o.id) != open.end()) q.options.push_back(o);
    if (q.options.size() == 1) return q.options.front().id;  // the rules leave no choice here
    out.question = std::move(q);
    return std::nullopt;
}

void withhold(rules::Resolution& out) {
    if (!out.question) return;
    out.effects.clear();
    out.follow_ups.clear();
    out.outcome = "To choose: " + out.question->text + " (nothing is applied until the choice is made)";
}

} // namespace umpire::kit
