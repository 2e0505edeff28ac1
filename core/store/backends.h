#pragma once
// Where a battle is kept, chosen by how it is named: a battle file's path (SQLite, the default)
// or a server's address (postgresql://USER@HOST:PORT/DB?battle=NAME). Nothing above the store
// names a backend: it names a battle, and these pick the backend. A file is opened here, by the
// battle file's own code; a server's battle through server_backend() (server_backend.h), which
// in `umpire` loads the PostgreSQL module only then.
#include "store/battle_store.h"
#include "store/inspect.h"

#include <memory>
#include <string>

namespace umpire::store {

// Whether `where` names a battle on a server rather than a file.
bool is_server_address(const std::string& where);

// `where` as messages show it: a server's address without any password in it.
std::string shown(const std::string& where);

// Opens the battle `where` names (BattleFile::open or a battle on a server).
std::unique_ptr<BattleStore> open_store(const std::string& where, const OpenOptions& options = {});

// Creates a new battle where `where` names (BattleFile::write_new, or a battle put on a server),
// never over a file or a battle of the same name (StoreError).
void create_battle(const std::string& where, const model::Battle& battle);

// Copies the battle at `from` to `to`, either of them a file or a server's battle, row for row:
// the same starting state, state and journal, every checksum as it was. The source is checked
// whole first and a damaged one is refused; the copy is checked again where it lands. Never
// replaces a file or a battle (StoreError, nothing written).
void copy_battle(const std::string& from, const std::string& to);

// `umpire recover`: a new battle at `to` (a file, or a battle put on a server) rebuilt from the
// starting state and the intact journal entries of the damaged battle at `from` (a file: read page
// by page, recover_file; a server's battle: its rows each checked by their checksum). Never
// replaces a file or a battle (StoreError).
RecoverReport recover_battle(const std::string& from, const std::string& to);

// `umpire check` of a file (check_file) or of a battle on a server: every row against its
// checksum and the chain, the state's checksum, and the journal replayed over the start.
CheckReport check_battle(const std::string& where);

} // namespace umpire::store
