// The turn keeps order, on a ruleset made for the test: where each action belongs ([[turn.places]]:
// its phases, the acting side, either side, a reaction to something done to the unit or by the
// unit it aims at), refused with the place's rule and overruled on purpose; what a unit owes
// ([[owed]]) refused at `turn next`, ended anyway with what the text says happens, paid by the
// action; and `turn moved` and an applied move told the same.
#include "kit/effects.h"
#include "kit/input_builders.h"
#include "kit/ruleset_base.h"
#include "rulesets/registry.h"
#include "turn/places.h"
#include "turn/turn_engine.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <tuple>

using namespace umpire;

namespace {

constexpr const char* kTables = R"(format = "umpire-reference"
version = 1
name = "Turn test"

[[owed]]
id = "broken-must-rally"
actions = ["rally"]
due = "next"
phases = ["first-actions", "second-actions"]
own = true
unpaid = "rout"
text = "a broken unit must rally on its next turn"
citation = "line 60"

[[owed]]
id = "check-now"
actions = ["rally"]
values = { column = "lost" }
due = "now"
text = "the loser checks morale at once"
citation = "line 151"

[[owed]]
id = "melee-in-contact"
due = "each"
phases = ["melee"]
while = "counter:melee-with"
done = "melee"
text = "units in contact fight in the melee phase"
citation = "line 29"

[turn]
citation = "Turn"

[[turn.phases]]
id = "who-first"
name = "Who goes first"
kind = "move-order"
citation = "line 13"

[[turn.phases]]
id = "first-actions"
name = "First player: actions"
kind = "resolve"
player = "first"
citation = "line 13"

[[turn.phases]]
id = "second-actions"
name = "Second player: actions"
kind = "resolve"
player = "second"
citation = "line 13"

[[turn.phases]]
id = "melee"
name = "Melee"
kind = "resolve"
citation = "line 55"

[[turn.places]]
actions = ["shoot", "hit", "rally", "charge"]
phases = ["first-actions", "second-actions"]
by = "acting"
text = "the player's units act in his turn"
citation = "line 13"

[[turn.places]]
actions = ["evade"]
phases = ["first-actions", "second-actions"]
by = "reaction"
to = ["charge"]
text = "a charged unit may evade"
citation = "line 69"

[[turn.places]]
actions = ["shoot"]
phases = ["first-actions", "second-actions"]
by = "reaction"
when = "out-of-turn"
to = ["charge"]
reactor = "near"
text = "units near may shoot at a charging unit out of turn"
citation = "line 68"

[[turn.places]]
actions = ["melee", "rally"]
phases = ["melee"]
by = "either"
text = "melee in the melee phase; the loser checks at once"
citation = "line 55"

[turn.move_order]
citation = "line 13"
die = 6
tie = "reroll"
decided = "once"
may_name_first = true
)";

struct Tables {
    std::string name = "Turn test";
};

using Context = kit::Context<Tables>;
using Def = kit::ActionDef<Tables>;

void record_deed(const Context& ctx, rules::Resolution& out, kit::Deed deed) {
    if (ctx.unit) kit::record(ctx.battle, out, *ctx.unit, deed);
}

std::vector<Def> defs() {
    std::vector<Def> out;
    auto add = [&](const char* id, bool target, void (*resolve)(const Context&, rules::Resolution&)) {
        Def d;
        d.spec = kit::action(id, std::string(1, static_cast<char>(std::toupper(id[0]))) + (id + 1), "", "");
        d.spec.needs_unit = true;
        d.spec.target_optional = target;
        d.resolve = resolve;
        out.push_back(d);
        return &out.back().spec;
    };
    add("shoot", true, [](const Context& c, rules::Resolution& o) { record_deed(c, o, kit::Deed::Fired); })
        ->inputs.push_back(kit::flag_input("out-of-turn", "Out of turn", ""));
    add("hit", true, [](const Context& c, rules::Resolution& o) {
        if (c.target) c.owe(o, *c.target, "broken-must-rally", "broken");
    });
    add("charge", true, [](const Context& c, rules::Resolution& o) { record_deed(c, o, kit::Deed::Charged); });
    add("evade", true, [](const Context& c, rules::Resolution& o) { record_deed(c, o, kit::Deed::Moved); });
    add("melee", true, [](const Context& c, rules::Resolution& o) {
        record_deed(c, o, kit::Deed::Melee);
        if (c.target) kit::record(c.battle, o, *c.target, kit::Deed::Melee);
        if (c.target) c.owe(o, *c.target, "check-now", "lost the melee");
    });
    add("rally", false, [](const Context& c, rules::Resolution& o) { record_deed(c, o, kit::Deed::Rallied); })
        ->inputs.push_back(kit::choice_input("column", "Column", {{"rally", "Rally", 0, {}}, {"lost", "Lost", 0, {}}}, "rally"));
    return out;
}

class TurnTest final : public kit::DeclaredRuleset<Tables> {
public:
    explicit TurnTest(const kit::Reference& reference)
        : DeclaredRuleset("turn-test", "Test", Tables{}, reference, defs(), kit::RosterIds{}) {
        set_turn_guard(turn::place_guard(reference, "Test"));
    }
};

struct Game {
    kit::Reference reference = kit::load_reference(kTables, "turn-test.toml", "");
    TurnTest ruleset{reference};
    turn::TurnRules rules = turn::parse_turn_rules(kTables, "turn-test.toml");
    model::Battle battle;

    Game() {
        rules.ruleset = &ruleset;
        battle.ruleset = "turn-test";
        battle.sides = {{1, "Blue", "", {}}, {2, "Red", "", {}}};
        for (int id = 1; id <= 4; ++id) {
            model::Unit u;
            u.id = id;
            u.name = std::string(id <= 2 ? "Blue " : "Red ") + std::to_string(id);
            u.side = id <= 2 ? 1 : 2;
            u.figures = u.start_figures = 10;
            battle.units.push_back(u);
        }
    }
    void step(const turn::TurnStep& s) { battle.apply(s.resolution.effects); }
    void start() {
        turn::TurnOptions o;
        o.seed = 5;
        step(turn::configure(battle, rules, o));
        step(turn::next_phase(battle, rules));
        step(turn::name_first(battle, rules, 1));
        step(turn::next_phase(battle, rules));  // Blue's actions
    }
    rules::Resolution apply(const std::string& action, int unit, std::optional<int> target = std::nullopt,
                            std::map<std::string, std::string> values = {}, std::string overrule = {}) {
        rules::ActionRequest r;
        r.action = action;
        r.unit = unit;
        r.target = target;
        r.values = std::move(values);
        r.overrule = std::move(overrule);
        dice::TypedDice none({});
        rules::Resolution res = ruleset.resolve(r, battle, none);
        battle.apply(res.effects);
        return res;
    }
    std::string refusal(const std::string& action, int unit, std::optional<int> target = std::nullopt,
                        std::map<std::string, std::string> values = {}) {
        try {
            apply(action, unit, target, std::move(values));
        } catch (const rules::Refusal& r) {
            return r.rule() + " (" + r.citation() + ")";
        }
        return "not refused";
    }
};

} // namespace

TEST_CASE("places: with no turn running nothing is refused for phase or side") {
    Game g;
    CHECK(g.refusal("melee", 3, 1) == "not refused");
    CHECK(g.refusal("shoot", 3, 1) == "not refused");
}

TEST_CASE("places: an action out of its phases is refused with the place's rule, and overruled on purpose") {
    Game g;
    g.start();
    CHECK(g.refusal("melee", 1, 3) ==
          "Melee belongs in the Melee, not the First player: actions: melee in the melee phase; the loser checks at once "
          "(Test line 55)");
    const rules::Resolution r = g.apply("melee", 1, 3, {}, "they were in contact all along");
    REQUIRE(r.overruled.size() == 1);
    CHECK(r.overrule == "they were in contact all along");
    CHECK(r.overruled[0].citation == "Test line 55");
}

TEST_CASE("places: the side not acting is refused, naming whose phase it is") {
    Game g;
    g.start();
    CHECK(g.refusal("shoot", 1, 3) == "not refused");
    CHECK(g.refusal("shoot", 3, 1) ==
          "it is Blue's phase, not Red's: the player's units act in his turn (Test line 13)");
}

TEST_CASE("places: a reaction only from the unit the named action was done to, at the one who did it") {
    Game g;
    g.start();
    CHECK(g.refusal("evade", 3, 1) == "Red 3 has met no charge this phase to react to: a charged unit may evade (Test line 69)");
    g.apply("charge", 1, 3);
    CHECK(g.refusal("evade", 4, 1) == "Red 4 has met no charge this phase to react to: a charged unit may evade (Test line 69)");
    CHECK(g.refusal("evade", 3, 2) == "Red 3 answers the charge of Blue 1, not of Blue 2: a charged unit may evade (Test line 69)");
    CHECK(g.refusal("evade", 3, 1) == "not refused");
    // The acting side does not react to itself.
    CHECK(g.refusal("evade", 2, 3).find("a reaction is made by the side not acting") == 0);
}

TEST_CASE("places: a reaction aimed at the unit that did it, from anywhere near, only with its flag") {
    Game g;
    g.start();
    CHECK(g.refusal("shoot", 4, 2, {{"out-of-turn", "yes"}}) ==
          "Blue 2 has done no charge this phase to react to: units near may shoot at a charging unit out of turn (Test "
          "line 68)");
    g.apply("charge", 2, 3);
    CHECK(g.refusal("shoot", 4, 2, {{"out-of-turn", "yes"}}) == "not refused");
    // Without the flag it is an ordinary shot, and Red's is not the phase.
    CHECK(g.refusal("shoot", 4, 2).find("it is Blue's phase, not Red's") == 0);
}

TEST_CASE("places: a place may hold only for some values of an input, given as one value or a list") {
    const auto with = [](const std::string& values) {
        return std::string(kTables) + "\n[[turn.places]]\nactions = [\"rally\"]\nphases = [\"melee\"]\nby = \"either\"\n" +
               "values = " + values + "\ntext = \"the loser checks at once\"\ncitation = \"line 151\"\n";
    };
    const turn::TurnRules one = turn::parse_turn_rules(with("{ column = \"lost\" }"), "turn-test.toml");
    CHECK(turn::places_of(one, "rally").back()->values.at("column") == std::vector<std::string>{"lost"});
    CHECK(turn::place_side_words(*turn::places_of(one, "rally").back()) == "either side, with column lost");
    const turn::TurnRules two = turn::parse_turn_rules(with("{ column = [\"lost\", \"rally\"] }"), "turn-test.toml");
    CHECK(turn::place_side_words(*turn::places_of(two, "rally").back()) == "either side, with column lost or rally");
    CHECK_THROWS_WITH(turn::parse_turn_rules(with("{ column = [] }"), "turn-test.toml"),
                      Catch::Contains("'values.column' must be a value or a list of one or more values"));
    CHECK_THROWS_WITH(turn::parse_turn_rules(with("\"lost\""), "turn-test.toml"),
                      Catch::Contains("'values' must be a table"));
}

TEST_CASE("owed: a broken unit owes a rally in its side's next actions phase, next is refused, force routs it") {
    Game g;
    g.start();
    const rules::Resolution hit = g.apply("hit", 1, 3);
    REQUIRE(hit.follow_ups.size() == 1);
    CHECK(hit.follow_ups[0].owed == "broken-must-rally");
    CHECK(hit.follow_ups[0].due == "by the end of its side's next First player: actions and Second player: actions phase");
    // Blue's phase ends: Red 3 owes nothing yet in it.
    auto st = turn::turn_status(g.battle, g.rules);
    REQUIRE(st.owed.size() == 1);
    CHECK_FALSE(st.owed[0].due_now);
    CHECK(st.can_advance);
    g.step(turn::next_phase(g.battle, g.rules));  // Red's actions: now it is due
    st = turn::turn_status(g.battle, g.rules);
    REQUIRE(st.owed.size() == 1);
    CHECK(st.owed[0].due_now);
    CHECK(st.owed[0].due == "by the end of this phase");
    CHECK_FALSE(st.can_advance);
    CHECK_THROWS_WITH(turn::next_phase(g.battle, g.rules),
                      "phase: the Second player: actions is not finished: Red 3: a broken unit must rally on its next "
                      "turn (line 60)");
    // Ended anyway: what the text says happens, happens, and the working says so.
    const turn::TurnStep forced = turn::next_phase(g.battle, g.rules, {}, true);
    g.step(forced);
    CHECK(g.battle.unit(3)->has(model::Flag::Routed));
    bool said = false;
    for (const auto& s : forced.resolution.steps)
        said = said || s.text == "Left undone: Red 3: a broken unit must rally on its next turn: routed and removed from the game";
    CHECK(said);
    CHECK(turn::turn_status(g.battle, g.rules).owed.empty());
}

TEST_CASE("owed: the action that pays it clears it, one with the wrong values does not") {
    Game g;
    g.start();
    g.apply("hit", 1, 3);
    g.step(turn::next_phase(g.battle, g.rules));
    g.apply("rally", 3);
    CHECK(turn::turn_status(g.battle, g.rules).owed.empty());
    CHECK(turn::turn_status(g.battle, g.rules).can_advance);
    // Melee: the loser owes a check on the Lost column now, not any rally.
    g.step(turn::next_phase(g.battle, g.rules));
    g.battle.unit(2)->counters["melee-with"] = 4;
    g.battle.unit(4)->counters["melee-with"] = 2;
    auto st = turn::turn_status(g.battle, g.rules);
    REQUIRE(st.owed.size() == 2);  // both units in contact owe their melee
    CHECK(st.owed[0].text == "Blue 2: units in contact fight in the melee phase");
    g.apply("melee", 2, 4);
    st = turn::turn_status(g.battle, g.rules);
    REQUIRE(st.owed.size() == 1);
    CHECK(st.owed[0].text == "Red 4: the loser checks morale at once");
    g.apply("rally", 4, std::nullopt, {{"column", "rally"}});
    CHECK(turn::turn_status(g.battle, g.rules).owed.size() == 1);
    g.apply("rally", 4, std::nullopt, {{"column", "lost"}});
    CHECK(turn::turn_status(g.battle, g.rules).owed.empty());
}

TEST_CASE("deeds: a per-turn count counts every phase of the turn, a per-phase count its phase") {
    Game g;
    g.start();
    const model::Unit& u = *g.battle.unit(1);
    rules::Resolution out;
    kit::record(g.battle, out, u, kit::Deed::Fired, kit::How::Plain, 12);
    g.battle.apply(out.effects);
    g.step(turn::next_phase(g.battle, g.rules, {}, true));
    rules::Resolution later;
    kit::record(g.battle, later, *g.battle.unit(1), kit::Deed::Fired, kit::How::Plain, 8);
    g.battle.apply(later.effects);
    CHECK(kit::done(g.battle, *g.battle.unit(1), kit::Deed::Fired, kit::Within::Turn).count == 20);
    CHECK(kit::done(g.battle, *g.battle.unit(1), kit::Deed::Fired, kit::Within::Phase).count == 8);
}

TEST_CASE("places: every action of every ruleset has a place in its turn, and every place names a real action") {
    for (const auto& info : rulesets::available()) {
        const auto ruleset = rulesets::make(info.id);
        const turn::TurnRules rules = turn::turn_rules(*ruleset);
        for (const auto& action : ruleset->actions()) {
            INFO(info.id << " " << action.id);
            CHECK_FALSE(turn::places_of(rules, action.id).empty());
        }
        for (const auto& place : rules.places)
            for (const auto& id : place.actions) {
                INFO(info.id << " places \"" << id << "\"");
                CHECK(ruleset->action(id) != nullptr);
            }
        for (const auto& o : rules.obligations)
            for (const auto& id : o.actions) {
                INFO(info.id << " owed " << o.id << " paid by \"" << id << "\"");
                CHECK(ruleset->action(id) != nullptr);
            }
    }
}

namespace {

// One owed item as compared: what owed_now says of it, all of it.
using OwedSeen = std::tuple<int, std::string, std::string, bool, std::string, std::string, std::string>;
std::vector<OwedSeen> seen_owed(const std::vector<turn::OwedItem>& owed) {
    std::vector<OwedSeen> out;
    for (const turn::OwedItem& i : owed)
        out.emplace_back(i.unit, i.obligation ? i.obligation->id : "", i.action, i.due_now, i.due, i.text, i.citation);
    return out;
}

} // namespace

TEST_CASE("owed: brought up to date only for the units a change touches, the list is what asking every unit gives",
          "[turn][owed]") {
    Game g;
    for (int id = 5; id <= 12; ++id) {  // more units, both sides, so that the roster order is tried
        model::Unit u;
        u.id = id;
        u.name = std::string(id % 2 ? "Blue " : "Red ") + std::to_string(id);
        u.side = id % 2 ? 1 : 2;
        u.figures = u.start_figures = 10;
        g.battle.units.push_back(u);
    }
    g.start();
    turn::OwedLedger ledger;
    turn::TurnStatus status;
    std::vector<std::vector<model::Effect>> done, undone;  // undo and redo, as the journal's
    std::mt19937 random(1914);
    const auto any_unit = [&] { return static_cast<int>(1 + random() % g.battle.units.size()); };
    const auto written = [&](const std::vector<model::Effect>& effects) {
        ledger.note(effects);
        done.push_back(effects);
        undone.clear();
    };
    int changes = 0;
    std::size_t most_owed = 0;
    bool some_due = false, some_not_due = false;
    for (int step = 0; step < 400; ++step) {
        const auto what = random() % 12;
        try {
            if (what < 3) {
                written(g.apply("hit", any_unit(), any_unit(), {}, "tried in any phase").effects);
            } else if (what < 5) {
                const char* column = random() % 2 ? "lost" : "rally";
                written(g.apply("rally", any_unit(), std::nullopt, {{"column", column}}, "tried in any phase").effects);
            } else if (what < 6) {
                written(g.apply("melee", any_unit(), any_unit(), {}, "tried in any phase").effects);
            } else if (what < 7) {  // contact, or out of it: the standing obligation's marker
                const model::Unit& u = *g.battle.unit(any_unit());
                const std::vector<model::Effect> effects{{model::Entity::Unit, u.id, "counter:melee-with",
                                                          kit::counter(u, "melee-with"), random() % 2 ? 0 : 1, "contact"}};
                g.battle.apply(effects);
                written(effects);
            } else if (what < 8) {
                const turn::TurnStep next = turn::next_phase(g.battle, g.rules, {}, random() % 2 == 0);
                g.step(next);
                written(next.resolution.effects);
            } else if (what < 10 && !done.empty()) {
                g.battle.revert(done.back());
                ledger.note(done.back());
                undone.push_back(done.back());
                done.pop_back();
            } else if (!undone.empty()) {
                g.battle.apply(undone.back());
                ledger.note(undone.back());
                done.push_back(undone.back());
                undone.pop_back();
            } else {
                continue;
            }
        } catch (const rules::InputError&) {
            continue;  // refused (the phase not finished, out of place, a unit routed): nothing changed
        }
        ++changes;
        turn::update_turn_status(status, g.battle, g.rules, ledger);
        const turn::TurnStatus fresh = turn::turn_status(g.battle, g.rules);
        INFO("step " << step << " (" << what << ")");
        REQUIRE(seen_owed(status.owed) == seen_owed(fresh.owed));
        CHECK(status.next == fresh.next);
        CHECK(status.can_advance == fresh.can_advance);
        most_owed = std::max(most_owed, fresh.owed.size());
        for (const turn::OwedItem& i : fresh.owed) (i.due_now ? some_due : some_not_due) = true;
    }
    // The sequence did what it is for: many changes, several items owed, due and not yet.
    CHECK(changes > 200);
    CHECK(most_owed >= 4);
    CHECK(some_due);
    CHECK(some_not_due);
}
