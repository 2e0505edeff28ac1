// The unit card's Status line says what the unit is in words a player reads right: a rally test
// taken is not "[RALLIED]" beside [SHAKEN] or [ROUTED], and a Featherstone unit that formed square says
// it is in square (not only that it reacted).
#include "desk_shell.h"

#include "panels/widgets.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <tuple>

using namespace umpire;

namespace {

std::vector<std::string> badge_words(const desk::Desk& desk, const std::string& unit) {
    const model::Unit* u = desk.battle().find_unit(unit);
    REQUIRE(u);
    std::vector<std::string> out;
    for (const ui::Badge& b : ui::status_badges(desk.battle(), *u, &desk.ruleset())) out.push_back(b.word);
    return out;
}

bool has(const std::vector<std::string>& words, const std::string& word) {
    return std::find(words.begin(), words.end(), word) != words.end();
}

} // namespace

TEST_CASE("unit card: a rally test taken reads so beside [SHAKEN] or [ROUTED], never as [RALLIED]", "[ui][desk]") {
    test::ScratchDir dir;
    ui::Shell shell;
    shell.desk.emplace(test::demo_desk(dir, [](model::Battle& b) {
        for (auto& u : b.units)
            if (u.name == "Orakzai Riflemen" || u.name == "Ghazis") u.set(model::Flag::Shaken, true);
    }));
    desk::Desk& desk = *shell.desk;
    test::HeadlessUi ui(1280, 800);

    // A 1: routed. A 6: it rallies, still shaken by its losses (MacDuff 9.2). Either way the test is
    // what it took.
    for (const auto& [unit, die, state] : {std::tuple{"Orakzai Riflemen", "1", "[ROUTED]"},
                                           std::tuple{"Ghazis", "6", "[SHAKEN]"}}) {
        INFO(unit);
        REQUIRE(desk.select_unit(unit));
        REQUIRE(desk.choose_action("rally"));
        REQUIRE(desk.roll_typed(die));
        REQUIRE(desk.apply());
        const auto words = badge_words(desk, unit);
        REQUIRE(has(words, state));
        CHECK(has(words, "[RALLY TEST TAKEN]"));
        CHECK_FALSE(has(words, "[RALLIED]"));
    }
    ui.frames(shell, 2);  // the card draws them
}

TEST_CASE("unit card: a Featherstone unit that formed square on its Charged result says it is in square", "[ui][desk]") {
    test::ScratchDir dir;
    ui::Shell shell = test::sample_shell(dir, "featherstone-quatre-bras");
    desk::Desk& desk = *shell.desk;
    test::HeadlessUi ui(1280, 800);
    CHECK_FALSE(has(badge_words(desk, "1/28th Foot"), "[IN SQUARE]"));
    REQUIRE(desk.select_unit("1/28th Foot"));
    REQUIRE(desk.choose_action("morale"));
    desk.set_value("check", "charged");
    desk.set_value("response", "square");
    REQUIRE(desk.roll_typed("6"));
    INFO(desk.error());
    REQUIRE(desk.apply());
    const auto words = badge_words(desk, "1/28th Foot");
    CHECK(has(words, "[IN SQUARE]"));
    CHECK(has(words, "[REACTED]"));
    ui.frames(shell, 2);
}
