// The printing module's one exported symbol (print/printer.h): the writers linked into it, handed
// to a program of the same build.
#include "print/printer.h"

#include <cstring>

extern "C" __attribute__((visibility("default"))) const void* umpire_print_module(const char* version,
                                                                                   std::size_t printer_size) {
    if (!version || std::strcmp(version, UMPIRE_VERSION) != 0 || printer_size != sizeof(umpire::print::Printer))
        return nullptr;
    return &umpire::print::printer();
}
