#pragma once
// A battle on a PostgreSQL server (through libpqxx), for several umpires at once: the same
// promises as the battle file (battle_store.h). Each write is one SERIALIZABLE transaction with
// its journal rows, checked against the reading it was worked out on (a battle changed since by
// another umpire is refused, naming who); it carries an operation id, so a transaction retried
// after a serialization failure, or after a lost connection left its commit in doubt, is recorded
// once. The entries are worked out before the transaction, so a retry never rolls dice again.
#include "store/battle_store.h"

#include <memory>
#include <string>

namespace umpire::store::postgres {

class PgBattle : public BattleStore {
public:
    // Opens the battle at `address` (postgresql://USER@HOST:PORT/DB?battle=NAME). Checks what
    // opening a battle file checks when it is put off: the state against its checksum and the last
    // journal row against the chain (`umpire check` checks every row). Damage opens it read-only.
    static PgBattle open(const std::string& address, const OpenOptions& options = {});

    PgBattle(PgBattle&&) noexcept;
    PgBattle& operator=(PgBattle&&) noexcept;
    ~PgBattle() override;

    const model::Battle& battle() const override;
    const std::string& path() const override;
    const std::string& damage() const override;
    bool read_only() const override;
    std::string read_only_reason() const override;
    std::vector<std::int64_t> damaged_entries() const override;

    void read_together(const std::function<void(const model::Battle&)>& reads) override;
    std::vector<JournalEntry> journal() const override;
    void each_entry(const std::function<void(const JournalEntry&)>& visit) const override;
    std::optional<JournalEntry> entry(std::int64_t id) const override;
    std::vector<JournalLine> journal_lines(std::int64_t after = 0) const override;
    std::int64_t last_entry() const override;

    std::vector<JournalLine> journal_page(std::int64_t before, std::size_t count, const LineFilter& filter = {}) const override;
    std::vector<JournalLine> unit_actions_in_turn(int unit, int turn) const override;
    std::vector<OpenFollowUp> open_follow_ups() const override;
    bool verified() const override;
    const std::string& verify_journal() override;
    // The first look makes a connection of the battle's own that listens for the notices each
    // write sends (store/postgres/notices.h); every look after takes in, without waiting, what has
    // come on it. A connection found lost makes the battle unreachable() until reach_again().
    bool changed_since_read() override;
    std::vector<std::int64_t> read_again() override;
    std::string unreachable() const override;
    // The try is made on a thread of its own: the first call starts it, later calls look whether
    // it is done, never waiting.
    bool reach_again() override;
    bool reaching() const override;

    // Who this connection records as applying its entries.
    const std::string& umpire() const override;
    // How many times this battle's writes have been tried again (a serialization failure, or a
    // commit whose outcome was lost), since it was opened.
    int retries() const;
    // For the tests of a commit left in doubt: the next commit's reply is taken as lost, as if the
    // connection had dropped after COMMIT was sent (the commit itself happens), and the write goes
    // on as it does then: a new connection, the journal read to learn whether it landed.
    void lose_next_commit_reply();

protected:
    model::Battle& battle_in_memory() override;
    // Refuses every write while the server is out of reach (StoreError, Io), nothing worked out.
    void before_write() override;
    std::vector<JournalEntry> commit(std::vector<JournalEntry> entries, const std::function<void()>& undo_in_memory) override;
    void put_back(const std::function<void()>& undo_in_memory) override;
    JournalEntry original(std::int64_t id) override;
    std::optional<std::int64_t> undo_target() const override;
    std::optional<std::int64_t> redo_target() const override;

private:
    struct Impl;
    explicit PgBattle(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> impl_;
};

} // namespace umpire::store::postgres
