#include "dice/dice_source.h"

#include <catch2/catch.hpp>

#include <stdexcept>
#include <string>
#include <vector>

using namespace umpire::dice;
using Catch::Matchers::Contains;
using Catch::Matchers::Equals;

TEST_CASE("RandomDice rolls the Rng's d6 sequence and records it", "[dice][source]") {
    RandomDice dice(42);
    Rng rng(42);
    std::vector<int> expected;
    for (int i = 0; i < 5; ++i) expected.push_back(rng.d6());

    const int first = dice.d6("first");
    const std::vector<int> rest = dice.d6s(4, "rest");

    CHECK(first == expected[0]);
    CHECK(rest == std::vector<int>(expected.begin() + 1, expected.end()));
    CHECK(dice.used() == expected);
    CHECK_NOTHROW(dice.finish());
}

TEST_CASE("DiceSource d6s(0) hands out nothing and a negative count is refused", "[dice][source]") {
    RandomDice dice(1);
    CHECK(dice.d6s(0).empty());
    CHECK(dice.used().empty());
    CHECK_THROWS_AS(dice.d6s(-1), std::invalid_argument);
}

TEST_CASE("TypedDice returns the typed values in order", "[dice][source]") {
    TypedDice dice({6, 5, 5, 2, 1});
    CHECK(dice.remaining() == 5);
    CHECK(dice.d6() == 6);
    CHECK(dice.d6s(3) == std::vector<int>{5, 5, 2});
    CHECK(dice.remaining() == 1);
    CHECK(dice.d6() == 1);
    CHECK(dice.remaining() == 0);
    CHECK(dice.used() == std::vector<int>{6, 5, 5, 2, 1});
    CHECK_NOTHROW(dice.finish());
}

TEST_CASE("TypedDice running out names the roll that needed more", "[dice][source]") {
    TypedDice dice({1, 2, 3, 4, 5});
    dice.d6s(5, "the shooting dice");
    CHECK_THROWS_WITH(dice.d6("the shooting dice"),
                      Equals("not enough dice typed: 5 given, the shooting dice need more"));
    CHECK(dice.used().size() == 5);
}

TEST_CASE("TypedDice running out without a reason still says more are needed", "[dice][source]") {
    TypedDice dice({3});
    CHECK_THROWS_AS(dice.d6s(2), DiceError);
    TypedDice empty(std::vector<int>{});
    CHECK_THROWS_WITH(empty.d6(), Equals("not enough dice typed: 0 given, more are needed"));
}

TEST_CASE("TypedDice finish reports unused dice", "[dice][source]") {
    TypedDice dice({1, 2, 3, 4, 5, 6, 6});
    dice.d6s(5);
    CHECK(dice.remaining() == 2);
    CHECK_THROWS_AS(dice.finish(), DiceError);
    CHECK_THROWS_WITH(dice.finish(), Equals("7 dice typed but only 5 used"));
}

TEST_CASE("TypedDice refuses a value no die can show", "[dice][source]") {
    CHECK_THROWS_AS(TypedDice({1, 2, 7}), DiceError);
    CHECK_THROWS_WITH(TypedDice({1, 2, 7}), Equals("die 3 is 7: a die shows 1 to 6"));
    CHECK_THROWS_WITH(TypedDice({0}), Equals("die 1 is 0: a die shows 1 to 6"));
    CHECK_THROWS_WITH(TypedDice({4, -2}), Equals("die 2 is -2: a die shows 1 to 6"));
}

TEST_CASE("TypedDice parse accepts spaces, commas and both", "[dice][source]") {
    CHECK(TypedDice::parse("6 5 5 2 1") == std::vector<int>{6, 5, 5, 2, 1});
    CHECK(TypedDice::parse("6,5,1") == std::vector<int>{6, 5, 1});
    CHECK(TypedDice::parse("6, 5, 1") == std::vector<int>{6, 5, 1});
    CHECK(TypedDice::parse("6 ,5 , 1") == std::vector<int>{6, 5, 1});
    CHECK(TypedDice::parse("  3 4  ") == std::vector<int>{3, 4});
    CHECK(TypedDice::parse("\t2\n") == std::vector<int>{2});
    CHECK(TypedDice::parse("1 2 3 4 5 6") == std::vector<int>{1, 2, 3, 4, 5, 6});
}

TEST_CASE("TypedDice parse rejects what is not a list of dice", "[dice][source]") {
    CHECK_THROWS_AS(TypedDice::parse(""), DiceError);
    CHECK_THROWS_WITH(TypedDice::parse("   "), Contains("no dice typed"));
    CHECK_THROWS_WITH(TypedDice::parse("6 x 5"), Contains("die 2 is \"x\""));
    CHECK_THROWS_WITH(TypedDice::parse("six"), Contains("die 1 is \"six\""));
    CHECK_THROWS_WITH(TypedDice::parse("4 -1"), Contains("die 2 is \"-1\""));
    CHECK_THROWS_WITH(TypedDice::parse("65"), Contains("die 1 is \"65\"") && Contains("one value 1 to 6"));
    CHECK_THROWS_WITH(TypedDice::parse("1 2 65"), Contains("die 3 is \"65\""));
    CHECK_THROWS_WITH(TypedDice::parse("0"), Equals("die 1 is 0: a die shows 1 to 6"));
    CHECK_THROWS_WITH(TypedDice::parse("6 5 7"), Equals("die 3 is 7: a die shows 1 to 6"));
}

TEST_CASE("TypedDice parse rejects a comma with no die on one side", "[dice][source]") {
    CHECK_THROWS_WITH(TypedDice::parse("6,,5"), Contains("die 2 is missing"));
    CHECK_THROWS_WITH(TypedDice::parse(",6"), Contains("die 1 is missing"));
    CHECK_THROWS_WITH(TypedDice::parse("6, 5,"), Contains("die 3 is missing"));
    CHECK_THROWS_AS(TypedDice::parse(","), DiceError);
}

TEST_CASE("TypedDice parse output feeds TypedDice", "[dice][source]") {
    TypedDice dice(TypedDice::parse("3, 4"));
    CHECK(dice.d6s(2) == std::vector<int>{3, 4});
    CHECK_NOTHROW(dice.finish());
}
