// libFuzzer target: any action of any ruleset, resolved as `umpire resolve` and `umpire apply`
// resolve it: the ruleset, the action, each input's text, the acting unit and target, the dice,
// and how far the turn has gone (so the turn's places and obligations are read) all come from the
// fuzzer's bytes. Against no battle and against each sample roster's battle. A bad request is
// refused (InputError, its Refusal, DiceError); anything else escaping is a finding.
#include "dice/dice_source.h"
#include "dice/expression.h"
#include "roster/roster.h"
#include "rules/inputs.h"
#include "rulesets/registry.h"
#include "turn/turn_engine.h"

#include <fuzzer/FuzzedDataProvider.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace {

using namespace umpire;

struct Sample {
    std::string ruleset;
    model::Battle battle;
};

const std::vector<Sample>& samples() {
    static const std::vector<Sample> all = [] {
        std::vector<Sample> out;
        for (const char* file : {"macduff-kotal-pass.toml", "edwardian-modder-river.toml", "rattle-seven-pines.toml",
                                 "square-hearts-abu-klea.toml", "featherstone-quatre-bras.toml"}) {
            model::Battle b = roster::load_roster_file(std::string(UMPIRE_SOURCE_DIR) + "/rosters/" + file);
            out.push_back({b.ruleset, std::move(b)});
        }
        return out;
    }();
    return all;
}

// Strings a form or a command line could carry, and the fuzzer's own.
std::string value_text(FuzzedDataProvider& in) {
    static const char* const kHostile[] = {"",    "0",   "-1",   "2147483647", "-2147483648", "1e999", "nan",
                                           "inf", "yes", "no",   "maybe",      "2d+1",        "99d",   "12cm",
                                           "6,5", ",,,", "../x", "\x01\x02",  "3.5",          "-0"};
    if (in.ConsumeBool()) return kHostile[in.ConsumeIntegralInRange<std::size_t>(0, std::size(kHostile) - 1)];
    return in.ConsumeRandomLengthString(24);
}

// Steps the turn forward (forced where a phase is unfinished) as the umpire could.
model::Battle advanced(const model::Battle& start, const rules::Ruleset& ruleset, int steps) {
    model::Battle b = start;
    const turn::TurnRules rules = turn::turn_rules(ruleset);
    turn::TurnOptions options;
    options.seed = 7;
    b.apply(turn::configure(b, rules, options).resolution.effects);
    for (int i = 0; i < steps; ++i) b.apply(turn::next_phase(b, rules, {}, true).resolution.effects);
    return b;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    FuzzedDataProvider in(data, size);
    static const auto known = rulesets::available();
    const std::string id = known[in.ConsumeIntegralInRange<std::size_t>(0, known.size() - 1)].id;
    const auto ruleset = rulesets::make(id, "");
    const auto& actions = ruleset->actions();
    const rules::ActionSpec& spec = actions[in.ConsumeIntegralInRange<std::size_t>(0, actions.size() - 1)];

    model::Battle battle;
    battle.ruleset = id;
    if (in.ConsumeBool())
        for (const Sample& s : samples())
            if (s.ruleset == id) battle = s.battle;

    rules::ActionRequest request;
    request.action = spec.id;
    for (const auto& input : spec.inputs)
        if (in.ConsumeBool()) request.values[input.id] = value_text(in);
    if (!battle.units.empty()) {
        auto pick = [&]() -> std::optional<int> {
            const auto i = in.ConsumeIntegralInRange<std::size_t>(0, battle.units.size());
            return i == battle.units.size() ? std::nullopt : std::optional<int>(battle.units[i].id);
        };
        request.unit = pick();
        request.target = pick();
    }
    if (in.ConsumeBool()) request.overrule = "fuzz";
    std::vector<int> dice;
    const auto count = in.ConsumeIntegralInRange<std::size_t>(0, 40);
    for (std::size_t i = 0; i < count; ++i) dice.push_back(in.ConsumeIntegralInRange<int>(1, 6));
    if (in.ConsumeBool() && in.ConsumeBool() && in.ConsumeBool()) dice.push_back(in.ConsumeBool() ? 0 : 7);
    const int steps = in.ConsumeIntegralInRange<int>(0, 12);
    try {
        const model::Battle at = steps && !battle.units.empty() ? advanced(battle, *ruleset, steps) : battle;
        ruleset->preview(request, at);
        dice::TypedDice typed(dice);
        const rules::Resolution r = ruleset->resolve(request, at, typed);
        model::Battle after = at;
        after.apply(r.effects);  // what the rules give applies to the battle they read
    } catch (const rules::InputError&) {
    } catch (const dice::DiceError&) {
    } catch (const dice::ExpressionError&) {
    }
    return 0;
}
