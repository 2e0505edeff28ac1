// libFuzzer target: opening any bytes as a battle file (seeded with real battle files). StoreError
// is the expected refusal; a file that opens reads its whole journal, and one that opens for
// writing must take a write.
#include "store/battle_file.h"

#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <string>

namespace {

std::string scratch_file() {
    static const std::string path = [] {
        std::string dir = (std::filesystem::temp_directory_path() / "umpire-fuzz-XXXXXX").string();
        if (!::mkdtemp(dir.data())) __builtin_trap();
        return dir + "/battle.umpire";
    }();
    return path;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string path = scratch_file();
    std::error_code ec;
    std::filesystem::remove(path + "-journal", ec);
    if (std::FILE* f = std::fopen(path.c_str(), "wb")) {
        std::fwrite(data, 1, size, f);
        std::fclose(f);
    }
    try {
        umpire::store::OpenOptions quick;
        quick.busy_timeout_ms = 0;
        umpire::store::BattleFile file = umpire::store::BattleFile::open(path, quick);
        (void)file.journal();
        if (!file.read_only() && !file.battle().units.empty()) {
            const umpire::model::Unit u = file.battle().units.front();  // a copy: record replaces the battle
            umpire::rules::Resolution r;
            r.rolled = true;
            r.action = "fuzz";
            r.effects.push_back({umpire::model::Entity::Unit, u.id, "hits", u.hits, u.hits + 1, "fuzz"});
            file.record({"fuzz", u.id, std::nullopt, {}, {}}, r);
            if (umpire::store::BattleFile::open(path, quick).battle().unit(u.id)->hits != u.hits + 1) __builtin_trap();
        }
    } catch (const umpire::store::StoreError&) {
    }
    return 0;
}
