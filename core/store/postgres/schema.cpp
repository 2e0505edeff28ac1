#include "store/postgres/schema.h"

#include "store/battle_store.h"

namespace umpire::store::postgres {

namespace {

// The journal's columns are the battle file's (store/journal.h: kJournalColumns), so a row's
// checksum is computed the same way on both and a copy keeps it as it is. The state is the unit
// rows and the battle row's remainder (state_rows.h); `state` is the first schema's whole state,
// NULL in a battle of the second. The ALTERs bring a server the first schema made up to date.
// What is owed (pg_reads.h) reads the entries that raised a follow-up and the actions that could
// answer one: two indexes take it to them, not through the whole journal.
const char* const kTables = R"(
CREATE TABLE IF NOT EXISTS umpire_battles (
  name text PRIMARY KEY,
  schema integer NOT NULL,
  battle_uid text NOT NULL,
  created_at text NOT NULL,
  origin text NOT NULL,
  origin_checksum text NOT NULL,
  journal_head text NOT NULL,
  journal_last bigint NOT NULL,
  state text,
  state_checksum text NOT NULL,
  remainder text
);
ALTER TABLE umpire_battles ALTER COLUMN state DROP NOT NULL;
ALTER TABLE umpire_battles ADD COLUMN IF NOT EXISTS remainder text;
CREATE TABLE IF NOT EXISTS umpire_journal (
  battle text NOT NULL REFERENCES umpire_battles(name) ON DELETE CASCADE,
  id bigint NOT NULL,
  kind text NOT NULL,
  turn bigint NOT NULL,
  action text NOT NULL,
  summary text NOT NULL,
  unit bigint,
  target bigint,
  request_json text NOT NULL,
  dice_json text NOT NULL,
  resolution_json text NOT NULL,
  effects_json text NOT NULL,
  refers_to bigint,
  created_at text NOT NULL,
  units text NOT NULL,
  follow_ups text NOT NULL,
  answers bigint,
  checksum text NOT NULL,
  head text NOT NULL,
  umpire text NOT NULL DEFAULT '',
  operation text,
  PRIMARY KEY (battle, id),
  UNIQUE (battle, operation)
);
CREATE INDEX IF NOT EXISTS umpire_journal_refers ON umpire_journal (battle, refers_to, id);
CREATE INDEX IF NOT EXISTS umpire_journal_follow_ups ON umpire_journal (battle, id) WHERE follow_ups != '';
CREATE INDEX IF NOT EXISTS umpire_journal_actions ON umpire_journal (battle, action, id);
CREATE TABLE IF NOT EXISTS umpire_units (
  battle text NOT NULL REFERENCES umpire_battles(name) ON DELETE CASCADE,
  id integer NOT NULL,
  position integer NOT NULL,
  unit text NOT NULL,
  PRIMARY KEY (battle, id)
);
)";

} // namespace

std::unique_ptr<pqxx::connection> connect(const Address& address) {
    try {
        auto conn = std::make_unique<pqxx::connection>(address.connection);
        // No JIT compiling of queries (PostgreSQL 11 on): the few that read a long journal (what
        // is owed, 20,000 entries) cost enough for the planner to compile them, 10 ms a query,
        // where they take a few ms to run.
        pqxx::nontransaction(*conn).exec("SELECT set_config('jit', 'off', false) FROM pg_settings WHERE name = 'jit'");
        return conn;
    } catch (const std::exception& e) {
        throw ServerUnreachable("cannot connect to " + address.shown + ": " + e.what());
    }
}

bool tables_current(pqxx::transaction_base& tx) {
    return tx.exec("SELECT to_regclass('umpire_units') IS NOT NULL")[0][0].as<bool>();
}

void create_tables(pqxx::connection& conn) {
    pqxx::work tx(conn);
    tx.exec("SELECT pg_advisory_xact_lock(1431130194)");  // "UMPR": two makers would collide on the catalogue
    // Made already: nothing done, so that a copy takes no lock on the tables others are writing.
    if (tables_current(tx)) return;
    tx.exec(kTables);
    tx.commit();
}

void server_failure(const std::string& doing, const Address& address, const std::exception& e) {
    std::string what = e.what();
    while (!what.empty() && (what.back() == '\n' || what.back() == ' ')) what.pop_back();
    if (dynamic_cast<const pqxx::broken_connection*>(&e))
        throw StoreError("lost the connection to " + address.shown + " while trying to " + doing + " it: " + what,
                         StoreProblem::Io);
    throw StoreError("cannot " + doing + " " + address.shown + ": the server says: " + what, StoreProblem::Io);
}

} // namespace umpire::store::postgres
