#pragma once
// Internal to the PostgreSQL backend: a battle of the first server schema (its whole state one
// JSON text in the battle row) brought to the second (a unit a row, state_rows.h) in place.
#include "store/postgres/address.h"

#include <pqxx/pqxx>

namespace umpire::store::postgres {

// Upgrades the address's battle when it is of the first schema, the server's tables first when
// they are (create_tables). The battle's upgrade is one SERIALIZABLE transaction: its unit rows and
// remainder written from the JSON, the JSON dropped, the schema set, together or not at all, with
// its journal, seal and checksum untouched (the state is the same, only kept otherwise). Nothing
// is done when there is no such battle, when its JSON does not read (the battle is then opened as
// it is, read-only and said to be damaged), or when the server's user may not change the tables
// (it is read as it is). Throws what the server's failures throw.
void upgrade_if_old(pqxx::connection& conn, const Address& address);

} // namespace umpire::store::postgres
