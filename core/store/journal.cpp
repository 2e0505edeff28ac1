// Journal rows and the undo/redo history derived from them.
#include "store/journal.h"

#include "rules/resolution_json.h"
#include "store/checksum.h"

#include <SQLiteCpp/Statement.h>

#include <algorithm>
#include <chrono>
#include <ctime>

namespace umpire::store {

std::string_view entry_kind_id(EntryKind kind) {
    switch (kind) {
    case EntryKind::Action: return "action";
    case EntryKind::Undo: return "undo";
    case EntryKind::Redo: return "redo";
    }
    return "unknown";
}

namespace detail {

namespace {

using nlohmann::json;

[[noreturn]] void damaged(std::int64_t id, const std::string& what) {
    throw StoreError("the battle file is damaged: journal entry " + std::to_string(id) + " " + what);
}

std::optional<EntryKind> kind_from_id(std::string_view id) {
    for (auto k : {EntryKind::Action, EntryKind::Undo, EntryKind::Redo})
        if (entry_kind_id(k) == id) return k;
    return std::nullopt;
}

// Invalid UTF-8 typed by a user must not make the entry unwritable: replace it instead of throwing.
std::string dump(const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); }

json parse_column(std::int64_t id, const SQLite::Column& column) {
    try {
        return json::parse(column.getString());
    } catch (const json::exception& e) {
        damaged(id, std::string(column.getName()) + ": " + e.what());
    }
}

const std::string kSelect = std::string("SELECT ") + kJournalColumns + " FROM journal";


JournalEntry entry_from_row(SQLite::Statement& row) {
    JournalEntry e;
    e.id = row.getColumn(0).getInt64();
    std::string kind = row.getColumn(1).getString();
    auto parsed = kind_from_id(kind);
    if (!parsed) damaged(e.id, "has unknown kind \"" + kind + "\"");
    e.kind = *parsed;
    e.turn = row.getColumn(2).getInt();
    e.action = row.getColumn(3).getString();
    e.summary = row.getColumn(4).getString();
    if (!row.getColumn(5).isNull()) e.unit = row.getColumn(5).getInt();
    if (!row.getColumn(6).isNull()) e.target = row.getColumn(6).getInt();
    e.request = parse_column(e.id, row.getColumn(7));
    e.resolution = parse_column(e.id, row.getColumn(9));
    try {
        e.dice = parse_column(e.id, row.getColumn(8)).get<std::vector<int>>();
        e.effects = rules::effects_from_json(parse_column(e.id, row.getColumn(10)));
    } catch (const std::exception& ex) {
        damaged(e.id, std::string("has unreadable dice or effects: ") + ex.what());
    }
    if (!row.getColumn(11).isNull()) e.refers_to = row.getColumn(11).getInt64();
    e.created_at = row.getColumn(12).getString();
    return e;
}

} // namespace

std::uint64_t append_entry(SQLite::Database& db, const JournalEntry& e) {
    const std::string kind(entry_kind_id(e.kind)), request = dump(e.request), dice = dump(json(e.dice)),
                      resolution = dump(e.resolution), effects = dump(rules::to_json(e.effects));
    auto optional = [](const auto& v) -> Cell {
        if (v) return static_cast<std::int64_t>(*v);
        return std::monostate{};
    };
    const std::vector<Cell> cells{e.id, kind, std::int64_t{e.turn}, e.action, e.summary,
                                  optional(e.unit), optional(e.target), request, dice, resolution,
                                  effects, optional(e.refers_to), e.created_at};
    const std::uint64_t checksum = row_checksum(cells);
    SQLite::Statement s(db, std::string("INSERT INTO journal(") + kJournalColumns +
                                ", checksum) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    for (std::size_t i = 0; i < cells.size(); ++i) {
        const int at = static_cast<int>(i) + 1;
        if (const auto* n = std::get_if<std::int64_t>(&cells[i]))
            s.bind(at, *n);
        else if (const auto* t = std::get_if<std::string_view>(&cells[i]))
            s.bind(at, std::string(*t));
        else
            s.bind(at);
    }
    s.bind(14, hex64(checksum));
    s.exec();
    return checksum;
}

std::vector<JournalEntry> read_entries(SQLite::Database& db, bool skip_unreadable) {
    std::vector<JournalEntry> out;
    SQLite::Statement s(db, std::string(kSelect) + " ORDER BY id");
    while (s.executeStep()) {
        try {
            out.push_back(entry_from_row(s));
        } catch (const StoreError&) {
            if (!skip_unreadable) throw;
        }
    }
    return out;
}

std::optional<JournalEntry> read_entry(SQLite::Database& db, std::int64_t id) {
    SQLite::Statement s(db, std::string(kSelect) + " WHERE id = ?");
    s.bind(1, id);
    if (!s.executeStep()) return std::nullopt;
    return entry_from_row(s);
}

std::vector<CheckedRow> read_checked_rows(SQLite::Database& db, bool has_checksums, std::string& stopped) {
    std::vector<CheckedRow> rows;
    try {
        SQLite::Statement s(db, std::string("SELECT ") + kJournalColumns +
                                    (has_checksums ? ", checksum" : ", ''") + " FROM journal ORDER BY id");
        while (s.executeStep()) {
            CheckedRow row;
            row.id = s.getColumn(0).getInt64();
            if (has_checksums) {
                const auto stored = parse_hex64(s.getColumn(13).getString());
                if (!stored || *stored != row_checksum(stored_cells(s))) {
                    row.problem = "damaged (its checksum does not match)";
                    rows.push_back(std::move(row));
                    continue;
                }
            }
            try {
                row.entry = entry_from_row(s);
            } catch (const std::exception& e) {
                row.problem = std::string("unreadable: ") + e.what();
            }
            rows.push_back(std::move(row));
        }
    } catch (const SQLite::Exception& e) {
        stopped = std::string("the journal could not be read past entry ") +
                  std::to_string(rows.empty() ? 0 : rows.back().id) + ": " + e.what();
    }
    return rows;
}

void play_entry(model::Battle& state, const JournalEntry& entry) {
    if (entry.kind == EntryKind::Undo)
        state.revert(entry.effects);
    else
        state.apply(entry.effects);
}

void History::add(EntryKind kind, std::int64_t id, std::optional<std::int64_t> refers_to) {
    auto move = [](std::vector<std::int64_t>& from, std::vector<std::int64_t>& to, std::int64_t x) {
        // Normally x is the top of `from`; erase wherever it is so an odd journal still loads.
        auto it = std::find(from.rbegin(), from.rend(), x);
        if (it != from.rend()) from.erase(std::next(it).base());
        to.push_back(x);
    };
    switch (kind) {
    case EntryKind::Action:
        applied_.push_back(id);
        undone_.clear();  // a new action ends the redo chain, as in any editor
        break;
    case EntryKind::Undo:
        if (refers_to) move(applied_, undone_, *refers_to);
        break;
    case EntryKind::Redo:
        if (refers_to) move(undone_, applied_, *refers_to);
        break;
    }
}

// A column as its checksum sees it: the stored type and bytes, without conversion.
std::vector<Cell> stored_cells(SQLite::Statement& row) {
    std::vector<Cell> cells;
    cells.reserve(13);
    for (int i = 0; i < 13; ++i) {
        const SQLite::Column c = row.getColumn(i);
        if (c.isNull())
            cells.emplace_back(std::monostate{});
        else if (c.isInteger())
            cells.emplace_back(c.getInt64());
        else
            cells.emplace_back(std::string_view(static_cast<const char*>(c.getBlob()),
                                                static_cast<std::size_t>(c.getBytes())));
    }
    return cells;
}

void scan_journal(SQLite::Database& db, JournalScan& scan) {
    SQLite::Statement s(db, std::string("SELECT ") + kJournalColumns +
                                ", checksum FROM journal WHERE id > ? ORDER BY id");
    s.bind(1, scan.last);
    constexpr int kColumns = 13;
    while (s.executeStep()) {
        const std::vector<Cell> cells = stored_cells(s);
        const std::int64_t id = s.getColumn(0).getInt64();
        const std::uint64_t computed = row_checksum(cells);
        const auto stored = parse_hex64(s.getColumn(kColumns).getString());
        if (!stored || *stored != computed) scan.damaged.push_back(id);
        // The head folds what the row should be: its stored checksum, damaged or not, so one
        // damaged row does not hide whether rows are missing after it.
        scan.head = fold_head(scan.head, stored.value_or(computed));
        scan.last = id;
        ++scan.rows;
        const auto kind = kind_from_id(s.getColumn(1).getString());
        if (!kind) {
            scan.unreadable_kind.push_back(id);
            continue;
        }
        std::optional<std::int64_t> refers_to;
        if (!s.getColumn(11).isNull()) refers_to = s.getColumn(11).getInt64();
        scan.history.add(*kind, id, refers_to);
    }
}

std::optional<std::int64_t> History::undo_target() const {
    if (applied_.empty()) return std::nullopt;
    return applied_.back();
}

std::optional<std::int64_t> History::redo_target() const {
    if (undone_.empty()) return std::nullopt;
    return undone_.back();
}

bool History::is_undone(std::int64_t action_id) const {
    return std::find(applied_.begin(), applied_.end(), action_id) == applied_.end();
}

std::string utc_now() {
    std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm utc{};
    gmtime_r(&now, &utc);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &utc);
    return buf;
}

} // namespace detail
} // namespace umpire::store
