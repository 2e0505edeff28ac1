// PgBattle: a battle on a PostgreSQL server. The order of a write is the battle file's: the new
// state worked out in memory (a stale effect is refused before the server is asked), then one
// SERIALIZABLE transaction that checks the battle still ends where it was read, appends the rows
// with their checksums and the head through them, writes the rows of the state the entries
// changed (state_rows.h) and the whole state's checksum, and commits; only then is anyone told. What differs is what a server adds: other writers (refused by name),
// serialization failures (tried again with the same entries), and a connection that can drop with
// a commit in doubt (its operation id looked up on a new connection before anything is redone).
#include "store/postgres/pg_battle.h"

#include "store/checksum.h"
#include "store/journal.h"
#include "store/origin.h"
#include "store/postgres/notices.h"
#include "store/postgres/old_schema.h"
#include "store/postgres/pg_reads.h"
#include "store/postgres/rows.h"
#include "store/postgres/schema.h"
#include "store/postgres/state_rows.h"
#include "store/postgres/statements.h"
#include "store/seal.h"

#include <algorithm>
#include <chrono>
#include <future>
#include <map>
#include <random>
#include <set>
#include <thread>

namespace umpire::store::postgres {

namespace {

// How often a write is tried again after a serialization failure or a commit in doubt before it
// gives up (nothing recorded): enough for a hall of umpires writing at once.
constexpr int kMaxAttempts = 20;

// How long a read or a write keeps trying a server it cannot reach (a server restarting, the hall's
// network coming back) before it gives up and says so. A write tried again carries its operation
// id, so one that landed before the connection dropped is found, not recorded twice.
constexpr std::chrono::seconds kReconnectFor{15};

using ReadTransaction = pqxx::transaction<pqxx::repeatable_read, pqxx::read_only>;
using WriteTransaction = pqxx::transaction<pqxx::serializable>;

// A commit's reply lost on purpose (lose_next_commit_reply): what libpq reports when the
// connection drops after COMMIT was sent.
class LostReply : public pqxx::in_doubt_error {
public:
    LostReply() : pqxx::in_doubt_error("the reply to COMMIT was lost (as the tests ask)") {}
};

// Whether a server's refusal is one to try again: a serialization failure or a deadlock.
bool try_again(const pqxx::sql_error& e) { return e.sqlstate() == "40001" || e.sqlstate() == "40P01"; }

} // namespace

struct PgBattle::Impl {
    Address address;
    OpenOptions options;
    std::string umpire;
    std::unique_ptr<pqxx::connection> conn;
    model::Battle battle;
    detail::StateChecksums state_sums;  // of `battle`, kept unit by unit from write to write
    std::int64_t last = 0;   // the last entry this connection has seen
    std::uint64_t head = 0;  // the journal head through it
    std::optional<std::int64_t> undo_target, redo_target;
    // What each stack gives way to when its target is taken (an undo takes the undo target, a redo
    // the redo target), as far as this connection knows it from its own writes since the stacks
    // were read: the ids under the target, the next last, and whether nothing is under those.
    // Past what is known the stacks are read again (read_history).
    struct Below {
        std::vector<std::int64_t> ids;
        bool bottom = false;  // nothing under `ids`
    };
    Below undo_below, redo_below;
    // The lines of the entries this connection wrote last, on the journal's end as read, as their
    // rows were written: the desk's read of the lines after the one before them (journal_lines)
    // is these, not a round trip back to the server. An action among them is not undone: only a
    // later write could undo it, and that write's lines replace these.
    std::vector<JournalLine> lines_written;
    std::string damage;
    std::set<std::int64_t> damaged_rows;
    pqxx::transaction_base* moment = nullptr;  // the read under way in read_together, reads join it
    int retries = 0;
    bool lose_reply = false;
    bool history_stale = false;  // the undo and redo stacks are to be read again before use
    // The actions this connection wrote last, as written: an Undo or a Redo of one of them (the
    // usual one: the umpire's own last action) plays its effects without reading the entry back
    // from the server. An entry never changes once written; forgotten when the battle is read
    // again whole (load).
    static constexpr std::size_t kWrittenKept = 16;
    std::map<std::int64_t, JournalEntry> written;
    detail::Seal seal;          // as last read
    // Whether the server's tables are the second schema's, as found at opening: a battle of the
    // first schema whose JSON does not read is not upgraded, nor its server's tables, and is
    // read as it is.
    bool tables_current = true;
    bool verified = false;      // every row checked (verify_journal)
    // A desk's: the connection it hears the other writers' notices on (made at its first look),
    // and why the server is out of reach ("" while it is not).
    std::unique_ptr<JournalListener> listener;
    std::string lost;
    // A try to reach the server again, made beside the caller (a connection attempt may wait
    // seconds for a server that does not answer): its new listening connection, or its failure.
    std::future<std::unique_ptr<JournalListener>> reaching;

    // The server is out of reach: both connections are dropped, and no write is tried until
    // reach_again() has reached it.
    void lose(const std::string& why) {
        listener.reset();
        conn.reset();
        lost = why;
    }

    // The lines with those a check found damaged marked so.
    std::vector<JournalLine> marked(std::vector<JournalLine> lines) const {
        for (JournalLine& l : lines) l.damaged = l.damaged || damaged_rows.count(l.id) > 0;
        return lines;
    }

    pqxx::connection& connection() {
        if (!conn || !conn->is_open()) conn = connect(address);
        return *conn;
    }

    // Runs `read` in the moment under way (read_together), or in a read-only snapshot of its own,
    // on a new connection and again while the server cannot be reached, for up to kReconnectFor
    // (a read changes nothing, so trying it again is always safe).
    template <class Read>
    auto reading(const Read& read) {
        return reading_in<ReadTransaction>(read);
    }

    // A read that is one statement: a statement is a moment of its own, so it is sent without a
    // transaction to begin and end around it, two round trips fewer.
    template <class Read>
    auto reading_one(const Read& read) {
        return reading_in<pqxx::nontransaction>(read);
    }

    template <class Transaction, class Read>
    auto reading_in(const Read& read) {
        if (moment) return read(*moment);  // read_together tries the whole moment again
        // A desk that found the server lost is not held for seconds by each read it makes
        // meanwhile: it says so at once, and tries again beside the window (reach_again).
        if (!lost.empty()) throw StoreError(address.shown + " cannot be reached (" + lost + ")", StoreProblem::Io);
        const auto until = std::chrono::steady_clock::now() + kReconnectFor;
        for (int tries = 1;; ++tries) {
            try {
                Transaction tx(connection());
                auto result = read(static_cast<pqxx::transaction_base&>(tx));
                tx.commit();
                return result;
            } catch (const ServerUnreachable&) {
                conn.reset();
                if (std::chrono::steady_clock::now() >= until) throw;
            } catch (const StoreError&) {
                throw;
            } catch (const pqxx::broken_connection& e) {
                conn.reset();
                if (std::chrono::steady_clock::now() >= until) server_failure("read", address, e);
            } catch (const pqxx::in_doubt_error& e) {  // a read-only commit cut off: nothing to doubt
                conn.reset();
                if (std::chrono::steady_clock::now() >= until) server_failure("read", address, e);
            } catch (const pqxx::failure& e) {
                server_failure("read", address, e);
            }
            back_off(tries);
        }
    }

    // Asked for by every frame of a desk (can Undo?): while the server cannot be read, the stacks
    // as last read, read again once it can.
    void read_history_if_stale() {
        if (!history_stale || !lost.empty()) return;
        try {
            reading_one([&](pqxx::transaction_base& tx) {
                read_history(tx);
                return 0;
            });
            history_stale = false;
        } catch (const StoreError&) {
            // still stale: read at the next ask
        }
    }

    static std::optional<std::int64_t> optional_id(const pqxx::field& f) {
        if (f.is_null()) return std::nullopt;
        return f.as<std::int64_t>();
    }

    // The undo and redo stacks, read as the battle file reads them (journal.cpp: undo_target), but
    // each umpire's own: Undo takes back this umpire's last action still in effect (or one recorded
    // before the battle came to the server, which has no umpire), never another's; Redo repeats
    // this umpire's last undone one, while he has done nothing new since. Whether another's later
    // entry depends on it is for the undo itself to find (BattleStore::undo). One statement.
    void read_history(pqxx::transaction_base& tx) {
        const pqxx::row r = tx.exec_params1(
            "SELECT (SELECT a.id FROM umpire_journal a WHERE a.battle = $1 AND a.kind = 'action' AND a.umpire IN ($2, '') AND "
            "coalesce((SELECT r.kind FROM umpire_journal r WHERE r.battle = $1 AND r.refers_to = a.id ORDER BY r.id DESC "
            "LIMIT 1), '') != 'undo' ORDER BY a.id DESC LIMIT 1), "
            "(SELECT u.refers_to FROM umpire_journal u WHERE u.battle = $1 AND u.kind = 'undo' AND u.umpire = $2 AND u.id > "
            "coalesce((SELECT max(id) FROM umpire_journal WHERE battle = $1 AND kind = 'action' AND umpire IN ($2, '')), 0) "
            "AND (SELECT r.kind FROM umpire_journal r WHERE r.battle = $1 AND r.refers_to = u.refers_to ORDER BY r.id DESC "
            "LIMIT 1) = 'undo' ORDER BY u.id DESC LIMIT 1)",
            address.battle, umpire);
        undo_target = optional_id(r[0]);
        redo_target = optional_id(r[1]);
        // A stack read gives its target only: what is under it is read when it is reached.
        undo_below = {{}, !undo_target};
        redo_below = {{}, !redo_target};
    }

    // `id` on top of a stack (target, below).
    static void push(std::optional<std::int64_t>& target, Below& below, std::int64_t id) {
        if (target)
            below.ids.push_back(*target);
        else
            below = {{}, true};
        target = id;
    }
    // The target taken off a stack; false when what it gives way to is not known.
    static bool pop(std::optional<std::int64_t>& target, Below& below) {
        if (!below.ids.empty()) {
            target = below.ids.back();
            below.ids.pop_back();
            return true;
        }
        if (!below.bottom) return false;
        target.reset();
        return true;
    }

    // The stacks after `entries`, this umpire's, committed on the journal's end as read (no
    // earlier try in doubt), by read_history's rules: an action is the newest of his not undone
    // and ends the redo chain; an undo of the undo target makes it the next to redo; a redo of the
    // redo target makes it the next to undo. False when that is not known without asking.
    bool follow_stacks(const std::vector<JournalEntry>& entries) {
        if (history_stale) {
            // The stacks as last read are out of date (a server lost and back, a read that failed):
            // actions still say what they make of them, the newest to undo and nothing to redo,
            // but not what is under it.
            if (!std::all_of(entries.begin(), entries.end(), [](const JournalEntry& e) { return e.kind == EntryKind::Action; }))
                return false;
            undo_target = entries.back().id;
            undo_below = {{}, false};
            redo_target.reset();
            redo_below = {{}, true};
            return true;
        }
        for (const JournalEntry& e : entries) {
            if (e.kind == EntryKind::Action) {
                push(undo_target, undo_below, e.id);
                redo_target.reset();
                redo_below = {{}, true};
            } else if (e.kind == EntryKind::Undo && e.refers_to && e.refers_to == undo_target) {
                if (!pop(undo_target, undo_below)) return false;
                push(redo_target, redo_below, *e.refers_to);
            } else if (e.kind == EntryKind::Redo && e.refers_to && e.refers_to == redo_target) {
                if (!pop(redo_target, redo_below)) return false;
                push(undo_target, undo_below, *e.refers_to);
            } else {
                return false;
            }
        }
        return true;
    }

    // The battle's row, its state and the journal's last row checked against the seal, and the
    // undo and redo stacks, all in `tx`.
    void load(pqxx::transaction_base& tx) {
        written.clear();  // the battle may not be the one written to (dropped and made again under its name)
        const pqxx::result found = tx.exec_params(
            std::string("SELECT schema, battle_uid, origin_checksum, journal_head, journal_last, state, state_checksum, ") +
                (tables_current ? "remainder" : "NULL") + " FROM umpire_battles WHERE name = $1",
            address.battle);
        if (found.empty())
            throw StoreError("there is no battle \"" + address.battle + "\" at " + address.shown +
                             " (`umpire copy BATTLE.umpire ADDRESS` puts one there)");
        const pqxx::row row = found[0];
        if (row[0].as<int>() > kServerSchema)
            throw StoreError(address.shown + " was written by a newer Umpire (server schema " + row[0].as<std::string>() +
                             "); update Umpire to open it");
        detail::Seal read_seal;
        read_seal.battle_uid = row[1].as<std::string>();
        read_seal.origin_checksum = detail::parse_hex64(row[2].as<std::string>()).value_or(0);
        read_seal.journal_head = detail::parse_hex64(row[3].as<std::string>()).value_or(0);
        read_seal.journal_last = row[4].as<std::int64_t>();
        read_seal.state_checksum = detail::parse_hex64(row[6].as<std::string>()).value_or(0);
        model::Battle state;
        std::string unreadable;
        try {
            state = read_state(tx, address.battle, optional_text(row[5]), optional_text(row[7]));
        } catch (const std::exception& e) {
            unreadable = std::string("the battle's state does not read (") + e.what() + ")";
        }
        // The last row against the one before it and the seal: a cost that does not grow with the journal.
        const pqxx::result tail =
            tx.exec_params(select_rows() + " WHERE battle = $1 ORDER BY id DESC LIMIT 2", address.battle);
        detail::JournalScan scan;
        scan.head = read_seal.origin_checksum;
        if (tail.size() == 2) scan.head = detail::parse_hex64(tail[1][detail::kJournalColumnCount + 1].as<std::string>()).value_or(0);
        if (!tail.empty()) {
            const detail::StoredEntry e = stored_entry(tail[0]);
            detail::scan_one(scan, e.row.id, detail::row_checksum(e.row.cells()), e.checksum, e.head, e.row.kind);
            scan.rows = 0;
        }
        read_history(tx);
        history_stale = false;
        state_sums.forget();
        damage = unreadable.empty() ? detail::describe_damage(read_seal, scan, state_sums.of(state)) : unreadable;
        damaged_rows.insert(scan.damaged.begin(), scan.damaged.end());
        this->seal = std::move(read_seal);
        battle = std::move(state);
        last = scan.last;
        head = scan.head;
    }

    // Brings the battle in memory up to the server's by playing the entries written since it was
    // last read (the other umpires' writes a notice told of), as `check` replays a journal: a few
    // rows read where reading the whole state again parses every unit. Taken only when all holds:
    // the battle the one read (its uid, its journal grown from where it was), every new row
    // whole and in the chain, each entry applying, and the state they lead to the one the battle's
    // checksum names. Returns the new entries' ids; nullopt when any of that fails or the battle
    // is damaged, the caller then reading it whole (which finds and says what is wrong), the
    // battle in memory perhaps half played until it does.
    std::optional<std::vector<std::int64_t>> catch_up(pqxx::transaction_base& tx) {
        if (!damage.empty()) return std::nullopt;
        const pqxx::result found = tx.exec_params(
            "SELECT schema, battle_uid, origin_checksum, journal_head, journal_last, state IS NOT NULL, state_checksum "
            "FROM umpire_battles WHERE name = $1",
            address.battle);
        if (found.empty() || found[0][0].as<int>() > kServerSchema || found[0][5].as<bool>()) return std::nullopt;
        const pqxx::row row = found[0];
        detail::Seal now = seal;
        now.battle_uid = row[1].as<std::string>();
        now.origin_checksum = detail::parse_hex64(row[2].as<std::string>()).value_or(0);
        now.journal_head = detail::parse_hex64(row[3].as<std::string>()).value_or(0);
        now.journal_last = row[4].as<std::int64_t>();
        now.state_checksum = detail::parse_hex64(row[6].as<std::string>()).value_or(0);
        if (now.battle_uid != seal.battle_uid || now.origin_checksum != seal.origin_checksum || now.journal_last < last)
            return std::nullopt;
        // The new rows, and the actions the undos and redos among them name that came before them.
        const pqxx::result rows = tx.exec_params(
            select_rows() + " WHERE battle = $1 AND (id > $2 AND id <= $3 OR id IN (SELECT n.refers_to FROM umpire_journal n "
                            "WHERE n.battle = $1 AND n.id > $2 AND n.id <= $3 AND n.refers_to <= $2)) ORDER BY id",
            address.battle, last, now.journal_last);
        std::map<std::int64_t, std::vector<model::Effect>> actions;
        std::vector<JournalEntry> added;
        detail::JournalScan scan;
        scan.head = head;
        for (const pqxx::row& r : rows) {
            const detail::StoredEntry stored = stored_entry(r);
            if (stored.row.id > last)
                detail::scan_one(scan, stored.row.id, detail::row_checksum(stored.row.cells()), stored.checksum, stored.head,
                                 stored.row.kind);
            JournalEntry e;
            try {
                e = checked_entry(stored);
            } catch (const StoreError&) {
                return std::nullopt;
            }
            if (e.kind == EntryKind::Action) actions[e.id] = e.effects;
            if (e.id > last) added.push_back(std::move(e));
        }
        if (!scan.damaged.empty() || !scan.out_of_chain.empty() || !scan.unreadable_kind.empty() ||
            static_cast<std::int64_t>(added.size()) != now.journal_last - last || scan.head != now.journal_head)
            return std::nullopt;
        // From here the battle in memory changes: a way out before the end leaves it to be read again.
        std::vector<model::Effect> played;
        try {
            for (JournalEntry& e : added) {
                if (e.refers_to) {
                    const auto action = actions.find(*e.refers_to);
                    if (action == actions.end()) {
                        state_sums.forget();
                        return std::nullopt;
                    }
                    e.effects = action->second;
                }
                detail::play_entry(battle, e);
                played.insert(played.end(), e.effects.begin(), e.effects.end());
            }
        } catch (const std::exception&) {
            state_sums.forget();
            return std::nullopt;
        }
        if (state_sums.after(battle, played) != now.state_checksum) {
            state_sums.forget();
            return std::nullopt;
        }
        read_history(tx);
        history_stale = false;
        seal = std::move(now);
        last = seal.journal_last;
        head = seal.journal_head;
        std::vector<std::int64_t> ids;
        for (const JournalEntry& e : added) ids.push_back(e.id);
        return ids;
    }

    // Puts the in-memory battle back as it was before a write that did not happen; should that
    // fail, reads it again from the server, which the write never changed.
    void put_back(const std::function<void()>& undo_in_memory) {
        state_sums.forget();  // the units it kept were the write's
        try {
            undo_in_memory();
        } catch (const std::exception&) {
            reading([&](pqxx::transaction_base& tx) {
                load(tx);
                return 0;
            });
        }
    }

    // Who wrote the entries after `seen`, for the refusal: the newest one's umpire.
    std::string writer_since(pqxx::transaction_base& tx, std::int64_t seen) {
        const pqxx::result r = tx.exec_params(
            "SELECT umpire FROM umpire_journal WHERE battle = $1 AND id > $2 ORDER BY id DESC LIMIT 1", address.battle, seen);
        const std::string who = r.empty() ? std::string() : r[0][0].as<std::string>();
        return who.empty() ? "another umpire" : who;
    }

    // One attempt at the write: the entries appended after `last`, or found already there under
    // `operation` (an earlier attempt's commit whose reply was lost). Returns the entries' ids.
    std::vector<std::int64_t> attempt(std::vector<JournalEntry>& entries, const std::string& operation, bool in_doubt,
                                      std::uint64_t& new_head, std::vector<JournalLine>& lines) {
        lines.clear();
        WriteTransaction tx(connection());
        const pqxx::result sealed = tx.exec_params(
            "SELECT journal_last, journal_head, state IS NOT NULL FROM umpire_battles WHERE name = $1 FOR UPDATE",
            address.battle);
        if (sealed.empty())
            throw StoreError(address.shown + ": the battle is no longer on the server: nothing was done", StoreProblem::Changed);
        // Looked up only after a try whose outcome is unknown: a read less for SERIALIZABLE to track.
        const pqxx::result landed =
            in_doubt ? tx.exec_params("SELECT id, head FROM umpire_journal WHERE battle = $1 AND operation = $2",
                                      address.battle, operation + "/" + std::to_string(entries.size()))
                     : pqxx::result();
        if (!landed.empty()) {  // recorded by an attempt whose reply was lost: not again
            const std::int64_t newest = landed[0][0].as<std::int64_t>();
            new_head = detail::parse_hex64(landed[0][1].as<std::string>()).value_or(0);
            tx.commit();
            std::vector<std::int64_t> ids;
            for (std::size_t i = 0; i < entries.size(); ++i)
                ids.push_back(newest - static_cast<std::int64_t>(entries.size() - 1 - i));
            return ids;
        }
        // The journal must end where it was read: the same last entry, and the same head through it (a
        // battle copied anew under the same name, or rewritten, is not the one read).
        if (sealed[0][0].as<std::int64_t>() != last || detail::parse_hex64(sealed[0][1].as<std::string>()) != head)
            throw StoreError(address.shown + ": changed by " + writer_since(tx, last) +
                                 ": nothing was done; read it again to see the changes",
                             StoreProblem::Changed);
        // Everything the write changes goes to the server in one round trip (statements.h).
        Statements statements(tx);
        std::uint64_t running = head;
        std::vector<std::int64_t> ids;
        for (std::size_t i = 0; i < entries.size(); ++i) {
            JournalEntry& entry = entries[i];
            entry.id = last + static_cast<std::int64_t>(i) + 1;
            entry.umpire = umpire;
            detail::StoredEntry row;
            row.row = detail::stored_row(entry);
            const std::uint64_t checksum = detail::row_checksum(row.row.cells());
            running = detail::fold_head(running, checksum);
            row.checksum = detail::hex64(checksum);
            row.head = detail::hex64(running);
            row.umpire = umpire;
            // Each row carries the operation and its place in it; the last row's is what a retry looks for.
            add_row(statements, address.battle, row, operation + "/" + std::to_string(i + 1));
            ids.push_back(entry.id);
            JournalLine line = detail::line_from_stored(row.row, true);
            line.umpire = umpire;
            lines.push_back(std::move(line));
        }
        // Only the rows of what the entries changed. A battle whose state is still one JSON text (an
        // Umpire of the first schema wrote it after it was upgraded) has its rows written whole.
        std::optional<std::string> remainder;
        std::vector<model::Effect> effects;
        for (const JournalEntry& entry : entries) effects.insert(effects.end(), entry.effects.begin(), entry.effects.end());
        if (sealed[0][2].as<bool>()) {
            statements.send();
            write_unit_rows(tx, address.battle, battle);
            remainder = detail::remainder_text(battle);
        } else if (write_changed_rows(statements, address.battle, battle, effects)) {
            remainder = detail::remainder_text(battle);
        }
        statements.add("UPDATE umpire_battles SET journal_last = $2, journal_head = $3, state_checksum = $4, "
                       "remainder = coalesce($5, remainder), state = NULL, schema = $6 WHERE name = $1",
                       address.battle, ids.back(), detail::hex64(running), detail::hex64(state_sums.after(battle, effects)),
                       remainder, kServerSchema);
        notify_entry(statements, address.battle, ids.back());  // heard by the other desks only if this commits
        statements.send();
        tx.commit();
        if (lose_reply) {
            lose_reply = false;
            throw LostReply();
        }
        new_head = running;
        return ids;
    }

    // Writes `entries` (worked out on `battle`, already changed in memory); on any failure
    // `undo_in_memory` puts `battle` back. Returns the entries with their ids.
    std::vector<JournalEntry> commit(std::vector<JournalEntry> entries, const std::function<void()>& undo_in_memory) {
        if (!damage.empty()) {
            put_back(undo_in_memory);
            throw StoreError(address.shown + " is damaged (" + damage + "), so it is open read-only: nothing was changed");
        }
        const std::string operation = detail::random_uid();  // the same through every attempt
        std::vector<std::int64_t> ids;
        std::vector<JournalLine> lines;  // as the attempt that went through wrote them (none when found landed)
        std::uint64_t new_head = 0;
        bool in_doubt = false;  // an earlier try may have committed
        // A lost server is tried for a while, not a number of times: a restart takes seconds.
        const auto until = std::chrono::steady_clock::now() + kReconnectFor;
        const auto gone = [&] { return std::chrono::steady_clock::now() >= until; };
        try {
            for (int tries = 1;; ++tries) {
                try {
                    ids = attempt(entries, operation, in_doubt, new_head, lines);
                    break;
                } catch (const ServerUnreachable&) {
                    conn.reset();
                    if (gone()) throw;
                } catch (const StoreError&) {
                    throw;
                } catch (const pqxx::in_doubt_error& e) {
                    // Whether it landed is read on a new connection by the next attempt.
                    conn.reset();
                    in_doubt = true;
                    if (gone()) server_failure("write to", address, e);
                } catch (const pqxx::broken_connection& e) {
                    conn.reset();
                    in_doubt = true;  // it may have dropped during the commit
                    if (gone()) server_failure("write to", address, e);
                } catch (const pqxx::transaction_rollback&) {
                    // A serialization failure (40001) or a deadlock (40P01): libpqxx's own classes, not sql_error's.
                    if (tries >= kMaxAttempts) collided(tries);
                } catch (const pqxx::sql_error& e) {
                    if (!try_again(e)) server_failure("write to", address, e);
                    if (tries >= kMaxAttempts) collided(tries);
                }
                ++retries;
                back_off(tries);
            }
        } catch (...) {
            put_back(undo_in_memory);
            throw;
        }
        for (std::size_t i = 0; i < entries.size(); ++i) entries[i].id = ids[i];
        last = ids.back();
        lines_written = lines.size() == entries.size() ? std::move(lines) : std::vector<JournalLine>{};
        head = new_head;
        for (const JournalEntry& e : entries)
            if (e.kind == EntryKind::Action) written[e.id] = e;
        while (written.size() > kWrittenKept) written.erase(written.begin());
        // The write is recorded: a server lost now must not make it look as if it were not. The
        // undo and redo stacks are then read when next asked for; but after this umpire's own
        // writes committed on the journal's end as read (no earlier try in doubt) they are mostly
        // known without asking (follow_stacks): an Undo or a Redo is then one round trip, not two.
        if (!in_doubt && follow_stacks(entries)) {
            history_stale = false;
            return entries;
        }
        history_stale = true;
        read_history_if_stale();
        return entries;
    }

    // A pause before trying again, growing with the tries and drawn at random, so that writers that
    // collided do not collide again in step.
    static void back_off(int tries) {
        static thread_local std::mt19937 random{std::random_device{}()};
        const int ceiling = std::min(200, 4 << std::min(tries, 6));
        std::this_thread::sleep_for(std::chrono::milliseconds(std::uniform_int_distribution<int>(1, ceiling)(random)));
    }

    [[noreturn]] void collided(int tries) const {
        throw StoreError(address.shown + ": the write kept colliding with other umpires' writes (" + std::to_string(tries) +
                             " tries): nothing was done",
                         StoreProblem::Busy);
    }

    JournalEntry original(std::int64_t id) {
        if (const auto it = written.find(id); it != written.end()) return it->second;
        std::optional<JournalEntry> e = read_entry(id);
        if (!e) throw StoreError(address.shown + " is damaged: journal entry " + std::to_string(id) + " is missing");
        return *e;
    }

    // One row, its checksum checked (StoreError when it does not hold).
    JournalEntry checked_entry(const detail::StoredEntry& row) const {
        const auto stored = detail::parse_hex64(row.checksum);
        if (!stored || *stored != detail::row_checksum(row.row.cells()))
            throw StoreError(address.shown + " is damaged: journal entry " + std::to_string(row.row.id) +
                             " does not match its checksum");
        JournalEntry e = detail::entry_from_stored(row.row);
        e.umpire = row.umpire;
        return e;
    }

    // The entry and, for an undo or a redo, the action it names, whose effects it plays: one
    // statement.
    std::optional<JournalEntry> read_entry(std::int64_t id) {
        return reading_one([&](pqxx::transaction_base& tx) -> std::optional<JournalEntry> {
            const pqxx::result rows = tx.exec_params(
                select_rows() + " WHERE battle = $1 AND id IN ($2, (SELECT refers_to FROM umpire_journal WHERE battle = $1 "
                                "AND id = $2)) ORDER BY id",
                address.battle, id);
            std::optional<JournalEntry> e, action;
            for (const pqxx::row& r : rows) {
                JournalEntry read = checked_entry(stored_entry(r));
                (read.id == id ? e : action) = std::move(read);
            }
            if (!e) return std::nullopt;
            if (e->refers_to) {
                if (!action || action->id != *e->refers_to || action->kind != EntryKind::Action)
                    throw StoreError(address.shown + " is damaged: journal entry " + std::to_string(id) +
                                     " refers to entry " + std::to_string(*e->refers_to) + ", which is not an action");
                e->effects = action->effects;
            }
            return e;
        });
    }
};

PgBattle::PgBattle(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
PgBattle::PgBattle(PgBattle&&) noexcept = default;
PgBattle& PgBattle::operator=(PgBattle&&) noexcept = default;
PgBattle::~PgBattle() = default;

PgBattle PgBattle::open(const std::string& where, const OpenOptions& options) {
    auto impl = std::make_unique<Impl>();
    impl->address = parse_address(where);
    impl->options = options;
    pqxx::connection& conn = impl->connection();
    impl->umpire = options.umpire.empty() ? std::string(conn.username()) : options.umpire;
    try {
        upgrade_if_old(conn, impl->address);
        ReadTransaction tx(conn);
        const pqxx::result tables = tx.exec("SELECT to_regclass('umpire_battles') IS NOT NULL");
        if (!tables[0][0].as<bool>())
            throw StoreError("there is no battle \"" + impl->address.battle + "\" at " + impl->address.shown +
                             " (`umpire copy BATTLE.umpire ADDRESS` puts one there)");
        impl->tables_current = tables_current(tx);
        impl->load(tx);
        tx.commit();
    } catch (const StoreError&) {
        throw;
    } catch (const pqxx::failure& e) {
        server_failure("read", impl->address, e);
    }
    return PgBattle(std::move(impl));
}

const model::Battle& PgBattle::battle() const { return impl_->battle; }
const std::string& PgBattle::path() const { return impl_->address.shown; }
const std::string& PgBattle::damage() const { return impl_->damage; }
bool PgBattle::read_only() const { return !impl_->damage.empty(); }
std::string PgBattle::read_only_reason() const { return impl_->damage.empty() ? "" : "it is damaged: " + impl_->damage; }
std::vector<std::int64_t> PgBattle::damaged_entries() const { return {impl_->damaged_rows.begin(), impl_->damaged_rows.end()}; }
const std::string& PgBattle::umpire() const { return impl_->umpire; }
int PgBattle::retries() const { return impl_->retries; }
void PgBattle::lose_next_commit_reply() { impl_->lose_reply = true; }

model::Battle& PgBattle::battle_in_memory() { return impl_->battle; }
std::vector<JournalEntry> PgBattle::commit(std::vector<JournalEntry> entries, const std::function<void()>& undo_in_memory) {
    return impl_->commit(std::move(entries), undo_in_memory);
}
void PgBattle::put_back(const std::function<void()>& undo_in_memory) { impl_->put_back(undo_in_memory); }
JournalEntry PgBattle::original(std::int64_t id) { return impl_->original(id); }
std::optional<std::int64_t> PgBattle::undo_target() const {
    impl_->read_history_if_stale();
    return impl_->undo_target;
}
std::optional<std::int64_t> PgBattle::redo_target() const {
    impl_->read_history_if_stale();
    return impl_->redo_target;
}

void PgBattle::read_together(const std::function<void(const model::Battle&)>& reads) {
    impl_->reading([&](pqxx::transaction_base& tx) {
        const pqxx::result r =
            tx.exec_params("SELECT journal_last FROM umpire_battles WHERE name = $1", impl_->address.battle);
        if (r.empty() || r[0][0].as<std::int64_t>() != impl_->last) impl_->load(tx);  // another umpire wrote since
        impl_->moment = &tx;
        try {
            reads(impl_->battle);
        } catch (...) {
            impl_->moment = nullptr;
            throw;
        }
        impl_->moment = nullptr;
        return 0;
    });
}

std::vector<JournalEntry> PgBattle::journal() const {
    return impl_->reading([&](pqxx::transaction_base& tx) {
        detail::BattleImage rows;
        for (const pqxx::row& r : tx.exec_params(select_rows() + " WHERE battle = $1 ORDER BY id", impl_->address.battle)) {
            detail::StoredEntry e = stored_entry(r);
            const auto stored = detail::parse_hex64(e.checksum);
            if (!stored || *stored != detail::row_checksum(e.row.cells())) {
                if (!impl_->damage.empty()) continue;  // a damaged battle shows what still reads
                throw StoreError(impl_->address.shown + " is damaged: journal entry " + std::to_string(e.row.id) +
                                 " does not match its checksum");
            }
            rows.rows.push_back(std::move(e));
        }
        return detail::image_entries(rows);
    });
}

void PgBattle::each_entry(const std::function<void(const JournalEntry&)>& visit) const {
    impl_->reading([&](pqxx::transaction_base& tx) {
        std::map<std::int64_t, std::vector<model::Effect>> actions;  // the effects an undo or redo plays
        for (const pqxx::row& r : tx.exec_params(select_rows() + " WHERE battle = $1 ORDER BY id", impl_->address.battle)) {
            JournalEntry e = impl_->checked_entry(stored_entry(r));
            if (e.kind == EntryKind::Action)
                actions[e.id] = e.effects;
            else if (e.refers_to && actions.count(*e.refers_to))
                e.effects = actions[*e.refers_to];
            visit(e);
        }
        return 0;
    });
}

std::optional<JournalEntry> PgBattle::entry(std::int64_t id) const { return impl_->read_entry(id); }

std::vector<JournalLine> PgBattle::journal_lines(std::int64_t after) const {
    const std::vector<JournalLine>& written = impl_->lines_written;
    if (!written.empty() && written.front().id == after + 1 && written.back().id == impl_->last)
        return impl_->marked(written);
    return impl_->marked(impl_->reading_one([&](pqxx::transaction_base& tx) {
        // Each action's `undone` as it stands now: the latest undo or redo naming it, wherever it is.
        return lines_of(tx.exec_params(select_rows(undone_column()) + " WHERE battle = $1 AND id > $2 ORDER BY id",
                                       impl_->address.battle, after));
    }));
}

std::vector<JournalLine> PgBattle::journal_page(std::int64_t before, std::size_t count, const LineFilter& filter) const {
    return impl_->marked(impl_->reading_one(
        [&](pqxx::transaction_base& tx) { return read_page(tx, impl_->address.battle, before, count, filter); }));
}

std::vector<JournalLine> PgBattle::unit_actions_in_turn(int unit, int turn) const {
    return impl_->reading_one(
        [&](pqxx::transaction_base& tx) { return read_unit_actions_in_turn(tx, impl_->address.battle, unit, turn); });
}

std::vector<OpenFollowUp> PgBattle::open_follow_ups() const {
    return impl_->reading([&](pqxx::transaction_base& tx) { return read_open_follow_ups(tx, impl_->address.battle); });
}

bool PgBattle::verified() const { return impl_->verified; }

const std::string& PgBattle::verify_journal() {
    impl_->reading([&](pqxx::transaction_base& tx) {
        impl_->load(tx);  // the state and the seal as they stand now, which the rows must lead to
        detail::JournalScan scan;
        scan.head = impl_->seal.origin_checksum;
        for (const pqxx::row& r :
             tx.exec_params(select_rows() + " WHERE battle = $1 ORDER BY id", impl_->address.battle)) {
            const detail::StoredEntry e = stored_entry(r);
            detail::scan_one(scan, e.row.id, detail::row_checksum(e.row.cells()), e.checksum, e.head, e.row.kind);
        }
        if (impl_->damage.empty())
            impl_->damage = detail::describe_damage(impl_->seal, scan, detail::state_checksum(impl_->battle));
        impl_->damaged_rows.insert(scan.damaged.begin(), scan.damaged.end());
        return 0;
    });
    impl_->verified = true;
    return impl_->damage;
}

bool PgBattle::changed_since_read() {
    if (!impl_->lost.empty()) return false;
    try {
        if (!impl_->listener) impl_->listener = std::make_unique<JournalListener>(impl_->address);
        return impl_->listener->newest() > impl_->last;
    } catch (const StoreError& e) {
        impl_->lose(e.what());
        return false;
    }
}

std::vector<std::int64_t> PgBattle::read_again() {
    const std::int64_t seen = impl_->last;
    const std::uint64_t seen_head = impl_->head;
    return impl_->reading([&](pqxx::transaction_base& tx) {
        if (std::optional<std::vector<std::int64_t>> added = impl_->catch_up(tx)) return *added;
        impl_->load(tx);
        // The rows added since, each checked against its checksum and its place in the chain.
        std::vector<std::int64_t> added;
        detail::JournalScan scan;
        scan.head = seen_head;
        for (const pqxx::row& r : tx.exec_params(select_rows() + " WHERE battle = $1 AND id > $2 AND id <= $3 ORDER BY id",
                                                 impl_->address.battle, seen, impl_->last)) {
            const detail::StoredEntry e = stored_entry(r);
            detail::scan_one(scan, e.row.id, detail::row_checksum(e.row.cells()), e.checksum, e.head, e.row.kind);
            added.push_back(e.row.id);
        }
        impl_->damaged_rows.insert(scan.damaged.begin(), scan.damaged.end());
        if (impl_->damage.empty() && (!scan.damaged.empty() || !scan.unreadable_kind.empty()))
            impl_->damage = "journal entry " + std::to_string(scan.damaged.empty() ? scan.unreadable_kind.front()
                                                                                   : scan.damaged.front()) +
                            " does not match its checksum";
        return added;
    });
}

std::string PgBattle::unreachable() const { return impl_->lost; }

bool PgBattle::reaching() const { return impl_->reaching.valid(); }

bool PgBattle::reach_again() {
    if (impl_->lost.empty()) return true;
    auto& reaching = impl_->reaching;
    if (!reaching.valid()) {
        reaching = std::async(std::launch::async,
                              [address = impl_->address] { return std::make_unique<JournalListener>(address); });
        return false;
    }
    if (reaching.wait_for(std::chrono::seconds(0)) != std::future_status::ready) return false;
    try {
        impl_->listener = reaching.get();
    } catch (const StoreError& e) {
        impl_->lost = e.what();
        return false;
    }
    impl_->conn.reset();  // most likely dropped with the other: made anew by the next read
    impl_->lost.clear();
    impl_->history_stale = true;
    return true;
}

void PgBattle::before_write() {
    if (!impl_->lost.empty())
        throw StoreError(impl_->address.shown + " cannot be reached (" + impl_->lost + "): nothing was done", StoreProblem::Io);
}

std::int64_t PgBattle::last_entry() const { return impl_->last; }

} // namespace umpire::store::postgres
