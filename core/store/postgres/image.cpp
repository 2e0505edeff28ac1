#include "store/postgres/image.h"

#include "store/checksum.h"
#include "store/origin.h"
#include "store/postgres/rows.h"
#include "store/postgres/schema.h"
#include "store/postgres/state_rows.h"

namespace umpire::store::postgres {

namespace {

std::string no_battle(const Address& a) {
    return "there is no battle \"" + a.battle + "\" at " + a.shown + " (`umpire copy BATTLE.umpire ADDRESS` puts one there)";
}

} // namespace

detail::BattleImage read_image(const std::string& where) {
    const Address address = parse_address(where);
    const auto conn = connect(address);
    detail::BattleImage image;
    try {
        pqxx::transaction<pqxx::repeatable_read, pqxx::read_only> tx(*conn);
        if (!tx.exec("SELECT to_regclass('umpire_battles') IS NOT NULL")[0][0].as<bool>()) throw StoreError(no_battle(address));
        // A server whose tables the first schema made has no remainder: its battles' state is JSON.
        const pqxx::result found = tx.exec_params(
            std::string("SELECT battle_uid, created_at, origin, origin_checksum, journal_head, journal_last, state, "
                        "state_checksum, schema, ") +
                (tables_current(tx) ? "remainder" : "NULL") + " FROM umpire_battles WHERE name = $1",
            address.battle);
        if (found.empty()) throw StoreError(no_battle(address));
        const pqxx::row b = found[0];
        if (b[8].as<int>() > kServerSchema)
            throw StoreError(address.shown + " was written by a newer Umpire; update Umpire to read it");
        image.seal.battle_uid = b[0].as<std::string>();
        image.created_at = b[1].as<std::string>();
        image.seal.origin = b[2].as<std::string>();
        image.seal.origin_checksum = detail::parse_hex64(b[3].as<std::string>()).value_or(0);
        image.seal.journal_head = detail::parse_hex64(b[4].as<std::string>()).value_or(0);
        image.seal.journal_last = b[5].as<std::int64_t>();
        image.seal.state_checksum = detail::parse_hex64(b[7].as<std::string>()).value_or(0);
        try {
            // A battle of either schema, read as it is: a copy or a check changes nothing.
            image.state = read_state(tx, address.battle, optional_text(b[6]), optional_text(b[9]));
        } catch (const std::exception& e) {
            throw StoreError(address.shown + " is damaged: the battle's state does not read (" + e.what() + ")");
        }
        for (const pqxx::row& r : tx.exec_params(select_rows() + " WHERE battle = $1 ORDER BY id", address.battle))
            image.rows.push_back(stored_entry(r));
        tx.commit();
    } catch (const StoreError&) {
        throw;
    } catch (const pqxx::failure& e) {
        server_failure("read", address, e);
    }
    return image;
}

void write_image(const std::string& where, const detail::BattleImage& image) {
    const Address address = parse_address(where);
    const auto conn = connect(address);
    try {
        create_tables(*conn);
        // Read committed is enough: the battle's name is the table's key, so of two copies under one
        // name the second fails on it (unique_violation, below), and nothing else is read.
        pqxx::work tx(*conn);
        if (!tx.exec_params("SELECT 1 FROM umpire_battles WHERE name = $1", address.battle).empty())
            throw StoreError("a battle \"" + address.battle + "\" is already at " + address.shown +
                             "; a copy never replaces a battle (choose another ?battle=NAME)");
        tx.exec_params("INSERT INTO umpire_battles (name, schema, battle_uid, created_at, origin, origin_checksum,"
                       " journal_head, journal_last, remainder, state_checksum) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
                       address.battle, kServerSchema, image.seal.battle_uid, image.created_at, image.seal.origin.value_or(""),
                       detail::hex64(image.seal.origin_checksum), detail::hex64(image.seal.journal_head),
                       image.seal.journal_last, detail::remainder_text(image.state),
                       detail::hex64(image.seal.state_checksum));
        write_unit_rows(tx, address.battle, image.state);
        Statements statements(tx);
        for (std::size_t i = 0; i < image.rows.size(); ++i) {
            add_row(statements, address.battle, image.rows[i], std::nullopt);
            if (i % kRowsABatch == kRowsABatch - 1) statements.send();
        }
        if (!statements.empty()) statements.send();
        tx.commit();
        // A long journal copied in at once: the planner learns of it now, not when autovacuum gets
        // to it a minute later (until then the undo stack's query scanned the whole journal: 33 ms
        // a write at 20,000 entries, 0.07 ms after). Outside the copy's transaction, as ANALYZE must be.
        if (image.rows.size() >= 1000) {
            pqxx::nontransaction analyse(*conn);
            analyse.exec("ANALYZE umpire_journal");
        }
    } catch (const StoreError&) {
        throw;
    } catch (const pqxx::unique_violation&) {
        throw StoreError("a battle \"" + address.battle + "\" is already at " + address.shown +
                         "; a copy never replaces a battle (choose another ?battle=NAME)");
    } catch (const pqxx::failure& e) {
        server_failure("write to", address, e);
    }
}

} // namespace umpire::store::postgres
