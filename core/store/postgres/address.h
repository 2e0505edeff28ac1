#pragma once
// A battle's address on a PostgreSQL server: postgresql://USER@HOST:PORT/DB?battle=NAME. Everything
// but `battle` is libpq's own URI (the password from ~/.pgpass or PGPASSWORD, as every PostgreSQL
// client takes it), handed to libpq as it is.
#include <string>

namespace umpire::store::postgres {

struct Address {
    std::string connection;  // the URI without `battle`, for libpq
    std::string battle;      // the battle's name on that server
    std::string shown;       // the address for messages, any password in it left out
};

// Whether `text` is a server address rather than a file's name (it starts postgresql:// or
// postgres://).
bool is_address(const std::string& text);

// Throws StoreError (BadFile: the user's mistake, exit 2) for an address without a battle name or
// with a name that is not 1 to 63 letters, digits, '-', '_' or '.'.
Address parse_address(const std::string& text);

} // namespace umpire::store::postgres
