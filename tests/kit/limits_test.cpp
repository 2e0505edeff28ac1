// Limits as data: read from [[limits]], each refusing its actions with the rule and its citation
// when the unit has done (or not done) something this turn or phase; the umpire's overrule.
#include "kit/limits.h"
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
    REQUIRE(f.limits.size() == 6);
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
}

TEST_CASE("limits: own_phase refuses a unit outside its side's phase while the turn engine runs") {
    constexpr const char* tables = R"(format = "umpire-reference"
version = 1
[[limits]]
id = "own"
actions = ["move"]
own_phase = true
unless = "out-of-turn"
text = "units act in their side's phase"
citation = "Sequence"
)";
    const kit::Reference reference = kit::load_reference(tables, "t.toml", "");
    const auto limits = kit::read_limits(kit::TableReader::top(reference, 1), [](const std::string& s) { return s; });
    REQUIRE(limits.size() == 1);
    CHECK(limits[0].own_phase);
    model::Battle b;
    b.sides = {{1, "Union", "", {}}, {2, "Confederates", "", {}}};
    model::Unit u;
    u.id = 1;
    u.name = "Guards";
    u.side = 1;
    u.figures = u.start_figures = 10;
    b.units.push_back(u);
    auto check = [&](bool out_of_turn = false) -> std::string {
        rules::Inputs inputs;
        inputs.flags["out-of-turn"] = out_of_turn;
        rules::ActionRequest req;
        req.action = "move";
        rules::Resolution out;
        try {
            kit::check_limits(limits, "move", b, b.unit(1), nullptr, inputs, req, out);
        } catch (const rules::Refusal& r) {
            return r.what();
        }
        return "";
    };
    CHECK(check().empty());  // no turn engine
    b.counters[kit::kPhaseCounter] = 2;
    b.counters[kit::kActiveSideCounter] = 2;
    CHECK(check() == "refused: Guards is of Union, and this is Confederates' phase: units act in their side's phase "
                     "(Sequence)");
    CHECK(check(true).empty());
    b.counters[kit::kActiveSideCounter] = 0;
    CHECK(check().find("belongs to no side") != std::string::npos);
    b.counters[kit::kActiveSideCounter] = 1;
    CHECK(check().empty());
}
