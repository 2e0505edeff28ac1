// The journal a page at a time, and the follow-ups it owes (journal_pages.h).
#include "store/journal_pages.h"

#include "store/follow_up_answers.h"
#include "store/journal.h"
#include "store/state.h"

#include <SQLiteCpp/Statement.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>
#include <set>
#include <string>

namespace umpire::store {

bool line_matches(const JournalLine& l, const LineFilter& f) {
    if (f.turn && l.turn != *f.turn) return false;
    if (f.unit && l.unit != f.unit && l.target != f.unit && std::find(l.units.begin(), l.units.end(), *f.unit) == l.units.end())
        return false;
    return true;
}

namespace detail {

namespace {

// Whether the action entry `j` stands undone: the latest undo or redo naming it is an undo
// (journal_by_reference answers it).
constexpr const char* kUndone =
    "coalesce((SELECT r.kind FROM journal r WHERE r.refers_to = j.id ORDER BY r.id DESC LIMIT 1), '') = 'undo'";

} // namespace

std::vector<JournalLine> read_page(SQLite::Database& db, std::int64_t before, std::size_t count, const LineFilter& filter,
                                   bool check) {
    // Checked, the row's stored columns and its checksum come first (as line_from_row reads them).
    const std::string columns = check ? kCheckedLineColumns : kLineColumns;
    const int undone_column = check ? kCheckedLineColumnCount : kLineColumnCount;
    std::string sql = "SELECT " + columns + ", " + kUndone + " FROM journal j WHERE 1";
    if (before > 0) sql += " AND id < :before";
    if (filter.turn) sql += " AND turn = :turn";
    // `units` lists the touched units' ids between single spaces ("3 17 42").
    if (filter.unit) sql += " AND (unit = :unit OR target = :unit OR instr(' ' || units || ' ', :spaced) > 0)";
    sql += " ORDER BY id DESC LIMIT :count";
    SQLite::Statement s(db, sql);
    if (before > 0) s.bind(":before", before);
    if (filter.turn) s.bind(":turn", *filter.turn);
    if (filter.unit) {
        s.bind(":unit", *filter.unit);
        s.bind(":spaced", " " + std::to_string(*filter.unit) + " ");
    }
    s.bind(":count", static_cast<std::int64_t>(count));
    std::vector<JournalLine> lines;
    while (s.executeStep()) {
        JournalLine l = line_from_row(s, check);
        l.undone = s.getColumn(undone_column).getInt() != 0;
        lines.push_back(std::move(l));
    }
    std::reverse(lines.begin(), lines.end());
    return lines;
}

std::vector<JournalLine> read_unit_actions_in_turn(SQLite::Database& db, int unit, int turn) {
    // The narrow columns, newest first, stopping at the first entry of an earlier turn; then the
    // unit's actions alone read whole.
    std::vector<std::int64_t> ids;
    {
        SQLite::Statement s(db, "SELECT id, turn, kind = 'action' AND unit = ? FROM journal ORDER BY id DESC");
        s.bind(1, unit);
        while (s.executeStep()) {
            const int entry_turn = s.getColumn(1).getInt();
            if (entry_turn < turn) break;
            if (entry_turn == turn && s.getColumn(2).getInt() != 0) ids.push_back(s.getColumn(0).getInt64());
        }
    }
    std::vector<JournalLine> lines;
    SQLite::Statement line(db, std::string("SELECT ") + kLineColumns + ", " + kUndone + " FROM journal j WHERE id = ?");
    for (std::int64_t id : ids) {
        line.bind(1, id);
        if (line.executeStep() && line.getColumn(kLineColumnCount).getInt() == 0) lines.push_back(line_from_row(line));
        line.reset();
    }
    return lines;
}

namespace {

// An entry in effect that raises follow-ups or could answer one.
struct Candidate {
    std::int64_t id = 0;
    std::string answers_action;  // the action whose follow-up it answers (a dismissal's: the one it names)
    std::optional<int> unit;
    std::optional<std::int64_t> answers;  // the entry whose follow-up it says it answers
    std::vector<rules::FollowUp> raised;
};

// A dismissal's request names the follow-up's action it drops (values."follow-up").
std::string dismissed_action(const std::string& request_json) {
    const nlohmann::json request = nlohmann::json::parse(request_json, nullptr, false);
    if (!request.is_object() || !request.contains("values") || !request["values"].is_object()) return {};
    const nlohmann::json& values = request["values"];
    return values.contains("follow-up") && values["follow-up"].is_string() ? values["follow-up"].get<std::string>() : "";
}

// Reads the candidates `sql` selects (id, action, unit, answers, follow_ups, request_json of a
// dismissal) into `out`, keyed by id.
void read_candidates(SQLite::Statement& s, std::map<std::int64_t, Candidate>& out) {
    while (s.executeStep()) {
        Candidate c;
        c.id = s.getColumn(0).getInt64();
        c.answers_action = s.getColumn(1).getString();
        if (c.answers_action == kDismissAction) c.answers_action = dismissed_action(s.getColumn(5).getString());
        c.unit = optional_int(s.getColumn(2));
        if (!s.getColumn(3).isNull()) c.answers = s.getColumn(3).getInt64();
        try {
            c.raised = follow_ups_from_text(c.id, s.getColumn(4).getString());
        } catch (const StoreError&) {
            c.raised.clear();  // shown nowhere: the entry itself says whether it is damaged
        }
        out.emplace(c.id, std::move(c));
    }
}

} // namespace

std::vector<OpenFollowUp> read_open_follow_ups(SQLite::Database& db) {
    // `+kind`: not a term for an index, so the planner takes journal_raising or journal_by_action
    // rather than every action by journal_by_kind (in files made before it was left out).
    const std::string columns = std::string("SELECT id, action, unit, answers, follow_ups, CASE WHEN action = '") +
                                kDismissAction + "' THEN request_json ELSE '' END FROM journal j WHERE +kind = 'action' AND NOT " +
                                kUndone;
    std::map<std::int64_t, Candidate> entries;
    {
        SQLite::Statement raising(db, columns + " AND follow_ups != '' ORDER BY id");
        read_candidates(raising, entries);
    }
    if (entries.empty()) return {};
    // Only an action of a kind some entry asked for, or a dismissal, can answer one; and only
    // after the first that was asked.
    std::set<std::string> asked{kDismissAction};
    for (const auto& [id, c] : entries)
        for (const rules::FollowUp& f : c.raised) asked.insert(f.action);
    SQLite::Statement answering(db, columns + " AND action = ? AND id > ? ORDER BY id");
    for (const std::string& action : asked) {
        answering.bind(1, action);
        answering.bind(2, entries.begin()->first);
        read_candidates(answering, entries);
        answering.reset();
    }

    std::vector<OpenFollowUp> owed;
    for (const auto& [id, c] : entries) {
        settle(owed, {c.answers_action, c.unit, c.answers});
        for (const rules::FollowUp& f : c.raised) owed.push_back({f, id});
    }
    return owed;
}

} // namespace detail
} // namespace umpire::store
