#include "store/postgres/old_schema.h"

#include "store/origin.h"
#include "store/postgres/schema.h"
#include "store/postgres/state_rows.h"

namespace umpire::store::postgres {

namespace {

// Whether the battle is there and still keeps its state as JSON (schema 1, or written since by an
// Umpire of schema 1 that had it open before it was upgraded), and whether the tables are current.
struct Found {
    bool old_battle = false;
    bool tables_current = false;
};

Found look(pqxx::connection& conn, const Address& address) {
    pqxx::read_transaction tx(conn);
    Found found;
    if (!tx.exec("SELECT to_regclass('umpire_battles') IS NOT NULL")[0][0].as<bool>()) return found;
    found.tables_current = tables_current(tx);
    const pqxx::result r =
        tx.exec_params("SELECT state IS NOT NULL FROM umpire_battles WHERE name = $1", address.battle);
    found.old_battle = !r.empty() && r[0][0].as<bool>();
    tx.commit();
    return found;
}

// One try: nothing done when another opening upgraded it first, or when its JSON does not read.
void upgrade(pqxx::connection& conn, const Address& address) {
    pqxx::transaction<pqxx::serializable> tx(conn);
    const pqxx::result r =
        tx.exec_params("SELECT state FROM umpire_battles WHERE name = $1 AND state IS NOT NULL FOR UPDATE", address.battle);
    if (r.empty()) return;  // upgraded meanwhile
    model::Battle state;
    try {
        state = detail::battle_from_json(nlohmann::json::parse(r[0][0].c_str()));
    } catch (const std::exception&) {
        return;  // left as it is: opening it says it is damaged
    }
    write_unit_rows(tx, address.battle, state);
    tx.exec_params("UPDATE umpire_battles SET schema = $2, remainder = $3, state = NULL WHERE name = $1", address.battle,
                   kServerSchema, detail::remainder_text(state));
    tx.commit();
}

} // namespace

void upgrade_if_old(pqxx::connection& conn, const Address& address) {
    const Found found = look(conn, address);
    if (!found.old_battle) return;
    try {
        if (!found.tables_current) create_tables(conn);
        // Two desks opening it at once: the second's transaction fails to serialize after the
        // first committed, and finds nothing left to do when tried again.
        for (int tries = 1;; ++tries) {
            try {
                upgrade(conn, address);
                return;
            } catch (const pqxx::transaction_rollback&) {
                if (tries >= 5) throw;
            }
        }
    } catch (const pqxx::insufficient_privilege&) {
        // A server user that may only read: the battle is read as it is, and its writes are refused.
    }
}

} // namespace umpire::store::postgres
