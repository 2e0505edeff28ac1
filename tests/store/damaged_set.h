#pragma once
// The damaged set: copies of a battle file with the damage files really suffer (a byte flipped,
// a 4 KB page zeroed, the file cut short), and what the store makes of each: whether `check`
// finds the damage, whether a write is accepted on top of it, whether anything damaged is shown as
// sound, and how much `recover` brings back beside what SQLite itself still reads of it. Used by
// the store's tests (a small set, every run) and by the damage_set program (scripts/damage-set.sh).
#include "store/battle_file.h"

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace umpire::testing {

struct DamagedCopy {
    std::string kind;  // "flip", "zeroed page", "truncation"
    std::string what;  // "byte 40961 ^ 0x08", "page 14 (journal)", "cut to 159000 bytes"
    std::string bytes;
};

// `copies` damaged copies of the file at `original`: three in five flip one byte anywhere, one in
// five zeroes a page (the pages of each table and index of the file in turn), one in five cuts
// the file short at any length from a quarter of it.
std::vector<DamagedCopy> make_damaged_set(const std::string& original, int copies, std::uint32_t seed);

// The original's journal rows by id (their checksums) and the starting state's hash: what a
// recovered row or start must equal to count as come back.
struct Original {
    std::map<std::int64_t, std::uint64_t> rows;
    std::uint64_t origin = 0;
};
Original read_original(const std::string& path);

struct Verdict {
    bool damaged = false;        // check finds damage (or refuses the file)
    bool opened = false;         // BattleFile::open gave a battle
    bool shown_as_sound = false; // ... that is not read-only
    bool write_accepted = false; // a write went in
    std::string problem;         // a broken promise, in words ("" when none)
    // Rows and starting state that come back, equal to the original's:
    std::int64_t recovered = 0;           // recover's new file
    std::int64_t kept = 0;                // of those, replayed (recover's kept)
    bool recovered_origin = false;
    std::int64_t sqlite_rows = 0;         // SQLite asked for each row by its id
    bool sqlite_origin = false;
    std::optional<std::int64_t> dump_rows;  // the sqlite3 shell's .dump, when the shell is there
};

// Examines the damaged copy at `path` (a file of its own: it is opened and written to). `write`
// makes one write on an open battle (a real action); `scratch` is a folder for recovered files.
// `verified_files` is the memory of files checked whole the copy is opened with
// (store::OpenOptions::verified_files; "" none).
Verdict examine_copy(const std::string& path, const Original& original,
                     const std::function<void(store::BattleFile&)>& write, const std::string& scratch,
                     const std::string& verified_files = {});

// Puts `damaged` at `path` as damage comes to a battle the umpire has used: `sound` written there
// first, opened and checked whole (so `verified_files` remembers it), then, once the file system's
// clock has moved on, `damaged` written over it in place by a program that is not SQLite (the
// same file, its times moved, SQLite's change counter not). Opening it must still find the damage.
void damage_remembered_file(const std::string& path, const std::string& sound, const std::string& damaged,
                            const std::string& verified_files);

} // namespace umpire::testing
