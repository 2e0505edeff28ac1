// A choice the rules leave to the player (rules::Question: "Counter charge, stand ground or form
// square"): asked in the text's words, one button per option, keys 1 to 4 as well. Nothing is
// applied until it is made; choosing resolves the roll again with the same dice.
#include "panels/commands.h"
#include "panels/panels.h"
#include "panels/theme.h"
#include "panels/widgets.h"

#include <imgui.h>

namespace umpire::ui {

void draw_question(desk::Desk& desk) {
    const rules::Question* q = desk.question();
    if (!q) return;
    text_wrapped_coloured(colour::accent, "The player chooses: " + q->text);
    if (!q->citation.empty()) text_wrapped_coloured(colour::dim, q->citation);
    for (std::size_t i = 0; i < q->options.size(); ++i) {
        const std::string label = std::to_string(i + 1) + "  " + q->options[i].label + "##question" + std::to_string(i);
        if (i > 0) flow_same_line(button_width(label.c_str()));
        if (ImGui::Button(label.c_str())) {
            desk.answer(i);
            return;  // the question is answered: the next frame shows the new result
        }
    }
    text_dim(q->options.size() <= kChoiceKeys ? "Keys 1 to " + std::to_string(q->options.size()) + " choose too."
                                              : std::string("Keys 1 to 4 choose the first four."));
}

} // namespace umpire::ui
