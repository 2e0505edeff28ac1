// printer() in a program linked with the writers themselves (print/printer.h).
#include "print/printer.h"

namespace umpire::print {

const Printer& printer() {
    static const Printer linked{&write_sheet, &write_cards, &write_roster_sheet, &open_with_viewer};
    return linked;
}

} // namespace umpire::print
