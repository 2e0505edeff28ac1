// serve_module(): the serving module, loaded by `umpire serve` alone (cli/serve_command.h).
#include "cli/serve_command.h"

#include "install/modules.h"

namespace umpire::cli {

const ServeModule& serve_module() {
    // One command runs in a process: no other thread can be loading it meanwhile.
    static const ServeModule* loaded = nullptr;
    if (!loaded)
        loaded = static_cast<const ServeModule*>(install::load_module(kServeModuleFile, kServeModuleSymbol, UMPIRE_VERSION,
                                                                      sizeof(ServeModule), "serving module",
                                                                      "nothing was served"));
    return *loaded;
}

} // namespace umpire::cli
