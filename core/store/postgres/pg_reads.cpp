#include "store/postgres/pg_reads.h"

#include "store/checksum.h"
#include "store/follow_up_answers.h"
#include "store/journal.h"
#include "store/postgres/rows.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>
#include <optional>
#include <set>

namespace umpire::store::postgres {

namespace {

// Whether the action entry `j` stands undone: the latest undo or redo naming it is an undo
// (the index umpire_journal_refers answers it).
constexpr const char* kUndone =
    "(SELECT u.kind FROM umpire_journal u WHERE u.battle = j.battle AND u.refers_to = j.id ORDER BY u.id DESC LIMIT 1)"
    " IS NOT DISTINCT FROM 'undo'";

std::optional<std::string> text_of(const std::optional<int>& n) {
    if (!n) return std::nullopt;
    return std::to_string(*n);
}

// An entry in effect that raised follow-ups or could answer one.
struct Candidate {
    std::string answers_action;  // the action whose follow-up it answers (a dismissal's: the one it names)
    std::optional<int> unit;
    std::optional<std::int64_t> answers;
    std::vector<rules::FollowUp> raised;
};

// A dismissal's request names the follow-up's action it drops (values."follow-up").
std::string dismissed_action(const std::string& request_json) {
    const nlohmann::json request = nlohmann::json::parse(request_json, nullptr, false);
    const nlohmann::json* follow_up = nullptr;
    if (request.is_object() && request.contains("values") && request["values"].is_object() &&
        request["values"].contains("follow-up"))
        follow_up = &request["values"]["follow-up"];
    return follow_up && follow_up->is_string() ? follow_up->get<std::string>() : "";
}

// Reads the rows selected with kCandidateColumns into `out`, keyed by id.
void read_candidates(const pqxx::result& rows, std::map<std::int64_t, Candidate>& out) {
    for (const pqxx::row& r : rows) {
        Candidate c;
        const auto id = r[0].as<std::int64_t>();
        c.answers_action = r[1].as<std::string>();
        if (c.answers_action == kDismissAction) c.answers_action = dismissed_action(r[5].as<std::string>());
        if (!r[2].is_null()) c.unit = static_cast<int>(r[2].as<std::int64_t>());
        if (!r[3].is_null()) c.answers = r[3].as<std::int64_t>();
        try {
            c.raised = detail::follow_ups_from_text(id, r[4].as<std::string>());
        } catch (const StoreError&) {
            c.raised.clear();  // shown nowhere: the entry itself says whether it is damaged
        }
        out.emplace(id, std::move(c));
    }
}

} // namespace

std::string undone_column() { return kUndone; }

std::vector<JournalLine> lines_of(const pqxx::result& rows) {
    std::vector<JournalLine> lines;
    for (const pqxx::row& row : rows) {
        const detail::StoredEntry e = stored_entry(row);
        const auto stored = detail::parse_hex64(e.checksum);
        JournalLine l = detail::line_from_stored(e.row, stored && *stored == detail::row_checksum(e.row.cells()));
        l.umpire = e.umpire;
        l.undone = l.kind == EntryKind::Action && row[detail::kJournalColumnCount + 3].as<bool>();
        lines.push_back(std::move(l));
    }
    return lines;
}

std::vector<JournalLine> read_page(pqxx::transaction_base& tx, const std::string& battle, std::int64_t before,
                                   std::size_t count, const LineFilter& filter) {
    const auto unit = text_of(filter.unit), turn = text_of(filter.turn);
    // `units` lists the touched units' ids between single spaces ("3 17 42").
    std::vector<JournalLine> lines = lines_of(tx.exec_params(
        select_rows(kUndone) +
            " WHERE battle = $1 AND ($2 = 0 OR id < $2) AND ($3::bigint IS NULL OR turn = $3::bigint)"
            " AND ($4::bigint IS NULL OR unit = $4::bigint OR target = $4::bigint"
            " OR position(' ' || $4 || ' ' IN ' ' || units || ' ') > 0) ORDER BY id DESC LIMIT $5",
        battle, before, nullable(turn), nullable(unit), static_cast<std::int64_t>(count)));
    std::reverse(lines.begin(), lines.end());
    return lines;
}

std::vector<JournalLine> read_unit_actions_in_turn(pqxx::transaction_base& tx, const std::string& battle, int unit,
                                                   int turn) {
    // A turn's entries follow one another: those after the last entry of an earlier turn (entries
    // of a later turn, left by an undone turn step, are passed over).
    std::vector<JournalLine> lines = lines_of(tx.exec_params(
        select_rows(kUndone) +
            " WHERE battle = $1 AND kind = 'action' AND unit = $2 AND turn = $3 AND id > coalesce((SELECT max(id) FROM"
            " umpire_journal WHERE battle = $1 AND turn < $3), 0) ORDER BY id DESC",
        battle, unit, turn));
    std::erase_if(lines, [](const JournalLine& l) { return l.undone; });
    return lines;
}

std::vector<OpenFollowUp> read_open_follow_ups(pqxx::transaction_base& tx, const std::string& battle) {
    const std::string columns = std::string("SELECT id, action, unit, answers, follow_ups, CASE WHEN action = '") +
                                kDismissAction + "' THEN request_json ELSE '' END FROM umpire_journal j WHERE battle = $1"
                                " AND kind = 'action' AND NOT " + kUndone;
    std::map<std::int64_t, Candidate> entries;
    read_candidates(tx.exec_params(columns + " AND follow_ups != '' ORDER BY id", battle), entries);
    if (entries.empty()) return {};
    // Only an action of a kind some entry asked for, or a dismissal, can answer one; and only
    // after the first that was asked.
    std::set<std::string> asked{kDismissAction};
    for (const auto& [id, c] : entries)
        for (const rules::FollowUp& f : c.raised) asked.insert(f.action);
    for (const std::string& action : asked)
        read_candidates(tx.exec_params(columns + " AND action = $2 AND id > $3 ORDER BY id", battle, action,
                                       entries.begin()->first),
                        entries);
    std::vector<OpenFollowUp> owed;
    for (const auto& [id, c] : entries) {
        settle(owed, {c.answers_action, c.unit, c.answers});
        for (const rules::FollowUp& f : c.raised) owed.push_back({f, id});
    }
    return owed;
}

} // namespace umpire::store::postgres
