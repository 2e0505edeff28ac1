// server_backend() in a program that loads the PostgreSQL module the first time a battle is named
// by a server's address (store/server_backend.h says why).
#include "store/server_backend.h"

#include "install/modules.h"

namespace umpire::store {

const ServerBackend& server_backend() {
    return install::module_table<ServerBackend>(kServerModuleFile, kServerModuleSymbol, UMPIRE_VERSION,
                                                "PostgreSQL module",
                                                "no battle on a server can be reached, and nothing was done");
}

} // namespace umpire::store
