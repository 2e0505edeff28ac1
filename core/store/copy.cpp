#include "store/copy.h"

#include "store/battle_file.h"
#include "store/disk.h"
#include "store/file_check.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Exception.h>
#include <SQLiteCpp/Statement.h>

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

namespace umpire::store {

namespace fs = std::filesystem;

void save_copy(const std::string& battle_path, const std::string& copy_path) {
    std::error_code ec;
    if (!copy_path.empty() && fs::exists(fs::symlink_status(copy_path, ec)) && fs::equivalent(battle_path, copy_path, ec))
        throw StoreError(copy_path + " is the battle file itself; choose another name for the copy");
    detail::refuse_new_file_at(copy_path, "copy");
    detail::check_battle_file(battle_path);  // throws StoreError for anything not ours

    // VACUUM INTO writes into an empty file: one made afresh, never one that was there.
    const std::string partial = detail::create_fresh_beside(copy_path);
    try {
        SQLite::Database db(battle_path, SQLite::OPEN_READONLY);
        db.setBusyTimeout(5000);
        SQLite::Statement vacuum(db, "VACUUM INTO ?");
        vacuum.bind(1, partial);
        vacuum.exec();
    } catch (const SQLite::Exception& e) {
        fs::remove(partial, ec);
        throw StoreError("cannot copy " + battle_path + " to " + copy_path + ": " + e.what());
    }
    try {
        detail::sync_file(partial);
        detail::check_battle_file(partial, 5000, true);  // the copy is a sound battle, or it is not kept
    } catch (...) {
        fs::remove(partial, ec);
        throw;
    }
    // link() fails if the name appeared meanwhile: a copy never replaces someone's file.
    detail::publish(partial, copy_path);
}

} // namespace umpire::store
