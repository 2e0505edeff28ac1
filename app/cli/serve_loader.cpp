// serve_module(): the serving module, loaded by `umpire serve` alone (cli/serve_command.h).
#include "cli/serve_command.h"

#include "install/modules.h"

namespace umpire::cli {

const ServeModule& serve_module() {
    return install::module_table<ServeModule>(kServeModuleFile, kServeModuleSymbol, UMPIRE_VERSION, "serving module",
                                              "nothing was served");
}

} // namespace umpire::cli
