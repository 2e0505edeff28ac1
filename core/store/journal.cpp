// Journal rows and the undo/redo history derived from them.
#include "store/journal.h"

#include "rules/resolution_json.h"

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

constexpr const char* kSelect =
    "SELECT id, kind, turn, action, summary, unit, target, request_json, dice_json,"
    " resolution_json, effects_json, refers_to, created_at FROM journal";

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

std::int64_t append_entry(SQLite::Database& db, const JournalEntry& e) {
    SQLite::Statement s(db,
                        "INSERT INTO journal(kind, turn, action, summary, unit, target, request_json,"
                        " dice_json, resolution_json, effects_json, refers_to, created_at)"
                        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    s.bind(1, std::string(entry_kind_id(e.kind)));
    s.bind(2, e.turn);
    s.bind(3, e.action);
    s.bind(4, e.summary);
    if (e.unit) s.bind(5, *e.unit); else s.bind(5);
    if (e.target) s.bind(6, *e.target); else s.bind(6);
    s.bind(7, dump(e.request));
    s.bind(8, dump(json(e.dice)));
    s.bind(9, dump(e.resolution));
    s.bind(10, dump(rules::to_json(e.effects)));
    if (e.refers_to) s.bind(11, *e.refers_to); else s.bind(11);
    s.bind(12, e.created_at);
    s.exec();
    return db.getLastInsertRowid();
}

std::vector<JournalEntry> read_entries(SQLite::Database& db) {
    std::vector<JournalEntry> out;
    SQLite::Statement s(db, std::string(kSelect) + " ORDER BY id");
    while (s.executeStep()) out.push_back(entry_from_row(s));
    return out;
}

std::optional<JournalEntry> read_entry(SQLite::Database& db, std::int64_t id) {
    SQLite::Statement s(db, std::string(kSelect) + " WHERE id = ?");
    s.bind(1, id);
    if (!s.executeStep()) return std::nullopt;
    return entry_from_row(s);
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

History History::load(SQLite::Database& db) {
    History h;
    SQLite::Statement s(db, "SELECT id, kind, refers_to FROM journal ORDER BY id");
    while (s.executeStep()) {
        std::int64_t id = s.getColumn(0).getInt64();
        std::string kind = s.getColumn(1).getString();
        auto parsed = kind_from_id(kind);
        if (!parsed) damaged(id, "has unknown kind \"" + kind + "\"");
        std::optional<std::int64_t> refers_to;
        if (!s.getColumn(2).isNull()) refers_to = s.getColumn(2).getInt64();
        h.add(*parsed, id, refers_to);
    }
    return h;
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
