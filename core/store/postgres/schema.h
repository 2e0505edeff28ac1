#pragma once
// Internal to the PostgreSQL backend: the tables every battle on a server shares (one row per
// battle, the journal rows of all of them keyed by the battle's name), the connection, and the
// server's failures said as the store's.
#include "store/battle_store.h"
#include "store/postgres/address.h"

#include <pqxx/pqxx>

#include <memory>
#include <string>

namespace umpire::store::postgres {

// 1: the battle's row (its seal, its state as JSON) and the journal's rows with who applied each
// and the operation that wrote it.
// 2: the state as rows, a unit a row (state_rows.h), so that a write sends what it changed; a
// battle of schema 1 is upgraded when it is opened (old_schema.h).
inline constexpr int kServerSchema = 2;

// The server could not be reached (refused, timed out, not found): worth trying again a little
// later (a server restarting, the hall's network coming back), unlike the server's refusals.
class ServerUnreachable : public StoreError {
public:
    explicit ServerUnreachable(const std::string& message) : StoreError(message, StoreProblem::Io) {}
};

// A connection to the address's server. Throws ServerUnreachable when it cannot be had.
std::unique_ptr<pqxx::connection> connect(const Address& address);

// Makes the tables if they are not there, or brings those of schema 1 up to date (one maker at a
// time, by an advisory lock), in a transaction of its own.
void create_tables(pqxx::connection& conn);
// Whether the server's tables are this schema's (made by create_tables since schema 2).
bool tables_current(pqxx::transaction_base& tx);

// Throws StoreError for a failure of the server met while `doing` ("read", "write to"): a lost
// connection or any other refusal of the server is not the user's doing (Io).
[[noreturn]] void server_failure(const std::string& doing, const Address& address, const std::exception& e);

} // namespace umpire::store::postgres
