// Journal rows, their checksums and heads, and the undo/redo history read from them.
#include "store/journal.h"

#include "rules/follow_ups_text.h"
#include "rules/resolution_json.h"
#include "store/checksum.h"
#include "store/payload.h"

#include <SQLiteCpp/Statement.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <set>
#include <sstream>

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

json parse_text(std::int64_t id, const std::string& name, const std::string& text) {
    try {
        return json::parse(text);
    } catch (const json::exception& e) {
        damaged(id, name + ": " + e.what());
    }
}

// Every stored column, the checksum and the umpire: what an entry is read with, its checksum checked.
const std::string kSelect = std::string("SELECT ") + kCheckedLineColumns + " FROM journal";

std::optional<std::int64_t> optional_id(const SQLite::Column& c) {
    if (c.isNull()) return std::nullopt;
    return c.getInt64();
}

// "3 17 42": the units the effects touch, each once, in order.
std::string units_text(const std::vector<model::Effect>& effects) {
    std::set<int> ids;
    for (const auto& e : effects)
        if (e.entity == model::Entity::Unit) ids.insert(e.id);
    std::string out;
    for (int id : ids) out += (out.empty() ? "" : " ") + std::to_string(id);
    return out;
}

std::vector<int> units_from_text(const std::string& text) {
    std::vector<int> ids;
    std::istringstream in(text);
    for (int id = 0; in >> id;) ids.push_back(id);
    return ids;
}

// The checksum a row read with kSelect stores, checked against its columns.
void check_row(SQLite::Statement& row, std::int64_t id) {
    const auto stored = parse_hex64(row.getColumn(kJournalColumnCount).getString());
    if (!stored || *stored != row_checksum(stored_cells(row)))
        damaged(id, "is damaged (the checksum does not match what is stored)");
}

} // namespace

std::vector<rules::FollowUp> follow_ups_from_text(std::int64_t id, const std::string& text) {
    std::vector<rules::FollowUp> out;
    if (text.empty()) return out;
    // Read straight from the text (what the desk's opening reads from every entry that raised
    // one); a text of another shape, or damaged, the long way, which says what is wrong with it.
    if (auto read = rules::follow_ups_from_text(text)) return std::move(*read);
    for (const auto& f : parse_text(id, "follow_ups", text)) out.push_back(rules::follow_up_from_json(f));
    return out;
}

std::vector<Cell> StoredRow::cells() const {
    auto optional = [](const std::optional<std::int64_t>& v) -> Cell {
        if (v) return *v;
        return std::monostate{};
    };
    return {id, kind, turn, action, summary, optional(unit), optional(target), request, dice, resolution,
            effects, optional(refers_to), created_at, units, follow_ups, optional(answers)};
}

StoredRow stored_row(const JournalEntry& e) {
    StoredRow r;
    r.id = e.id;
    r.kind = std::string(entry_kind_id(e.kind));
    r.turn = e.turn;
    r.action = e.action;
    r.summary = e.summary;
    if (e.unit) r.unit = *e.unit;
    if (e.target) r.target = *e.target;
    const RowColumns columns{r.action, r.summary, r.unit, r.target};
    json request = e.request;
    slim_request(request, columns);
    r.request = dump(request);
    r.dice = dump(json(e.dice));
    // The effects are kept once, in their own column; the follow-ups in theirs.
    json resolution = e.resolution;
    json follow_ups = json::array();
    if (resolution.is_object()) {
        resolution.erase("effects");
        if (resolution.contains("follow_ups")) {
            follow_ups = resolution["follow_ups"];
            resolution.erase("follow_ups");
        }
    }
    slim_resolution(resolution, columns);
    r.resolution = dump(resolution);
    // An undo or a redo plays its action's effects: they are read from the action's row.
    r.effects = e.kind == EntryKind::Action ? dump(rules::to_json(e.effects)) : "[]";
    r.units = units_text(e.effects);
    r.follow_ups = follow_ups.is_array() && !follow_ups.empty() ? dump(follow_ups) : "";
    if (e.refers_to) r.refers_to = *e.refers_to;
    r.created_at = e.created_at;
    if (e.request.is_object() && e.request.contains("answers") && e.request["answers"].is_number_integer())
        r.answers = e.request["answers"].get<std::int64_t>();
    return r;
}

void insert_row(SQLite::Database& db, const StoredRow& row, const std::string& checksum, const std::string& head,
                const std::string& umpire) {
    const std::vector<Cell> cells = row.cells();
    SQLite::Statement s(db, std::string("INSERT INTO journal(") + kJournalColumns +
                                ", checksum, head, umpire) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    for (std::size_t i = 0; i < cells.size(); ++i) {
        const int at = static_cast<int>(i) + 1;
        if (const auto* n = std::get_if<std::int64_t>(&cells[i]))
            s.bind(at, *n);
        else if (const auto* t = std::get_if<std::string_view>(&cells[i]))
            s.bind(at, std::string(*t));
        else
            s.bind(at);
    }
    s.bind(kJournalColumnCount + 1, checksum);
    s.bind(kJournalColumnCount + 2, head);
    s.bind(kJournalColumnCount + 3, umpire);
    s.exec();
}

std::uint64_t append_entry(SQLite::Database& db, const JournalEntry& e, std::uint64_t head_before) {
    const StoredRow row = stored_row(e);
    const std::uint64_t checksum = row_checksum(row.cells());
    const std::uint64_t head = fold_head(head_before, checksum);
    insert_row(db, row, hex64(checksum), hex64(head), e.umpire);
    return head;
}

StoredRow stored_from_statement(SQLite::Statement& row) {
    auto text = [&](int i) { return row.getColumn(i).getString(); };
    StoredRow r;
    r.id = row.getColumn(0).getInt64();
    r.kind = text(1);
    r.turn = row.getColumn(2).getInt64();
    r.action = text(3);
    r.summary = text(4);
    r.unit = optional_id(row.getColumn(5));
    r.target = optional_id(row.getColumn(6));
    r.request = text(7);
    r.dice = text(8);
    r.resolution = text(9);
    r.effects = text(10);
    r.refers_to = optional_id(row.getColumn(11));
    r.created_at = text(12);
    r.units = text(13);
    r.follow_ups = text(14);
    r.answers = optional_id(row.getColumn(15));
    return r;
}

JournalEntry entry_from_stored(const StoredRow& row) {
    JournalEntry e;
    e.id = row.id;
    auto parsed = kind_from_id(row.kind);
    if (!parsed) damaged(e.id, "has unknown kind \"" + row.kind + "\"");
    e.kind = *parsed;
    e.turn = static_cast<int>(row.turn);
    e.action = row.action;
    e.summary = row.summary;
    if (row.unit) e.unit = static_cast<int>(*row.unit);
    if (row.target) e.target = static_cast<int>(*row.target);
    e.request = parse_text(e.id, "request_json", row.request);
    e.resolution = parse_text(e.id, "resolution_json", row.resolution);
    const RowColumns columns{e.action, e.summary, e.unit, e.target};
    restore_request(e.request, columns);
    restore_resolution(e.resolution, columns);
    try {
        e.dice = parse_text(e.id, "dice_json", row.dice).get<std::vector<int>>();
        e.effects = rules::effects_from_json(parse_text(e.id, "effects_json", row.effects));
    } catch (const StoreError&) {
        throw;
    } catch (const std::exception& ex) {
        damaged(e.id, std::string("has unreadable dice or effects: ") + ex.what());
    }
    e.refers_to = row.refers_to;
    e.created_at = row.created_at;
    // The follow-ups go back into the resolution they were raised by, where readers look.
    if (e.resolution.is_object() && !e.resolution.contains("follow_ups"))
        e.resolution["follow_ups"] = row.follow_ups.empty() ? json::array() : parse_text(e.id, "follow_ups", row.follow_ups);
    return e;
}

JournalEntry entry_from_row(SQLite::Statement& row) { return entry_from_stored(stored_from_statement(row)); }

namespace {

// The entry a row read with kSelect holds, with who applied it.
JournalEntry entry_from_selected(SQLite::Statement& row) {
    JournalEntry e = entry_from_row(row);
    e.umpire = row.getColumn(kJournalColumnCount + 1).getString();
    return e;
}

} // namespace

void with_references(std::vector<JournalEntry>& entries) {
    for (auto& e : entries) {
        if (!e.refers_to) continue;
        auto it = std::lower_bound(entries.begin(), entries.end(), *e.refers_to,
                                   [](const JournalEntry& x, std::int64_t id) { return x.id < id; });
        if (it != entries.end() && it->id == *e.refers_to && it->kind == EntryKind::Action) e.effects = it->effects;
    }
}

std::vector<JournalEntry> read_entries(SQLite::Database& db, bool skip_unreadable, bool verify) {
    std::vector<JournalEntry> out;
    History history;
    SQLite::Statement s(db, kSelect + " ORDER BY id");
    while (s.executeStep()) {
        try {
            if (verify) check_row(s, s.getColumn(0).getInt64());
            out.push_back(entry_from_selected(s));
            history.add(out.back().kind, out.back().id, out.back().refers_to);
        } catch (const StoreError&) {
            if (!skip_unreadable) throw;
        }
    }
    with_references(out);
    for (auto& e : out) e.undone = e.kind == EntryKind::Action && history.is_undone(e.id);
    return out;
}

std::optional<JournalEntry> read_entry(SQLite::Database& db, std::int64_t id) {
    SQLite::Statement s(db, kSelect + " WHERE id = ?");
    s.bind(1, id);
    if (!s.executeStep()) return std::nullopt;
    check_row(s, id);
    JournalEntry e = entry_from_selected(s);
    if (e.refers_to) {
        const std::optional<JournalEntry> action = read_entry(db, *e.refers_to);
        if (!action || action->kind != EntryKind::Action)
            damaged(id, "refers to entry " + std::to_string(*e.refers_to) + ", which is not an action in the journal");
        e.effects = action->effects;
    }
    return e;
}

void each_entry(SQLite::Database& db, const std::function<void(const JournalEntry&)>& visit) {
    SQLite::Statement s(db, kSelect + " ORDER BY id");
    while (s.executeStep()) {
        const std::int64_t id = s.getColumn(0).getInt64();
        check_row(s, id);
        JournalEntry e = entry_from_selected(s);
        if (e.refers_to)
            if (const auto action = read_entry(db, *e.refers_to)) e.effects = action->effects;
        visit(e);
    }
}

JournalLine line_from_row(SQLite::Statement& s, bool check) {
    // Where each of a line's columns is in the row: the line's own narrow columns (kLineColumns),
    // or, to check the row's checksum, every stored column and the checksum after them (kCheckedLineColumns).
    struct Columns {
        int id, kind, turn, action, summary, unit, target, dice, refers_to, created_at, units, follow_ups, answers, umpire;
    };
    static constexpr Columns kNarrow{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13};
    static constexpr Columns kWhole{0, 1, 2, 3, 4, 5, 6, 8, 11, 12, 13, 14, 15, 17};
    const Columns& c = check ? kWhole : kNarrow;
    JournalLine l;
    l.id = s.getColumn(c.id).getInt64();
    if (check) {
        const auto stored = parse_hex64(s.getColumn(kJournalColumnCount).getString());
        l.damaged = !stored || *stored != row_checksum(stored_cells(s));
    }
    const auto kind = kind_from_id(s.getColumn(c.kind).getString());
    l.damaged = l.damaged || !kind;
    l.kind = kind.value_or(EntryKind::Action);
    l.turn = s.getColumn(c.turn).getInt();
    l.action = s.getColumn(c.action).getString();
    l.summary = s.getColumn(c.summary).getString();
    if (!s.getColumn(c.unit).isNull()) l.unit = s.getColumn(c.unit).getInt();
    if (!s.getColumn(c.target).isNull()) l.target = s.getColumn(c.target).getInt();
    try {
        l.dice = json::parse(s.getColumn(c.dice).getString()).get<std::vector<int>>();
    } catch (const std::exception&) {
        l.dice.clear();  // shown only: the entry itself says whether it is damaged
    }
    l.refers_to = optional_id(s.getColumn(c.refers_to));
    l.created_at = s.getColumn(c.created_at).getString();
    l.units = units_from_text(s.getColumn(c.units).getString());
    try {
        l.follow_ups = follow_ups_from_text(l.id, s.getColumn(c.follow_ups).getString());
    } catch (const StoreError&) {
        l.follow_ups.clear();
    }
    l.answers = optional_id(s.getColumn(c.answers));
    l.umpire = s.getColumn(c.umpire).getString();
    return l;
}

JournalLine line_from_stored(const StoredRow& row, bool checksum_holds) {
    JournalLine l;
    l.id = row.id;
    const auto kind = kind_from_id(row.kind);
    l.damaged = !checksum_holds || !kind;
    l.kind = kind.value_or(EntryKind::Action);
    l.turn = static_cast<int>(row.turn);
    l.action = row.action;
    l.summary = row.summary;
    if (row.unit) l.unit = static_cast<int>(*row.unit);
    if (row.target) l.target = static_cast<int>(*row.target);
    try {
        l.dice = json::parse(row.dice).get<std::vector<int>>();
    } catch (const std::exception&) {
        l.dice.clear();  // shown only: the entry itself says whether it is damaged
    }
    l.refers_to = row.refers_to;
    l.created_at = row.created_at;
    l.units = units_from_text(row.units);
    try {
        l.follow_ups = follow_ups_from_text(l.id, row.follow_ups);
    } catch (const StoreError&) {
        l.follow_ups.clear();
    }
    l.answers = row.answers;
    return l;
}

std::vector<JournalLine> read_lines(SQLite::Database& db, std::int64_t after, bool check) {
    std::vector<JournalLine> lines;
    SQLite::Statement s(db, (check ? kSelect : std::string("SELECT ") + kLineColumns + " FROM journal") +
                                " WHERE id > ? ORDER BY id");
    s.bind(1, after);
    while (s.executeStep()) {
        JournalLine l = line_from_row(s, check);
        // This line undoes or redoes an earlier one: mark it, if it is among these.
        if (l.kind != EntryKind::Action && l.refers_to) {
            auto it = std::lower_bound(lines.begin(), lines.end(), *l.refers_to,
                                       [](const JournalLine& x, std::int64_t id) { return x.id < id; });
            if (it != lines.end() && it->id == *l.refers_to) it->undone = l.kind == EntryKind::Undo;
        }
        lines.push_back(std::move(l));
    }
    return lines;
}

void play_entry(model::Battle& state, const JournalEntry& entry) {
    if (entry.kind == EntryKind::Undo)
        state.revert(entry.effects);
    else
        state.apply(entry.effects);
}

HistoryTargets history_targets(SQLite::Database& db, std::optional<SQLite::Statement>& prepared) {
    if (!prepared)
        prepared.emplace(db,
                         "SELECT (SELECT a.id FROM journal a WHERE a.kind = 'action' AND coalesce((SELECT r.kind FROM journal r"
                         " WHERE r.refers_to = a.id ORDER BY r.id DESC LIMIT 1), '') != 'undo' ORDER BY a.id DESC LIMIT 1),"
                         " (SELECT u.refers_to FROM journal u WHERE u.kind = 'undo'"
                         " AND u.id > coalesce((SELECT max(id) FROM journal WHERE kind = 'action'), 0)"
                         " AND (SELECT r.kind FROM journal r WHERE r.refers_to = u.refers_to ORDER BY r.id DESC LIMIT 1)"
                         " = 'undo' ORDER BY u.id DESC LIMIT 1)");
    SQLite::Statement& s = *prepared;
    HistoryTargets targets;
    try {
        if (s.executeStep()) {
            if (!s.getColumn(0).isNull()) targets.undo = s.getColumn(0).getInt64();
            if (!s.getColumn(1).isNull()) targets.redo = s.getColumn(1).getInt64();
        }
    } catch (...) {
        s.reset();
        throw;
    }
    s.reset();  // no read left open by a statement kept for the next time
    return targets;
}

void History::add(EntryKind kind, std::int64_t id, std::optional<std::int64_t> refers_to) {
    if (kind == EntryKind::Action) {
        undone_.emplace_back(id, false);
        return;
    }
    if (!refers_to) return;
    auto it = std::lower_bound(undone_.begin(), undone_.end(), *refers_to,
                               [](const auto& x, std::int64_t v) { return x.first < v; });
    if (it != undone_.end() && it->first == *refers_to) it->second = kind == EntryKind::Undo;
}

bool History::is_undone(std::int64_t action_id) const {
    auto it = std::lower_bound(undone_.begin(), undone_.end(), action_id,
                               [](const auto& x, std::int64_t v) { return x.first < v; });
    return it != undone_.end() && it->first == action_id && it->second;
}

// A column as its checksum sees it: the stored type and bytes, without conversion.
std::vector<Cell> stored_cells(SQLite::Statement& row, int count) {
    std::vector<Cell> cells;
    cells.reserve(static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i) {
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

void scan_one(JournalScan& scan, std::int64_t id, std::uint64_t computed, const std::string& checksum,
              const std::string& head_text, const std::string& kind) {
    const auto stored = parse_hex64(checksum);
    const auto head = parse_hex64(head_text);
    if (!stored || *stored != computed) scan.damaged.push_back(id);
    // The chain follows the checksum as stored (damaged or not; none reads as 0, as the upgrade
    // of a damaged file writes it), so one damaged row does not hide whether rows are missing or
    // moved around it.
    const std::uint64_t expected = fold_head(scan.head, stored.value_or(0));
    if (!head || *head != expected) scan.out_of_chain.push_back(id);
    scan.head = head.value_or(expected);
    scan.last = id;
    ++scan.rows;
    if (!kind_from_id(kind)) scan.unreadable_kind.push_back(id);
}

namespace {

// One row of a scan read from a battle file.
void scan_row(SQLite::Statement& s, JournalScan& scan) {
    scan_one(scan, s.getColumn(0).getInt64(), row_checksum(stored_cells(s)), s.getColumn(kJournalColumnCount).getString(),
             s.getColumn(kJournalColumnCount + 1).getString(), s.getColumn(1).getString());
}

const std::string kScanSelect = std::string("SELECT ") + kJournalColumns + ", checksum, head FROM journal";

} // namespace

void scan_journal(SQLite::Database& db, JournalScan& scan) {
    SQLite::Statement s(db, kScanSelect + " WHERE id > ? ORDER BY id");
    s.bind(1, scan.last);
    while (s.executeStep()) scan_row(s, scan);
}

void check_tail(SQLite::Database& db, std::uint64_t origin_head, JournalScan& scan) {
    scan = JournalScan{};
    scan.head = origin_head;
    SQLite::Statement last(db, kScanSelect + " ORDER BY id DESC LIMIT 1");
    if (!last.executeStep()) return;
    const std::int64_t id = last.getColumn(0).getInt64();
    SQLite::Statement before(db, "SELECT head FROM journal WHERE id < ? ORDER BY id DESC LIMIT 1");
    before.bind(1, id);
    if (before.executeStep()) scan.head = parse_hex64(before.getColumn(0).getString()).value_or(0);
    scan_row(last, scan);
    scan.rows = 0;  // not counted: only the last row was read
}

model::Battle replay_journal(model::Battle start, const std::vector<JournalEntry>& entries) {
    for (const auto& e : entries) {
        try {
            play_entry(start, e);
        } catch (const std::exception& ex) {
            throw std::runtime_error("journal entry " + std::to_string(e.id) + " does not apply: " + ex.what());
        }
    }
    return start;
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
