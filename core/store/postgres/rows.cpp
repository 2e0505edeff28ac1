#include "store/postgres/rows.h"

#include "store/journal.h"

namespace umpire::store::postgres {

namespace {

std::optional<std::int64_t> optional_id(const pqxx::field& f) {
    if (f.is_null()) return std::nullopt;
    return f.as<std::int64_t>();
}

std::optional<std::string> text_of(const std::optional<std::int64_t>& id) {
    if (!id) return std::nullopt;
    return std::to_string(*id);
}

} // namespace

std::string select_rows(const std::string& extra) {
    return std::string("SELECT ") + detail::kJournalColumns + ", checksum, head, umpire" + (extra.empty() ? "" : ", ") +
           extra + " FROM umpire_journal j";
}

detail::StoredEntry stored_entry(const pqxx::row& row) {
    detail::StoredEntry e;
    detail::StoredRow& r = e.row;
    r.id = row[0].as<std::int64_t>();
    r.kind = row[1].as<std::string>();
    r.turn = row[2].as<std::int64_t>();
    r.action = row[3].as<std::string>();
    r.summary = row[4].as<std::string>();
    r.unit = optional_id(row[5]);
    r.target = optional_id(row[6]);
    r.request = row[7].as<std::string>();
    r.dice = row[8].as<std::string>();
    r.resolution = row[9].as<std::string>();
    r.effects = row[10].as<std::string>();
    r.refers_to = optional_id(row[11]);
    r.created_at = row[12].as<std::string>();
    r.units = row[13].as<std::string>();
    r.follow_ups = row[14].as<std::string>();
    r.answers = optional_id(row[15]);
    e.checksum = row[detail::kJournalColumnCount].as<std::string>();
    e.head = row[detail::kJournalColumnCount + 1].as<std::string>();
    e.umpire = row[detail::kJournalColumnCount + 2].as<std::string>();
    return e;
}

void add_row(Statements& statements, const std::string& battle, const detail::StoredEntry& entry,
             const std::optional<std::string>& operation) {
    const detail::StoredRow& r = entry.row;
    statements.add(std::string("INSERT INTO umpire_journal (battle, ") + detail::kJournalColumns +
                       ", checksum, head, umpire, operation) VALUES ($1, $2, $3, $4, $5, $6, $7::bigint, $8::bigint, $9,"
                       " $10, $11, $12, $13::bigint, $14, $15, $16, $17::bigint, $18, $19, $20, $21)",
                   battle, r.id, r.kind, r.turn, r.action, r.summary, text_of(r.unit), text_of(r.target), r.request, r.dice,
                   r.resolution, r.effects, text_of(r.refers_to), r.created_at, r.units, r.follow_ups, text_of(r.answers),
                   entry.checksum, entry.head, entry.umpire, operation);
}

void insert_row(pqxx::transaction_base& tx, const std::string& battle, const detail::StoredEntry& entry,
                const std::optional<std::string>& operation) {
    Statements statements(tx);
    add_row(statements, battle, entry, operation);
    statements.send();
}

const char* nullable(const std::optional<std::string>& text) { return text ? text->c_str() : nullptr; }

std::optional<std::string> optional_text(const pqxx::field& field) {
    if (field.is_null()) return std::nullopt;
    return field.as<std::string>();
}

} // namespace umpire::store::postgres
