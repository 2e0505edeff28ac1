#pragma once
// File > Print..., without the drawing: which PDF, on which paper, where, and the call to
// core/print that writes it, then the desktop's viewer. A failed print writes nothing (core/print
// renders beside and renames); a missing viewer is only a message, the PDF is kept.
#include "desk/desk.h"
#include "print/default_paper.h"

#include <functional>
#include <string>

namespace umpire::desk {

enum class PrintKind { Sheet, Cards, RosterSheet };

struct PrintForm {
    PrintKind kind = PrintKind::Sheet;
    print::Paper paper = print::default_paper();  // the locale's, as on the command line
    bool backs = true;    // chance cards: a page of backs after each page of fronts
    bool blanks = false;  // chance cards: the deck's blank cards too
    bool open_after = true;
    std::string output;   // blank: default_print_path
};

// Beside the battle file: kotal.umpire -> kotal-reference.pdf / -cards.pdf / -roster.pdf; in
// the documents folder when the battle is kept in a hidden folder (the demo battle).
std::string default_print_path(const std::string& battle_path, PrintKind kind);

struct PrintOutcome {
    bool written = false;
    int pages = 0;
    std::string path;
    std::string message;  // what happened, for the dialog: the file and pages, or why not
    std::string viewer_error;  // the PDF is written but could not be shown
};

// Opens a PDF in a viewer; returns "" when started, else why not (print::open_with_viewer).
using ViewerOpener = std::function<std::string(const std::string& path)>;

// Writes the PDF the form asks for, for the desk's battle (its house rules, scale and unit),
// then opens it when asked. Never throws.
PrintOutcome print_battle(const Desk& desk, const PrintForm& form, const ViewerOpener& open_viewer);

} // namespace umpire::desk
