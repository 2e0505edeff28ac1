#pragma once
// The PDF writers as a program that prints reaches them. They draw with cairo and pango, whose
// thirty-odd shared libraries a command that prints nothing would otherwise load at every start
// (`umpire roll` spent most of its time in the dynamic loader). So the command line and the desk
// call the writers through this table, which printer() fills by loading the printing module
// (umpire-print.so, beside the program or in <prefix>/lib/games/umpire) the first time something
// is printed.
//
// Two libraries define printer(), and a program links one of them:
//   umpire_print_loader  loads the module (the `umpire` and `umpire-desk` programs)
//   umpire_print_linked  the writers linked in (the tests, the benchmarks, the module itself)
#include "install/modules.h"
#include "print/print.h"

namespace umpire::print {

struct Printer {
    int (*write_sheet)(const rules::Ruleset& ruleset, const SheetOptions& options, const std::string& path);
    int (*write_cards)(const turn::ChanceDeck& deck, const CardOptions& options, const std::string& path);
    int (*write_roster_sheet)(const model::Battle& battle, const rules::Ruleset& ruleset, Paper paper,
                              const std::string& path);
    // The written PDF shown in the desktop's viewer: "" when started, else why not.
    std::string (*open_with_viewer)(const std::string& path);
};

// The printing module could not be loaded: the program's installation, never what was asked
// to be printed (so not a PrintError, which a caller may blame on its input).
using ModuleError = install::ModuleError;

// The writers. With the loader, the first call loads the module; a module that is missing or
// from another build throws ModuleError saying which file and why, and nothing is printed.
const Printer& printer();

// The file name of the module, and the symbol it exports (an install::ModuleEntry giving its
// Printer to a program of the same build: UMPIRE_VERSION and sizeof(Printer)).
inline constexpr const char* kModuleFile = "umpire-print.so";
inline constexpr const char* kModuleSymbol = "umpire_print_module";

} // namespace umpire::print
