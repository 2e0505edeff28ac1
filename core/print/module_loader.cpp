// printer() in a program that loads the printing module when something is first printed
// (print/printer.h says why).
#include "print/printer.h"

#include <mutex>

namespace umpire::print {

const Printer& printer() {
    static std::mutex loading;
    static const Printer* loaded = nullptr;
    const std::lock_guard<std::mutex> lock(loading);
    if (!loaded)
        loaded = static_cast<const Printer*>(install::load_module(kModuleFile, kModuleSymbol, UMPIRE_VERSION, sizeof(Printer),
                                                                  "printing module", "nothing was printed"));
    return *loaded;
}

} // namespace umpire::print
