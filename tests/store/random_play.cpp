#include "random_play.h"

#include "dice/dice_source.h"
#include "roster/edit.h"
#include "rules/inputs.h"
#include "rulesets/registry.h"
#include "turn/turn_engine.h"
#include "turn/turn_state.h"

#include <vector>

namespace umpire::testing {

namespace {

const model::Unit* pick(const model::Battle& b, std::mt19937& rng, bool on_table) {
    std::vector<const model::Unit*> units;
    for (const auto& u : b.units)
        if (!on_table || (u.on_table() && u.figures > 1)) units.push_back(&u);
    if (units.empty()) return nullptr;
    return units[rng() % units.size()];
}

} // namespace

RandomPlay::RandomPlay(store::BattleStore& battle, std::uint32_t seed)
    : battle_(battle), rng_(seed), ruleset_(rulesets::make(battle.battle().ruleset, battle.battle().house_rules)),
      turn_rules_(turn::turn_rules(*ruleset_)) {}

std::optional<std::int64_t> RandomPlay::step() {
    const model::Battle& b = battle_.battle();
    ++steps_;
    try {
        switch (rng_() % 8) {
        case 0:
        case 1: {  // casualties
            const model::Unit* u = pick(b, rng_, true);
            if (!u) return std::nullopt;
            rules::ActionRequest r{"casualties", u->id, std::nullopt, {{"hits", "1"}}, {}};
            dice::TypedDice none({});
            return battle_.record(r, ruleset_->resolve(r, b, none));
        }
        case 2:
        case 3: {  // shooting, the app's dice
            const model::Unit* u = pick(b, rng_, true);
            const model::Unit* t = pick(b, rng_, true);
            if (!u || !t || u->side == t->side) return std::nullopt;
            rules::ActionRequest r{"shoot", u->id, t->id, {{"range", "10"}}, {}};
            dice::RandomDice dice(rng_());
            return battle_.record(r, ruleset_->resolve(r, b, dice));
        }
        case 4:
            if (auto e = battle_.undo()) return e->id;
            return std::nullopt;
        case 5:
            if (auto e = battle_.redo()) return e->id;
            return std::nullopt;
        case 6: {  // the turn: the first step records the default options with it
            std::vector<store::Recording> steps;
            model::Battle after = b;
            if (turn::turn_state(b).options.seed == 0) {
                turn::TurnOptions options = turn::turn_state(b).options;
                options.seed = rng_() | 1u;
                const auto s = turn::configure(b, turn_rules_, options);
                steps.push_back({s.request, s.resolution});
                after.apply(s.resolution.effects);
            }
            const auto s = rng_() % 2 ? turn::next_phase(after, turn_rules_, {}, true) : turn::draw_card(after, turn_rules_);
            steps.push_back({s.request, s.resolution});
            return battle_.record_all(steps).back();
        }
        default: {  // a roster edit
            const model::Unit* u = pick(b, rng_, false);
            if (!u) return std::nullopt;
            const auto r = rng_() % 2 ? roster::set_figures(b, u->id, u->start_figures)
                                      : roster::rename_unit(b, u->id, "Unit " + std::to_string(steps_));
            return battle_.record({r.action, r.unit, std::nullopt, {}, {}}, r);
        }
        }
    } catch (const rules::InputError&) {
        // The rules or the turn refused this step (nothing recorded): another is drawn next time.
    } catch (const dice::DiceError&) {
    } catch (const store::StoreError& e) {
        if (e.problem() != store::StoreProblem::Refused) throw;
    }
    return std::nullopt;
}

} // namespace umpire::testing
