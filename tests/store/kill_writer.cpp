// Helper for the kill loop, not a test itself: plays a battle as fast as it can until it is
// killed, through the real rules and store: casualties, shooting with dice, undo, redo, turn
// steps (the first one recording the default options and the phase together) and roster edits.
// After each write returns it prints "ack <entry id>" and flushes: from then on the entry must
// survive whatever happens to the process (or, on a server, to the server).
//
//   kill_writer BATTLE SEED      (BATTLE: a battle file, or a server's battle address)
#include "random_play.h"
#include "store/backends.h"

#include <cstdio>
#include <string>

using namespace umpire;

int main(int argc, char** argv) {
    if (argc != 3) {
        std::fprintf(stderr, "usage: kill_writer BATTLE SEED\n");
        return 2;
    }
    try {
        const auto battle = store::open_store(argv[1]);
        testing::RandomPlay play(*battle, static_cast<std::uint32_t>(std::stoul(argv[2])));
        for (;;)
            if (const auto id = play.step()) {
                std::printf("ack %lld\n", static_cast<long long>(*id));
                std::fflush(stdout);
            }
    } catch (const std::exception& e) {
        std::fprintf(stderr, "kill_writer: %s\n", e.what());
        return 1;
    }
}
