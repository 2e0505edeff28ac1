#pragma once
// What the store does on a server (PostgreSQL through libpqxx), as a table of functions. libpq
// brings OpenSSL, Kerberos, LDAP and GnuTLS with it: linked into `umpire` they were most of every
// command's start, on a battle file as on none. So the command line reaches them through the
// PostgreSQL module (umpire-postgres.so, beside the program or in <prefix>/lib/games/umpire),
// loaded the first time a battle is named by a server's address (backends.h picks); the tests
// link the backend directly (umpire_store_postgres_linked).
#include "store/battle_image.h"
#include "store/battle_store.h"

#include <memory>
#include <string>

namespace umpire::store {

struct ServerBackend {
    // postgres::PgBattle::open: the battle at `address`, open.
    std::unique_ptr<BattleStore> (*open)(const std::string& address, const OpenOptions& options);
    // postgres::read_image and write_image: a whole battle carried from and to the server.
    detail::BattleImage (*read_image)(const std::string& address);
    void (*write_image)(const std::string& address, const detail::BattleImage& image);
};

// The table, from whichever of the two the program links: the module loaded on the first call
// (server_loader.cpp; install::ModuleError when it cannot be, nothing done) or the backend
// linked in (postgres/linked_backend.cpp).
const ServerBackend& server_backend();

// The module's file and its one exported symbol (an install::ModuleEntry, install/modules.h).
inline constexpr const char* kServerModuleFile = "umpire-postgres.so";
inline constexpr const char* kServerModuleSymbol = "umpire_postgres_module";

} // namespace umpire::store
