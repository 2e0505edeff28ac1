// The turn's steps as words (turn/turn_commands.h): what the front ends offer and read back.
#include "turn_support.h"

#include "rules/command_line.h"
#include "rules/inputs.h"
#include "turn/turn_commands.h"

#include <catch2/catch.hpp>

using namespace umpire;
using umpire::testing::edwardian_battle;
using umpire::testing::macduff_battle;

namespace {

turn::TurnCommand parse(const std::string& line, const model::Battle& battle) {
    return turn::parse_turn_command(rules::command_words(line), battle);
}

} // namespace

TEST_CASE("turn words: each step's words read back as the same step") {
    auto f = macduff_battle();
    const model::Unit& unit = f.battle.units.front();
    const model::Commander& commander = f.battle.commanders.front();
    std::vector<turn::TurnCommand> all;
    turn::TurnCommand c;
    for (turn::StepKind kind : {turn::StepKind::Next, turn::StepKind::Draw, turn::StepKind::Done, turn::StepKind::Wind}) {
        c = {};
        c.kind = kind;
        all.push_back(c);
    }
    c = {};
    c.kind = turn::StepKind::Next;
    c.force = true;
    all.push_back(c);
    c = {};
    c.kind = turn::StepKind::Order;
    c.second = true;
    c.dice = "5,2";
    all.push_back(c);
    c = {};
    c.kind = turn::StepKind::First;
    c.second = true;
    all.push_back(c);
    c = {};
    c.kind = turn::StepKind::Moved;
    c.id = unit.id;
    c.stationary = true;
    all.push_back(c);
    c = {};
    c.kind = turn::StepKind::Choose;
    c.id = commander.id;
    all.push_back(c);
    c = {};
    c.kind = turn::StepKind::NameFirst;
    c.id = f.battle.sides[1].id;
    all.push_back(c);
    c = {};
    c.kind = turn::StepKind::Chance;
    c.id = f.battle.sides[0].id;
    all.push_back(c);
    for (const turn::TurnCommand& command : all) {
        const std::string words = turn::turn_words(f.battle, command);
        INFO(words);
        const turn::TurnCommand back = parse("turn " + words, f.battle);
        CHECK(back.kind == command.kind);
        CHECK(back.id == command.id);
        CHECK(back.second == command.second);
        CHECK(back.stationary == command.stationary);
        CHECK(back.force == command.force);
        CHECK(back.dice == command.dice);
        CHECK(turn::turn_words(f.battle, back) == words);
    }
    // A name with a space is quoted; a unique start of it is read too.
    CHECK(turn::turn_words(f.battle, all[7]).find("\"" + unit.name + "\"") != std::string::npos);
    CHECK(parse("turn moved " + unit.name.substr(0, unit.name.size() - 1), f.battle).id == unit.id);
    CHECK(parse("turn order 6 2", f.battle).dice == "6,2");
}

TEST_CASE("turn words: an unknown step, a name no unit has, a word the step does not take are refused") {
    auto f = macduff_battle();
    CHECK_THROWS_WITH(parse("turn dance", f.battle), Catch::Contains("no step of the turn"));
    CHECK_THROWS_WITH(parse("turn moved", f.battle), Catch::Contains("moved needs the unit"));
    CHECK_THROWS_AS(parse("turn moved Nobody-at-all", f.battle), rules::InputError);
    CHECK_THROWS_WITH(parse("turn done 5,2", f.battle), Catch::Contains("rolls no dice"));
    CHECK_THROWS_WITH(parse("turn next --side red", f.battle), Catch::Contains("only the chance step"));
    CHECK_THROWS_WITH(parse("turn draw --loud", f.battle), Catch::Contains("is not part of the step"));
}

TEST_CASE("turn offers: Edwardian's move order roll, then each side's units to move, then the next phase") {
    auto f = edwardian_battle();
    turn::TurnOptions o = f.options();
    f.apply(turn::configure(f.battle, f.rules, o));
    auto offers = turn::turn_offers(f.battle, f.rules, turn::turn_status(f.battle, f.rules));
    REQUIRE(!offers.empty());
    CHECK(offers.front().label == "Start the battle: next phase");
    CHECK(offers.front().words == "next");
    for (int guard = 0; guard < 10 && turn::turn_status(f.battle, f.rules).phase_kind != turn::PhaseKind::MoveOrder; ++guard)
        f.apply(turn::next_phase(f.battle, f.rules, {}, true));
    offers = turn::turn_offers(f.battle, f.rules, turn::turn_status(f.battle, f.rules));
    REQUIRE(offers.size() >= 3);
    CHECK(offers[0].words == "order");
    CHECK(offers[1].words == "order --second");
    CHECK(offers.back().words == "next --force");  // the roll not made: the phase ends only by force
    dice::TypedDice d({5, 2});
    f.apply(turn::take_turn_command(f.battle, f.rules, parse("turn order", f.battle), d));
    for (int guard = 0; guard < 10 && turn::turn_status(f.battle, f.rules).phase_kind != turn::PhaseKind::Moves; ++guard)
        f.apply(turn::next_phase(f.battle, f.rules, {}, true));
    const turn::TurnStatus st = turn::turn_status(f.battle, f.rules);
    REQUIRE(st.phase_kind == turn::PhaseKind::Moves);
    offers = turn::turn_offers(f.battle, f.rules, st);
    // Two steps for each unit the side has to move (moved, stands), then end the phase anyway.
    CHECK(offers.size() == st.units_to_move.size() * 2 + 1);
    const turn::TurnOffer& first = offers.front();
    CHECK(first.command.kind == turn::StepKind::Moved);
    CHECK(first.label == f.battle.unit(st.units_to_move.front())->name + " moved");
    f.apply(turn::take_turn_command(f.battle, f.rules, parse("turn " + first.words, f.battle), d));
    CHECK(turn::turn_status(f.battle, f.rules).units_to_move != st.units_to_move);
}
