// The PostgreSQL module's one exported symbol (store/server_backend.h): the backend linked into
// it, handed to a program of the same build.
#include "store/server_backend.h"

#include <cstring>

extern "C" __attribute__((visibility("default"))) const void* umpire_postgres_module(const char* version,
                                                                                      std::size_t table_size) {
    if (!version || std::strcmp(version, UMPIRE_VERSION) != 0 || table_size != sizeof(umpire::store::ServerBackend))
        return nullptr;
    return &umpire::store::server_backend();
}
