#include "desk/print_job.h"

#include "desk/file_chooser.h"

#include "print/printer.h"
#include "turn/chance_deck.h"

#include <filesystem>

namespace umpire::desk {

namespace fs = std::filesystem;

std::string default_print_path(const std::string& battle_path, PrintKind kind) {
    const fs::path battle(battle_path);
    const char* suffix = kind == PrintKind::Sheet ? "-reference.pdf" : kind == PrintKind::Cards ? "-cards.pdf" : "-roster.pdf";
    // A battle kept in a hidden folder (the demo, under the data folder) prints to the documents
    // folder, where the user will find the PDF.
    const fs::path folder = in_hidden_folder(battle_path) ? fs::path(documents_dir()) : battle.parent_path();
    return (folder / (battle.stem().string() + suffix)).string();
}

PrintOutcome print_battle(const Desk& desk, const PrintForm& form, const ViewerOpener& open_viewer) {
    PrintOutcome out;
    out.path = form.output.find_first_not_of(" \t") == std::string::npos ? default_print_path(desk.path(), form.kind)
                                                                          : form.output;
    const fs::path target(out.path);
    const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) {
        out.message = "Cannot write " + out.path + ": the folder " + dir.string() + " does not exist.";
        return out;
    }
    if (fs::is_directory(target, ec)) {
        out.message = "Cannot write " + out.path + ": it is a folder.";
        return out;
    }
    const model::Battle& battle = desk.battle();
    std::string what;
    try {
        switch (form.kind) {
        case PrintKind::Sheet:
            out.pages = print::printer().write_sheet(desk.ruleset(), print::sheet_options_for(battle, form.paper), out.path);
            what = "quick reference";
            break;
        case PrintKind::Cards: {
            const auto deck = turn::deck_for_battle(battle);
            if (!deck) {
                out.message = std::string(desk.ruleset().name()) + " has no chance cards to print.";
                return out;
            }
            out.pages = print::printer().write_cards(*deck, {form.paper, form.backs, form.blanks}, out.path);
            what = std::string("chance cards") + (form.backs ? " with backs" : "");
            break;
        }
        case PrintKind::RosterSheet:
            out.pages = print::printer().write_roster_sheet(battle, desk.ruleset(), form.paper, out.path);
            what = "roster sheet";
            break;
        }
    } catch (const std::exception& e) {
        out.message = "Nothing printed: " + std::string(e.what());
        return out;
    }
    out.written = true;
    out.message = "Wrote " + out.path + ": " + what + ", " + std::to_string(out.pages) +
                  (out.pages == 1 ? " page." : " pages.");
    if (form.open_after && open_viewer) {
        out.viewer_error = open_viewer(out.path);
        if (!out.viewer_error.empty())
            out.message += " Could not open a viewer (" + out.viewer_error + "); the PDF is kept there.";
    }
    return out;
}

} // namespace umpire::desk
