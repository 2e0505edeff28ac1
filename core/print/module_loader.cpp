// printer() in a program that loads the printing module when something is first printed
// (print/printer.h says why).
#include "print/printer.h"

namespace umpire::print {

const Printer& printer() {
    return install::module_table<Printer>(kModuleFile, kModuleSymbol, UMPIRE_VERSION, "printing module",
                                          "nothing was printed");
}

} // namespace umpire::print
