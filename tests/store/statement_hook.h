#pragma once
// Test helper: runs an action the first time a statement containing some SQL starts on any
// connection opened while the hook lives (SQLite's auto-extension installs a statement trace on
// each). It lets a test put another program's write exactly between two reads of a connection.
#include <sqlite3.h>

#include <cstring>
#include <functional>
#include <string>

namespace umpire::testing {

class StatementHook {
public:
    StatementHook(std::string needle, std::function<void()> action) {
        state() = {std::move(needle), std::move(action), false};
        sqlite3_auto_extension(reinterpret_cast<void (*)()>(&StatementHook::install));
    }
    ~StatementHook() {
        sqlite3_cancel_auto_extension(reinterpret_cast<void (*)()>(&StatementHook::install));
        state() = {};
    }
    StatementHook(const StatementHook&) = delete;
    StatementHook& operator=(const StatementHook&) = delete;

    bool fired() const { return state().fired; }

private:
    struct State {
        std::string needle;
        std::function<void()> action;
        bool fired = false;
    };
    static State& state() {
        static State s;
        return s;
    }
    static int trace(unsigned, void*, void* statement, void*) {
        State& s = state();
        if (s.fired || !s.action) return 0;
        const char* sql = sqlite3_sql(static_cast<sqlite3_stmt*>(statement));
        if (sql && std::strstr(sql, s.needle.c_str())) {
            s.fired = true;
            s.action();
        }
        return 0;
    }
    static int install(sqlite3* db, const char**, const void*) {
        sqlite3_trace_v2(db, SQLITE_TRACE_STMT, &StatementHook::trace, nullptr);
        return SQLITE_OK;
    }
};

} // namespace umpire::testing
