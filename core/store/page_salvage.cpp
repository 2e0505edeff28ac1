// Telling a battle file's records apart by their shape, as store/schema.cpp lays the tables out:
//   journal  a table row of 14 values (schema 3), 18 (4 to 7) or 19 (8 and later): id (the rowid),
//            kind, turn, action, summary, unit, target, request_json, dice_json, resolution_json,
//            effects_json, refers_to, created_at, checksum, then units, follow_ups, answers, head,
//            then umpire (a row written before a file's upgrade to 8 keeps 18)
//   origin   a table row of 2 values, rowid 1: id, state (schema 6)
//   meta     a WITHOUT ROWID entry of 2 values, key and value: the seal's keys, and the origin
//            before schema 6
// A record that only looks like one of them does no harm: a row is taken only if its checksum
// holds, the starting state only if its hash does.
#include "store/page_salvage.h"

#include "store/battle_file.h"
#include "store/checksum.h"
#include "store/scratch_copy.h"

#include <algorithm>

namespace umpire::store::detail {

namespace {

using sqlite_pages::Record;
using sqlite_pages::Value;

const std::string* text(const Value& v) {
    const auto* t = std::get_if<sqlite_pages::Text>(&v);
    return t ? &t->bytes : nullptr;
}

// Text as the checksums read it: a text or a blob's bytes.
std::optional<std::string> bytes(const Value& v) {
    if (const auto* t = std::get_if<sqlite_pages::Text>(&v)) return t->bytes;
    if (const auto* b = std::get_if<sqlite_pages::Blob>(&v)) return b->bytes;
    return std::nullopt;
}

// An integer or NULL; nullopt (as "not this type") for anything else.
std::optional<std::optional<std::int64_t>> optional_number(const Value& v) {
    if (std::holds_alternative<std::monostate>(v)) return std::optional<std::int64_t>{};
    if (const auto* n = std::get_if<std::int64_t>(&v)) return std::optional<std::int64_t>{*n};
    return std::nullopt;
}

// A journal row from a record, or nullopt when the record is not one. A row whose columns are of
// the wrong types is damaged: it comes back with no checksum, so its id is reported.
std::optional<FoundRow> journal_row(const Record& r, int schema) {
    const std::size_t n = r.values.size();
    if (!r.has_rowid || n < 14 || n > 19 || !std::holds_alternative<std::monostate>(r.values[0])) return std::nullopt;
    if (!text(r.values[1])) return std::nullopt;
    FoundRow found;
    StoredRow& row = found.row;
    row.id = r.rowid;
    found.covered = schema == 3 ? 13 : kJournalColumnCount;
    auto value = [&](std::size_t i) -> const Value& {
        static const Value none;
        return i < n ? r.values[i] : none;
    };
    const auto* turn = std::get_if<std::int64_t>(&value(2));
    const auto unit = optional_number(value(5)), target = optional_number(value(6)),
               refers_to = optional_number(value(11)), answers = optional_number(value(16));
    const std::optional<std::string> strings[] = {bytes(value(1)), bytes(value(3)), bytes(value(4)), bytes(value(7)),
                                                  bytes(value(8)), bytes(value(9)), bytes(value(10)), bytes(value(12)),
                                                  bytes(value(13))};
    const bool typed = turn && unit && target && refers_to && answers &&
                       std::all_of(std::begin(strings), std::end(strings), [](const auto& s) { return s.has_value(); });
    if (!typed) return found;  // no checksum: reported as damaged under its id
    row.kind = *strings[0];
    row.turn = *turn;
    row.action = *strings[1];
    row.summary = *strings[2];
    row.unit = *unit;
    row.target = *target;
    row.request = *strings[3];
    row.dice = *strings[4];
    row.resolution = *strings[5];
    row.effects = *strings[6];
    row.refers_to = *refers_to;
    row.created_at = *strings[7];
    found.checksum = *strings[8];
    // Columns added in schema 4: absent from a schema 3 row (their defaults are '' and NULL).
    row.units = bytes(value(14)).value_or("");
    row.follow_ups = bytes(value(15)).value_or("");
    row.answers = *answers;
    found.head = bytes(value(17)).value_or("");
    found.umpire = bytes(value(18)).value_or("");  // schema 8
    return found;
}

const char* const kSealKeys[] = {"origin", "origin_checksum", "journal_last"};

} // namespace

Found find_in_pages(const sqlite_pages::Scan& scan, std::optional<int> schema) {
    Found found;
    int rows_schema = schema.value_or(0);
    if (rows_schema == 0)  // told from the rows: 14 values are schema 3's, 18 or 19 a later one's
        for (const Record& r : scan.records)
            if (r.has_rowid && (r.values.size() == 14 || r.values.size() == 18 || r.values.size() == 19) &&
                text(r.values[1])) {
                rows_schema = r.values.size() == 14 ? 3 : 4;
                break;
            }
    for (const Record& r : scan.records) {
        if (auto row = journal_row(r, rows_schema)) {
            found.rows.push_back(std::move(*row));
        } else if (r.has_rowid && r.rowid == 1 && r.values.size() == 2 &&
                   std::holds_alternative<std::monostate>(r.values[0])) {
            if (const std::string* state = text(r.values[1]); state && !state->empty() && state->front() == '{')
                found.origins.push_back(*state);
        } else if (!r.has_rowid && r.values.size() == 2) {
            const std::string* key = text(r.values[0]);
            if (!key || std::find(std::begin(kSealKeys), std::end(kSealKeys), *key) == std::end(kSealKeys)) continue;
            if (*key == "origin") {
                if (const std::string* state = text(r.values[1])) found.origins.push_back(*state);
            } else if (*key == "origin_checksum") {
                if (const std::string* hex = text(r.values[1])) found.origin_checksum = parse_hex64(*hex);
            } else if (const auto* last = std::get_if<std::int64_t>(&r.values[1])) {
                found.journal_last = *last;
            }
        }
    }
    const std::size_t shown = std::min<std::size_t>(scan.problems.size(), 5);
    found.problems.assign(scan.problems.begin(), scan.problems.begin() + static_cast<std::ptrdiff_t>(shown));
    if (scan.problems.size() > shown)
        found.problems.push_back("and " + std::to_string(scan.problems.size() - shown) + " more unreadable cells");
    return found;
}

Salvaged salvage_file(const std::string& file, std::vector<std::string>* problems) {
    const std::string bytes = read_whole_file(file);
    const sqlite_pages::Scan scan = sqlite_pages::scan(bytes);
    std::optional<int> schema;
    if (scan.user_version && scan.application_id == static_cast<std::uint32_t>(kApplicationId) && *scan.user_version >= 3 &&
        *scan.user_version <= static_cast<std::uint32_t>(kSchemaVersion))
        schema = static_cast<int>(*scan.user_version);
    const Found found = find_in_pages(scan, schema);
    if (problems) *problems = found.problems;
    return salvage(found);
}

} // namespace umpire::store::detail
