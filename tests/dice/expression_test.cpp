#include "dice/expression.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <string>
#include <vector>

using namespace umpire::dice;
using Catch::Matchers::Contains;
using Catch::Matchers::Equals;

namespace {

// The position and message of the error `text` is rejected with.
struct Rejection {
    std::size_t position = 0;
    std::string message;
};

Rejection rejection(const std::string& text) {
    try {
        Expression::parse(text);
    } catch (const ExpressionError& e) {
        return {e.position(), e.what()};
    }
    FAIL("\"" << text << "\" was accepted");
    return {};
}

} // namespace

TEST_CASE("Expression parses and normalises every accepted form", "[dice][expression]") {
    struct Case {
        const char* text;
        const char* normalised;
        int dice;
    };
    const std::vector<Case> cases{
        {"d6", "1d6", 1},          {"2d6", "2d6", 2},           {"3d6+1d6", "3d6+1d6", 4},
        {"2d6+1", "2d6+1", 2},     {"4d6-1d6", "4d6-1d6", 5},   {" 2D6 + 3 ", "2d6+3", 2},
        {"7", "7", 0},             {"D6 - 1", "1d6-1", 1},      {"2d6-1+d6", "2d6-1+1d6", 3},
        {"100d6", "100d6", 100},   {"2d06", "2d6", 2},
    };
    for (const auto& c : cases) {
        INFO(c.text);
        const Expression e = Expression::parse(c.text);
        CHECK(e.text() == c.normalised);
        CHECK(e.dice_count() == c.dice);
    }
}

TEST_CASE("Expression terms carry sign, count and value", "[dice][expression]") {
    const auto terms = Expression::parse("4d6-1d6+2-3").terms();
    REQUIRE(terms.size() == 4);
    CHECK((terms[0].sign == 1 && terms[0].count == 4));
    CHECK((terms[1].sign == -1 && terms[1].count == 1));
    CHECK((terms[2].sign == 1 && terms[2].count == 0 && terms[2].value == 2));
    CHECK((terms[3].sign == -1 && terms[3].count == 0 && terms[3].value == 3));
}

TEST_CASE("Expression rejects every malformed form", "[dice][expression]") {
    for (const char* text : {"", "   ", "2d", "d", "2x6", "2d6+", "+", "d8", "2d6++1", "abc", "-2d6",
                             "2d6 3", "2 d6", "2d 6", "0d6", "101d6", "60d6+41d6", "2d6+1001", "d6-"}) {
        INFO(text);
        CHECK_THROWS_AS(Expression::parse(text), ExpressionError);
    }
}

TEST_CASE("Expression errors point at the first bad character", "[dice][expression]") {
    CHECK(rejection("").position == 0);
    CHECK(rejection("2d").position == 2);
    CHECK(rejection("d").position == 1);
    CHECK(rejection("2x6").position == 1);
    CHECK(rejection("2d6+").position == 4);
    CHECK(rejection("+").position == 0);
    CHECK(rejection("d8").position == 1);
    CHECK(rejection("2d6++1").position == 4);
    CHECK(rejection("abc").position == 0);
    CHECK(rejection(" 2d6 + x").position == 7);
    CHECK(rejection("1 + 2d8").position == 6);
    CHECK(rejection("60d6+41d6").position == 5);
}

TEST_CASE("Expression error messages say what was wrong", "[dice][expression]") {
    CHECK(rejection("").message == "empty expression");
    CHECK(rejection("2d6+").message == "expected a number or NdS at character 5");
    CHECK(rejection("d8").message == "only six-sided dice are used: d8 at character 2");
    CHECK_THAT(rejection("2d12").message, Contains("d12") && Contains("six-sided"));
    CHECK_THAT(rejection("2d").message, Equals("expected 6 after d at character 3"));
    CHECK_THAT(rejection("2x6").message, Contains("'x'") && Contains("character 2"));
    CHECK_THAT(rejection("101d6").message, Contains("at most 100 dice") && Contains("101d6"));
    CHECK_THAT(rejection("0d6").message, Contains("at least one die"));
    CHECK_THAT(rejection("2 d6").message, Contains("without spaces"));
}

TEST_CASE("Expression rolls the exact total from typed dice", "[dice][expression]") {
    {
        TypedDice dice({3, 4});
        CHECK(Expression::parse("2d6+1").roll(dice) == 8);
        CHECK_NOTHROW(dice.finish());
    }
    {
        TypedDice dice({1, 2, 3, 4, 5});
        CHECK(Expression::parse("4d6-1d6").roll(dice) == 5);
        CHECK(dice.used() == std::vector<int>{1, 2, 3, 4, 5});
    }
    {
        TypedDice dice({6});
        CHECK(Expression::parse("10-d6+2").roll(dice) == 6);
    }
    {
        TypedDice dice(std::vector<int>{});
        CHECK(Expression::parse("5").roll(dice) == 5);
    }
}

TEST_CASE("Expression roll with too few typed dice names the expression", "[dice][expression]") {
    TypedDice dice({3});
    CHECK_THROWS_WITH(Expression::parse("2d6+1").roll(dice),
                      Equals("not enough dice typed: 1 given, the dice for 2d6+1 need more"));
}

TEST_CASE("Expression roll with random dice stays in the distribution's range", "[dice][expression]") {
    const Expression e = Expression::parse("4d6-1d6+2");
    RandomDice dice(17);
    for (int i = 0; i < 200; ++i) {
        const int total = e.roll(dice);
        REQUIRE(total >= e.distribution().min());
        REQUIRE(total <= e.distribution().max());
    }
    CHECK(dice.used().size() == 1000);
}

TEST_CASE("Expression distribution matches enumeration of 2d6-1d6+1", "[dice][expression]") {
    const Distribution d = Expression::parse("2d6-1d6+1").distribution();
    std::vector<int> ways(30, 0);
    for (int a = 1; a <= 6; ++a)
        for (int b = 1; b <= 6; ++b)
            for (int c = 1; c <= 6; ++c) ++ways[static_cast<std::size_t>(a + b - c + 1 + 10)];
    CHECK(d.min() == -3);
    CHECK(d.max() == 12);
    for (int k = -10; k < 20; ++k) {
        INFO(k);
        CHECK(std::abs(d.p_exactly(k) - ways[static_cast<std::size_t>(k + 10)] / 216.0) < 1e-12);
    }
    CHECK(d.mean() == Approx(4.5));
}

TEST_CASE("Expression distribution of a plain number is that number", "[dice][expression]") {
    const Distribution d = Expression::parse("3").distribution();
    CHECK(d.min() == 3);
    CHECK(d.max() == 3);
    CHECK(d.p_exactly(3) == 1.0);
}
