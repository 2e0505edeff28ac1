// File > Print...: the quick-reference sheet, the chance cards (with backs, blanks) or the
// roster sheet, on A4 or Letter, written with core/print beside the battle (or where the umpire
// says) and handed to the desktop's PDF viewer. When there is no viewer for PDFs the dialog says
// so and the PDF stays where it was written.
#include "panels/dialog.h"
#include "panels/file_menu.h"
#include "panels/panels.h"
#include "panels/theme.h"
#include "panels/widgets.h"

#include "print/printer.h"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>

namespace umpire::ui {

namespace {


// Choosing another kind moves a default path along with it ("-reference.pdf" -> "-cards.pdf");
// a path the umpire typed is left alone.
void choose_kind(Shell& shell, desk::PrintKind kind) {
    desk::PrintForm& form = shell.files.print_form;
    if (form.kind == kind) return;
    const bool was_default = form.output == desk::default_print_path(shell.desk->path(), form.kind);
    form.kind = kind;
    if (was_default || form.output.empty()) form.output = desk::default_print_path(shell.desk->path(), kind);
}

} // namespace

void draw_print_dialog(Shell& shell) {
    FileMenu& files = shell.files;
    if (!shell.desk) {
        files.dialog = FileDialog::None;
        return;
    }
    // Tall enough for the card options and a two-line message above Write PDF and Close.
    if (!begin_dialog(files, "Print", 40.0f, 27.0f)) return;
    desk::PrintForm& form = files.print_form;
    const desk::Desk& desk = *shell.desk;

    heading("What to print");
    const auto kind_radio = [&](const char* label, desk::PrintKind kind) {
        if (ImGui::RadioButton(label, form.kind == kind)) choose_kind(shell, kind);
        remember_hit(files, label);
    };
    kind_radio("Quick-reference sheet", desk::PrintKind::Sheet);
    text_dim("    the ruleset's tables with this battle's house rules and distances");
    kind_radio("Chance cards", desk::PrintKind::Cards);
    if (form.kind == desk::PrintKind::Cards) {
        ImGui::Indent();
        ImGui::Checkbox("Card backs (for duplex printing)", &form.backs);
        ImGui::Checkbox("Blank cards", &form.blanks);
        ImGui::Unindent();
    }
    kind_radio("Roster sheet", desk::PrintKind::RosterSheet);
    text_dim("    a status sheet per side: a tick box per figure, the shaken mark");

    ImGui::Spacing();
    text("Paper:");
    ImGui::SameLine();
    if (ImGui::RadioButton("A4", form.paper == print::Paper::A4)) form.paper = print::Paper::A4;
    remember_hit(files, "A4");
    ImGui::SameLine();
    if (ImGui::RadioButton("Letter", form.paper == print::Paper::Letter)) form.paper = print::Paper::Letter;
    remember_hit(files, "Letter");

    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - ImGui::CalcTextSize("PDF file").x -
                            ImGui::GetStyle().ItemInnerSpacing.x - browse_width(files));
    ImGui::InputTextWithHint("PDF file", "path/to/sheet.pdf", &form.output);
    remember_hit(files, "pdf-path");
    browse_button(files, "browse-pdf", {true, "Write the PDF to", {}, "PDF files", "*.pdf"}, form.output);
    ImGui::Checkbox("Open it in the PDF viewer", &form.open_after);

    if (files.printed) {
        const auto& p = *files.printed;
        text_wrapped_coloured(!p.written ? colour::error : p.viewer_error.empty() ? colour::good : colour::warning,
                              p.message);
    }
    if (ImGui::Button("Write PDF")) {
        const desk::ViewerOpener viewer =
            files.viewer ? files.viewer : [](const std::string& path) { return print::printer().open_with_viewer(path); };
        files.printed = desk::print_battle(desk, form, viewer);
    }
    remember_hit(files, "Write PDF");
    ImGui::SameLine();
    if (hit_button(files, "Close") || escape_pressed()) close_dialog(files);
    ImGui::EndPopup();
}

} // namespace umpire::ui
