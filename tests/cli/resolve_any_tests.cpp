// Nothing crashes on any input: every declared action of every ruleset is resolved by the real
// program with `umpire resolve` (no battle), with no inputs, with each input given a plain value,
// with the largest values its bounds allow, and with hostile values. Each run ends with exit 0 (a
// result) or 2 (bad input, said in words), never a signal or exit 1.
#include "run_umpire.h"
#include "rules/ruleset.h"
#include "rulesets/registry.h"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace umpire;
using umpire::test::Scratch;

namespace {

using Args = std::vector<std::string>;

// A value each input kind takes: the form's own (its fallback), else the least it allows.
std::string plain_value(const rules::InputSpec& in) {
    if (!in.fallback.empty()) return in.fallback;
    switch (in.kind) {
    case rules::InputKind::Count: return std::to_string(in.min);
    case rules::InputKind::Distance: return std::to_string(std::max(in.min, 1));
    case rules::InputKind::Areas: return std::to_string(std::max(in.min, 1));
    case rules::InputKind::Choice: return in.choices.empty() ? "x" : in.choices.front().id;
    case rules::InputKind::Modifiers: {
        std::string all;
        for (const auto& c : in.choices) all += (all.empty() ? "" : ",") + c.id;
        return all;
    }
    case rules::InputKind::Flag: return "yes";
    }
    return "1";
}

// The most the bounds allow: every modifier at once, the top of every range.
std::string largest_value(const rules::InputSpec& in) {
    switch (in.kind) {
    case rules::InputKind::Count:
    case rules::InputKind::Distance:
    case rules::InputKind::Areas: return std::to_string(in.max);
    case rules::InputKind::Choice: return in.choices.empty() ? "x" : in.choices.back().id;
    default: return plain_value(in);
    }
}

std::string hostile_value(std::size_t n) {
    static const char* const kHostile[] = {"-1", "2147483648", "1e999", "nan", "", "abc", "../../x", "2d+99",
                                           "-0.5", "999999999999", "yes,no", ",", "\t"};
    return kHostile[n % std::size(kHostile)];
}

struct Case {
    std::string what;
    Args args;
};

std::vector<Case> cases_for(const rules::Ruleset& ruleset, const rules::ActionSpec& action) {
    const std::string id(ruleset.id());
    Args base{"resolve", id, action.id};
    std::vector<Case> out{{"no inputs", base}};
    Args plain = base, largest = base, hostile = base;
    std::size_t n = 0;
    for (const auto& in : action.inputs) {
        plain.insert(plain.end(), {"--" + in.id, plain_value(in)});
        largest.insert(largest.end(), {"--" + in.id, largest_value(in)});
        hostile.insert(hostile.end(), {"--" + in.id, hostile_value(n++)});
    }
    plain.insert(plain.end(), {"--seed", "11"});
    largest.insert(largest.end(), {"--seed", "12"});
    hostile.insert(hostile.end(), {"--dice", "0,7,-1"});
    out.push_back({"plain values", plain});
    out.push_back({"largest values", largest});
    out.push_back({"hostile values", hostile});
    // Typed dice that run out, and a flood of them.
    Args few = plain;
    few.resize(few.size() - 2);
    few.insert(few.end(), {"--dice", "6"});
    out.push_back({"one die typed", few});
    return out;
}

std::string command_line(const Args& args) {
    std::string s = "umpire";
    for (const auto& a : args) s += " " + test::quote(a);
    return s;
}

} // namespace

TEST_CASE("resolve: every action of every ruleset, with no, plain, largest and hostile inputs, ends with 0 or 2") {
    Scratch scratch;
    std::vector<std::string> failures;
    int runs = 0;
    for (const auto& info : rulesets::available()) {
        const auto ruleset = rulesets::make(info.id);
        for (const auto& action : ruleset->actions())
            for (const Case& c : cases_for(*ruleset, action)) {
                const auto r = scratch.umpire(c.args);
                ++runs;
                const bool worded = r.code == 0 ? !r.out.empty() : !r.err.empty();
                if ((r.code != 0 && r.code != 2) || !worded)
                    failures.push_back(c.what + ": " + command_line(c.args) + " -> exit " + std::to_string(r.code) +
                                       ": " + r.err.substr(0, 300));
            }
    }
    INFO(runs << " runs");
    for (const auto& f : failures) UNSCOPED_INFO(f);
    CHECK(failures.empty());
    CHECK(runs > 400);  // five rulesets' actions, five cases each
}
