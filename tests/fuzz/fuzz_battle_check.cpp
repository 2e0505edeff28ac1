// libFuzzer target: `umpire check` and `umpire recover` on any bytes (seeded with real battle
// files): both must say what they found or refuse with a StoreError, never crash, and recover's
// page-by-page reading of a damaged file (store/sqlite_pages) must stay inside the bytes it has.
// A battle recover writes must open and check sound.
#include "store/battle_file.h"
#include "store/inspect.h"

#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <string>

namespace {

const std::string& scratch_dir() {
    static const std::string dir = [] {
        std::string d = (std::filesystem::temp_directory_path() / "umpire-fuzz-check-XXXXXX").string();
        if (!::mkdtemp(d.data())) __builtin_trap();
        return d;
    }();
    return dir;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string path = scratch_dir() + "/battle.umpire";
    const std::string rebuilt = scratch_dir() + "/rebuilt.umpire";
    std::error_code ec;
    std::filesystem::remove(path + "-journal", ec);
    std::filesystem::remove(rebuilt, ec);
    if (std::FILE* f = std::fopen(path.c_str(), "wb")) {
        std::fwrite(data, 1, size, f);
        std::fclose(f);
    }
    try {
        (void)umpire::store::check_file(path);
    } catch (const umpire::store::StoreError&) {
    }
    try {
        umpire::store::recover_file(path, rebuilt);
        umpire::store::BattleFile file = umpire::store::BattleFile::open(rebuilt);
        if (file.read_only() || !umpire::store::check_file(rebuilt).sound()) __builtin_trap();
    } catch (const umpire::store::StoreError&) {
    }
    return 0;
}
