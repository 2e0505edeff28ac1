// Helper for the crash test, not a test itself: opens the battle file given on the command line
// and records actions as fast as it can until it is killed. After each record() returns it
// prints "ack <entry id>" and flushes, so the test knows which actions were acknowledged and
// must therefore be in the file whenever the process dies. Now and then it undoes and redoes the
// latest action too, so transactions of every kind are in flight when the kill lands.
#include "store/battle_file.h"

#include "store_support.h"

#include <cstdio>
#include <exception>

using namespace umpire;

namespace {

// One action built from the current state, so every effect's `before` is right whatever the
// previous (killed) runs left behind. It touches a unit row, its flags and counters, a
// commander row and, every tenth step, the battle's turn: a torn write would show.
rules::Resolution next_step(const model::Battle& b, long step) {
    const model::Unit& u = b.units[static_cast<std::size_t>(step) % b.units.size()];
    const model::Commander& c = b.commanders[static_cast<std::size_t>(step) % b.commanders.size()];
    auto count = u.counters.count("steps") ? u.counters.at("steps") : 0;
    int figures_after = u.figures > 1 ? u.figures - 1 : u.start_figures;
    int status = static_cast<int>(c.status);
    std::vector<model::Effect> effects{
        testing::unit_effect(u.id, "figures", u.figures, figures_after),
        testing::unit_effect(u.id, "flag:shaken", u.has(model::Flag::Shaken), !u.has(model::Flag::Shaken)),
        testing::unit_effect(u.id, "counter:steps", count, count + 1),
        testing::commander_effect(c.id, "status", status, status == 0 ? 1 : 0),
    };
    if (step % 10 == 9) effects.push_back(testing::turn_effect(b.turn, b.turn + 1));
    return testing::resolution_with("crash-step", "step " + std::to_string(step), effects,
                                    {static_cast<int>(step % 6) + 1, 6});
}

} // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: crash_writer BATTLE_FILE\n");
        return 2;
    }
    try {
        store::BattleFile file = store::BattleFile::open(argv[1]);
        for (long step = 0;; ++step) {
            rules::ActionRequest request{"crash-step", std::nullopt, std::nullopt,
                                         {{"step", std::to_string(step)}}, {}};
            std::int64_t id = file.record(request, next_step(file.battle(), step));
            std::printf("ack %lld\n", static_cast<long long>(id));
            std::fflush(stdout);
            if (step % 7 == 6) {
                file.undo();
                file.redo();
            }
        }
    } catch (const std::exception& e) {
        std::fprintf(stderr, "crash_writer: %s\n", e.what());
        return 1;
    }
}
