#pragma once
// Internal to the PostgreSQL backend: journal rows read and written, in the battle file's columns.
#include "store/battle_image.h"
#include "store/postgres/statements.h"

#include <pqxx/pqxx>

#include <optional>
#include <string>

namespace umpire::store::postgres {

// "SELECT <the journal's stored columns>, checksum, head, umpire[, extra] FROM umpire_journal j":
// a row read with it is read back by stored_entry (`extra` comes after what it reads).
// A parameter that may be NULL: libpqxx sends a null pointer as NULL.
const char* nullable(const std::optional<std::string>& text);
// A column that may be NULL, read as text.
std::optional<std::string> optional_text(const pqxx::field& field);

std::string select_rows(const std::string& extra = "");
detail::StoredEntry stored_entry(const pqxx::row& row);

// Adds the insert of `entry` as the battle's row, with the operation that wrote it (nullopt: a
// copy), to `statements`; insert_row inserts it at once.
void add_row(Statements& statements, const std::string& battle, const detail::StoredEntry& entry,
             const std::optional<std::string>& operation);
void insert_row(pqxx::transaction_base& tx, const std::string& battle, const detail::StoredEntry& entry,
                const std::optional<std::string>& operation);

} // namespace umpire::store::postgres
