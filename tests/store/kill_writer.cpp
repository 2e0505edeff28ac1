// Helper for the kill loop, not a test itself: plays a battle as fast as it can until it is
// killed, through the real rules and store: casualties, shooting with dice, undo, redo, turn
// steps (the first one recording the default options and the phase together) and roster edits.
// After each write returns it prints "ack <entry id>" and flushes: from then on the entry must
// survive whatever happens to the process.
#include "roster/edit.h"
#include "rules/inputs.h"
#include "rulesets/registry.h"
#include "store/battle_file.h"
#include "turn/turn_engine.h"
#include "turn/turn_rules.h"
#include "turn/turn_state.h"

#include <cstdio>
#include <random>

using namespace umpire;

namespace {

void ack(std::int64_t id) {
    std::printf("ack %lld\n", static_cast<long long>(id));
    std::fflush(stdout);
}

const model::Unit* pick(const model::Battle& b, std::mt19937& rng, bool on_table) {
    std::vector<const model::Unit*> units;
    for (const auto& u : b.units)
        if (!on_table || (u.on_table() && u.figures > 1)) units.push_back(&u);
    if (units.empty()) return nullptr;
    return units[rng() % units.size()];
}

} // namespace

int main(int argc, char** argv) {
    if (argc != 3) {
        std::fprintf(stderr, "usage: kill_writer BATTLE_FILE SEED\n");
        return 2;
    }
    std::mt19937 rng(static_cast<std::uint32_t>(std::stoul(argv[2])));
    try {
        store::BattleFile file = store::BattleFile::open(argv[1]);
        const auto ruleset = rulesets::make(file.battle().ruleset, file.battle().house_rules);
        const turn::TurnRules turn_rules = turn::turn_rules(*ruleset);
        for (long step = 0;; ++step) {
            const model::Battle& b = file.battle();
            try {
                switch (rng() % 8) {
                case 0:
                case 1: {  // casualties
                    const model::Unit* u = pick(b, rng, true);
                    if (!u) break;
                    rules::ActionRequest r{"casualties", u->id, std::nullopt, {{"hits", "1"}}, {}};
                    dice::TypedDice none({});
                    ack(file.record(r, ruleset->resolve(r, b, none)));
                    break;
                }
                case 2:
                case 3: {  // shooting, the app's dice
                    const model::Unit* u = pick(b, rng, true);
                    const model::Unit* t = pick(b, rng, true);
                    if (!u || !t || u->side == t->side) break;
                    rules::ActionRequest r{"shoot", u->id, t->id, {{"range", "10"}}, {}};
                    dice::RandomDice dice(rng());
                    ack(file.record(r, ruleset->resolve(r, b, dice)));
                    break;
                }
                case 4:
                    if (auto e = file.undo()) ack(e->id);
                    break;
                case 5:
                    if (auto e = file.redo()) ack(e->id);
                    break;
                case 6: {  // the turn: the first step records the default options with it
                    std::vector<store::Recording> steps;
                    model::Battle after = b;
                    if (turn::turn_state(b).options.seed == 0) {
                        turn::TurnOptions options = turn::turn_state(b).options;
                        options.seed = rng() | 1u;
                        const auto s = turn::configure(b, turn_rules, options);
                        steps.push_back({s.request, s.resolution});
                        after.apply(s.resolution.effects);
                    }
                    const auto s = rng() % 2 ? turn::next_phase(after, turn_rules, {}, true)
                                             : turn::draw_card(after, turn_rules);
                    steps.push_back({s.request, s.resolution});
                    ack(file.record_all(steps).back());
                    break;
                }
                case 7: {  // a roster edit
                    const model::Unit* u = pick(b, rng, false);
                    if (!u) break;
                    const auto r = rng() % 2 ? roster::set_figures(b, u->id, u->start_figures)
                                             : roster::rename_unit(b, u->id, "Unit " + std::to_string(step));
                    ack(file.record({r.action, r.unit, std::nullopt, {}, {}}, r));
                    break;
                }
                }
            } catch (const rules::InputError&) {
                // The rules or the turn refused this step (nothing recorded): try another.
            } catch (const dice::DiceError&) {
            } catch (const store::StoreError& e) {
                if (e.problem() != store::StoreProblem::Refused) throw;
            }
        }
    } catch (const std::exception& e) {
        std::fprintf(stderr, "kill_writer: %s\n", e.what());
        return 1;
    }
}
