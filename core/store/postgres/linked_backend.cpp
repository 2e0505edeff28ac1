// server_backend() giving the PostgreSQL backend linked into the program: the tests' and the
// module's (store/server_backend.h).
#include "store/server_backend.h"

#include "store/postgres/image.h"
#include "store/postgres/pg_battle.h"

namespace umpire::store {

namespace {

std::unique_ptr<BattleStore> open_battle(const std::string& address, const OpenOptions& options) {
    return std::make_unique<postgres::PgBattle>(postgres::PgBattle::open(address, options));
}

} // namespace

const ServerBackend& server_backend() {
    static const ServerBackend backend{&open_battle, &postgres::read_image, &postgres::write_image};
    return backend;
}

} // namespace umpire::store
