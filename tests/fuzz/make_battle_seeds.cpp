// Writes the battle-file fuzzer's seeds into a folder: real battle files made by this build (a
// fresh battle, one with actions, undo and redo) besides the schema 2 fixture the script copies.
#include "store/battle_file.h"

#include "../store/store_support.h"

#include <cstdio>
#include <string>

using namespace umpire;

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: make_battle_seeds FOLDER\n");
        return 2;
    }
    const std::string dir = argv[1];
    try {
        std::filesystem::remove(dir + "/fresh.umpire");
        std::filesystem::remove(dir + "/played.umpire");
        store::BattleFile::create(dir + "/fresh.umpire", testing::sample_battle());
        store::BattleFile f = store::BattleFile::create(dir + "/played.umpire", testing::sample_battle());
        f.record({"shoot", 2, 3, {}, {}},
                 testing::resolution_with("shoot", "2 hits", {testing::unit_effect(3, "figures", 12, 10)}, {6, 5}));
        f.record({"turn", std::nullopt, std::nullopt, {}, {}},
                 testing::resolution_with("turn", "next turn", {testing::turn_effect(3, 4)}));
        f.undo();
        f.redo();
    } catch (const std::exception& e) {
        std::fprintf(stderr, "make_battle_seeds: %s\n", e.what());
        return 1;
    }
    return 0;
}
