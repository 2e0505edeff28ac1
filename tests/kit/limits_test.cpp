// Limits as data: read from [[limits]], each refusing its actions with the rule and its citation
// when the unit has done (or not done) something this turn or phase; the umpire's overrule.
#include "kit/limits.h"
#include "kit/phase_counts.h"
#include "kit/refusal.h"
#include "kit/side_phase.h"

#include <catch2/catch.hpp>

using namespace umpire;
using kit::Deed;
using kit::How;

namespace {

constexpr const char* kTables = R"(format = "umpire-reference"
version = 1

[[limits]]
id = "once"
actions = ["shoot"]
done = ["fired"]
within = "turn"
text = "a unit may only shoot once per turn"
citation = "7.1 Restrictions"

[[limits]]
id = "order"
actions = ["move", "shoot"]
needs = ["ordered"]
unless = "reaction"
phases = ["activation"]
text = "a unit without an order may only react"
citation = "3.1 Activation"

[[limits]]
id = "figures"
actions = ["volley"]
done = ["fired"]
within = "phase"
figures = ["figures"]
fallen = "lost"
text = "each figure fires once a phase"
citation = "I Rifle Fire"

[[limits]]
id = "bands"
actions = ["band-volley"]
done = ["fired"]
within = "phase"
figures = ["figures", "short"]
figures_with = { figures = "range" }
text = "each figure fires once a phase"
citation = "I Rifle Fire"

[[limits]]
id = "guns"
actions = ["volley"]
done = ["moved"]
how_not = ["stood"]
types = ["artillery"]
text = "guns that moved do not fire"
citation = "I Artillery"

[[limits]]
id = "hq"
actions = ["shoot"]
on = "target"
types = ["headquarters"]
text = "the headquarters is a marker"
citation = "II GHQ"

[[limits]]
id = "barred"
actions = ["activate"]
stamps = ["no-activation-turn"]
flags = ["pinned"]
text = "it may not be activated"
citation = "Cards"

[[turn.phases]]
id = "wind"
[[turn.phases]]
id = "activation"
)";

struct Fixture {
    kit::Reference reference = kit::load_reference(kTables, "t.toml", "");
    std::vector<kit::Limit> limits =
        kit::read_limits(kit::TableReader::top(reference, 1), [](const std::string& s) { return "Test " + s; });
    model::Battle battle;
    std::map<std::string, double> distances;  // distance inputs given with every check
    Fixture() {
        for (int id : {1, 2}) {
            model::Unit u;
            u.id = id;
            u.name = id == 1 ? "Guards" : "Battery";
            u.troop_type = id == 1 ? "infantry" : "artillery";
            u.figures = u.start_figures = 12;
            battle.units.push_back(u);
        }
    }
    void did(int unit, Deed deed, How how = How::Plain, int count = 0) {
        rules::Resolution r;
        kit::record(battle, r, *battle.unit(unit), deed, how, count);
        battle.apply(r.effects);
    }
    // The refusal's words, or "" when the limits allow it.
    std::string check(const std::string& action, int unit, std::map<std::string, std::string> flags = {},
                      std::map<std::string, int> counts = {}, std::optional<int> target = std::nullopt,
                      std::string overrule = {}) {
        rules::Inputs inputs;
        for (const auto& [k, v] : flags) inputs.flags[k] = v == "yes";
        inputs.counts = counts;
        inputs.distances = distances;
        rules::ActionRequest req;
        req.action = action;
        req.overrule = overrule;
        rules::Resolution out;
        try {
            kit::check_limits(limits, action, battle, battle.unit(unit), target ? battle.unit(*target) : nullptr,
                              inputs, req, out);
        } catch (const rules::Refusal& r) {
            return r.what();
        }
        return out.overruled.empty() ? "" : "overruled: " + out.overruled.front().text;
    }
};

} // namespace

TEST_CASE("limits: once a turn, refused with the rule and its citation, overruled on purpose") {
    Fixture f;
    REQUIRE(f.limits.size() == 7);
    CHECK(f.check("shoot", 1).empty());
    f.did(1, Deed::Fired);
    CHECK(f.check("shoot", 1) ==
          "refused: Guards has fired this turn: a unit may only shoot once per turn (Test 7.1 Restrictions)");
    CHECK(f.check("shoot", 1, {}, {}, std::nullopt, "the umpire allows it") ==
          "overruled: Guards has fired this turn: a unit may only shoot once per turn");
    f.battle.turn = 2;
    CHECK(f.check("shoot", 1).empty());
}

TEST_CASE("limits: needs an order in the activation phase only, unless it reacts") {
    Fixture f;
    CHECK(f.check("move", 1).empty());  // no turn engine: phase 0
    f.battle.counters[kit::kPhaseCounter] = 2;  // the [turn]'s second phase: activation
    CHECK(f.check("move", 1) == "refused: Guards has not been ordered this turn: a unit without an order may only "
                                "react (Test 3.1 Activation)");
    CHECK(f.check("shoot", 1, {{"reaction", "yes"}}).empty());
    f.did(1, Deed::Ordered);
    CHECK(f.check("move", 1).empty());
}

TEST_CASE("limits: figures counted per phase, guns that moved, not those that stood, targets by type, stamps") {
    Fixture f;
    CHECK(f.check("volley", 1, {}, {{"figures", 12}}).empty());
    f.did(1, Deed::Fired, How::Plain, 8);
    CHECK(f.check("volley", 1, {}, {{"figures", 4}}).empty());
    CHECK(f.check("volley", 1, {}, {{"figures", 5}}) ==
          "refused: 8 of Guards's 12 figures fired this phase; 5 more cannot: each figure fires once a phase (Test I "
          "Rifle Fire)");
    f.did(2, Deed::Moved, How::Stood);
    CHECK(f.check("volley", 2).empty());
    f.battle.turn = 2;
    f.did(2, Deed::Moved);
    CHECK_THAT(f.check("volley", 2), Catch::Contains("Battery has moved this turn: guns that moved do not fire"));
    f.battle.units[1].troop_type = "headquarters";
    CHECK(f.check("shoot", 1, {}, {}, 2) == "refused: Battery: the headquarters is a marker (Test II GHQ)");
    f.battle.units[0].counters["no-activation-turn"] = 2;
    CHECK_THAT(f.check("activate", 1), Catch::Contains("Guards: it may not be activated"));
    f.battle.turn = 3;
    CHECK(f.check("activate", 1).empty());
    f.battle.units[0].set(model::Flag::Pinned, true);
    CHECK_THAT(f.check("activate", 1), Catch::Contains("it may not be activated"));
}

TEST_CASE("limits: a bad limit is refused when the tables load, naming it") {
    auto bad = [](const std::string& toml) {
        const kit::Reference ref =
            kit::load_reference("format = \"umpire-reference\"\nversion = 1\n" + toml, "t.toml", "");
        try {
            kit::read_limits(kit::TableReader::top(ref, 1), [](const std::string& s) { return s; });
        } catch (const rules::InputError& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    CHECK_THAT(bad("[[limits]]\nid = \"x\"\nactions = [\"a\"]\ndone = [\"danced\"]\ntext = \"t\"\ncitation = \"c\"\n"),
               Catch::Contains("limits[x].done") && Catch::Contains("\"danced\" is not a deed"));
    CHECK_THAT(bad("[[limits]]\nid = \"x\"\nactions = [\"a\"]\ntext = \"t\"\ncitation = \"c\"\n"),
               Catch::Contains("a limit needs at least one of"));
    CHECK_THAT(bad("[[limits]]\nid = \"x\"\nactions = [\"a\"]\ndone = [\"fired\"]\nphases = [\"melee\"]\n"
                   "text = \"t\"\ncitation = \"c\"\n"),
               Catch::Contains("\"melee\" is not a phase of [turn]"));
    CHECK_THAT(bad("[[limits]]\nid = \"x\"\nactions = [\"a\"]\ndone = [\"fired\"]\nfallen = \"lost\"\n"
                   "text = \"t\"\ncitation = \"c\"\n"),
               Catch::Contains("fallen counts with figures"));
    const std::string with = "[[limits]]\nid = \"x\"\nactions = [\"a\"]\ndone = [\"fired\"]\nfigures = [\"figures\"]\n"
                             "text = \"t\"\ncitation = \"c\"\nfigures_with = ";
    CHECK_THAT(bad(with + "{ short = \"range\" }\n"), Catch::Contains("\"short\" is not one of figures"));
    CHECK_THAT(bad(with + "{ figures = 3 }\n"), Catch::Contains("must name the input it counts with"));
    CHECK(bad(with + "{ figures = \"range\" }\n") == "no error");
}

TEST_CASE("limits: `fallen` counts the figures killed this phase with those standing, not an earlier phase's") {
    Fixture f;
    f.battle.counters[kit::kPhaseCounter] = 1;
    rules::Resolution losses;
    kit::add_phase_count(f.battle, losses, f.battle.units[0], "lost", 4, "casualties");
    f.battle.apply(losses.effects);
    f.battle.units[0].figures = 8;
    f.did(1, Deed::Fired, How::Plain, 6);
    CHECK(f.check("volley", 1, {}, {{"figures", 6}}).empty());  // 6 + 6 of the 8 standing and the 4 fallen
    CHECK(f.check("volley", 1, {}, {{"figures", 7}}) ==
          "refused: 6 of Guards's 12 figures fired this phase; 7 more cannot: each figure fires once a phase (Test I "
          "Rifle Fire)");
    // In the next phase the fallen are gone.
    f.battle.counters[kit::kPhaseCounter] = 2;
    f.did(1, Deed::Fired, How::Plain, 6);
    CHECK_THAT(f.check("volley", 1, {}, {{"figures", 3}}), Catch::Contains("6 of Guards's 8 figures"));
}

TEST_CASE("limits: `figures_with`: the figures at a range count only when the range is given") {
    Fixture f;
    f.did(1, Deed::Fired, How::Plain, 8);
    // The form's default of all 12 figures at a range, and 4 typed at short range with no range:
    // 4 fire, not 16.
    const std::map<std::string, int> counts{{"figures", 12}, {"short", 4}};
    CHECK(f.check("band-volley", 1, {}, counts).empty());
    f.distances["range"] = 10;
    CHECK(f.check("band-volley", 1, {}, counts) ==
          "refused: 8 of Guards's 12 figures fired this phase; 16 more cannot: each figure fires once a phase (Test I "
          "Rifle Fire)");
}

TEST_CASE("limits: where an action belongs in the turn is the turn's places, not a limit") {
    for (const char* field : {"own_phase = true", "only_in = [\"melee\"]"}) {
        const std::string tables = std::string(R"(format = "umpire-reference"
version = 1
[turn]
[[turn.phases]]
id = "melee"
name = "Melee"
kind = "resolve"
[[limits]]
id = "own"
actions = ["move"]
)") + field + R"(
text = "units act in their side's phase"
citation = "Sequence"
)";
        const kit::Reference reference = kit::load_reference(tables, "t.toml", "");
        CHECK_THROWS_WITH(kit::read_limits(kit::TableReader::top(reference, 1), [](const std::string& s) { return s; }),
                          Catch::Contains("[[turn.places]]"));
    }
}
