// server_backend() in a program that loads the PostgreSQL module the first time a battle is named
// by a server's address (store/server_backend.h says why).
#include "store/server_backend.h"

#include "install/modules.h"

#include <mutex>

namespace umpire::store {

const ServerBackend& server_backend() {
    static std::mutex loading;
    static const ServerBackend* loaded = nullptr;
    const std::lock_guard<std::mutex> lock(loading);
    if (!loaded)
        loaded = static_cast<const ServerBackend*>(install::load_module(
            kServerModuleFile, kServerModuleSymbol, UMPIRE_VERSION, sizeof(ServerBackend), "PostgreSQL module",
            "no battle on a server can be reached, and nothing was done"));
    return *loaded;
}

} // namespace umpire::store
