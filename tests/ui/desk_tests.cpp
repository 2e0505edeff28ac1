// The GUI's application state without any drawing: select, fill the form from the ruleset's
// declaration, roll typed dice, apply, undo, redo, follow-ups, and errors that change nothing.
#include "ui_support.h"

#include "rules/inputs.h"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace umpire;

namespace {

// Gives every declared Distance input without a value a short range, so the form is complete.
void fill_distances(desk::Desk& desk, const std::string& range = "10") {
    const rules::ActionSpec* spec = desk.action();
    REQUIRE(spec);
    for (const auto& in : spec->inputs)
        if (in.kind == rules::InputKind::Distance && desk.value(in.id).empty())
            desk.set_value(in.id, range);
}

const rules::InputSpec* first_input(const rules::ActionSpec& spec, rules::InputKind kind) {
    for (const auto& in : spec.inputs)
        if (in.kind == kind) return &in;
    return nullptr;
}

int figures(const desk::Desk& desk, int unit) {
    const model::Unit* u = desk.battle().unit(unit);
    REQUIRE(u);
    return u->figures;
}

// Sets up "Gordon Highlanders shoot at the Orakzai Riflemen" with the form complete; a second
// volley in the turn needs the umpire's overrule (a unit shoots once per turn).
int prepare_shot(desk::Desk& desk, const std::string& overrule = {}) {
    REQUIRE(desk.select_unit("Gordon Highlanders"));
    REQUIRE(desk.selected_unit()->name == "Gordon Highlanders");
    REQUIRE(desk.choose_action("shoot"));
    const model::Unit* target = desk.battle().find_unit("Orakzai Riflemen");
    REQUIRE(target);
    REQUIRE(desk.set_target(target->id));
    fill_distances(desk);
    if (!overrule.empty()) desk.set_overrule(overrule);
    INFO("preview error: " << desk.preview_error());
    REQUIRE(desk.preview());
    return target->id;
}

} // namespace

TEST_CASE("desk: selecting a unit fills the form from the ruleset's defaults") {
    test::ScratchDir dir;
    desk::Desk desk = test::demo_desk(dir);
    CHECK_FALSE(desk.unit());

    REQUIRE(desk.select_unit("Gordon"));  // a unique prefix is enough
    REQUIRE(desk.selected_unit());
    CHECK(desk.selected_unit()->name == "Gordon Highlanders");
    REQUIRE(desk.choose_action("shoot"));
    REQUIRE(desk.action());
    CHECK(desk.action()->id == "shoot");

    // Whatever the ruleset says the defaults are, the form shows exactly them.
    const auto defaults = desk.ruleset().defaults(*desk.action(), desk.battle(), desk.unit(), desk.target());
    for (const auto& [id, value] : defaults) {
        CHECK(desk.value(id) == value);
        CHECK_FALSE(desk.edited(id));
    }
    // Targets are enemy units on the table.
    const auto targets = desk.target_candidates();
    REQUIRE_FALSE(targets.empty());
    for (const model::Unit* t : targets) CHECK(t->side != desk.selected_unit()->side);

    CHECK_FALSE(desk.select_unit("Nobody At All"));
    CHECK_FALSE(desk.error().empty());
    CHECK(desk.selected_unit()->name == "Gordon Highlanders");  // unchanged
}

TEST_CASE("desk: shoot with typed dice then apply and undo and redo") {
    test::ScratchDir dir;
    desk::Desk desk = test::demo_desk(dir);
    const int target = prepare_shot(desk);
    const int before = figures(desk, target);
    const std::size_t journal_before = desk.journal().size();

    // The preview shows working and exact odds before anything is rolled.
    CHECK_FALSE(desk.preview()->rolled);
    CHECK_FALSE(desk.preview()->steps.empty());
    CHECK_FALSE(desk.preview()->odds.empty());

    const std::size_t n = test::dice_needed(desk, 6);
    REQUIRE(n > 0);
    const std::string typed = test::repeat_face(6, n);
    desk.set_dice_text(typed);
    REQUIRE(desk.roll());  // typed dice, because the Dice field is not blank
    INFO(desk.error());
    REQUIRE(desk.rolled());
    CHECK(desk.rolled()->resolution.rolled);
    CHECK(desk.rolled()->resolution.all_dice() == dice::TypedDice::parse(typed));
    CHECK(desk.can_apply());
    CHECK(figures(desk, target) == before);  // rolled, not yet applied
    CHECK(desk.journal().size() == journal_before);

    // Every die a 6: the target loses figures.
    const auto& effects = desk.rolled()->resolution.effects;
    const auto hit = std::find_if(effects.begin(), effects.end(), [&](const model::Effect& e) {
        return e.entity == model::Entity::Unit && e.id == target && e.field == "figures";
    });
    REQUIRE(hit != effects.end());
    const auto expected = hit->after;
    CHECK(expected < before);

    REQUIRE(desk.apply());
    CHECK(desk.error().empty());
    CHECK(figures(desk, target) == expected);
    CHECK_FALSE(desk.can_apply());
    CHECK(desk.dice_text().empty());
    REQUIRE(desk.journal().size() == journal_before + 1);
    const store::JournalLine entry = desk.journal().back();
    CHECK(entry.kind == store::EntryKind::Action);
    CHECK(entry.action == "shoot");
    CHECK(entry.dice == dice::TypedDice::parse(typed));
    CHECK(desk.rolled()->entry == entry.id);

    REQUIRE(desk.can_undo());
    REQUIRE(desk.undo());
    CHECK(desk.status() == "Undone: " + entry.summary);  // not "Undone: Undo: ..."
    CHECK(figures(desk, target) == before);
    CHECK(desk.journal().back().kind == store::EntryKind::Undo);
    const auto original = std::find_if(desk.journal().begin(), desk.journal().end(),
                                       [&](const store::JournalLine& e) { return e.id == entry.id; });
    REQUIRE(original != desk.journal().end());
    CHECK(original->undone);

    REQUIRE(desk.can_redo());
    REQUIRE(desk.redo());
    CHECK(desk.status() == "Redone: " + entry.summary);
    CHECK(figures(desk, target) == expected);
    CHECK(desk.journal().back().kind == store::EntryKind::Redo);

    // The file on disk agrees: reopen it.
    const std::string path = desk.path();
    desk::Desk reopened = desk::Desk::open(path);
    CHECK(figures(reopened, target) == expected);
    CHECK(reopened.journal().size() == desk.journal().size());
}

TEST_CASE("desk: bad input and bad dice become a message and change nothing") {
    test::ScratchDir dir;
    desk::Desk desk = test::demo_desk(dir);
    const int target = prepare_shot(desk);
    const int before = figures(desk, target);
    const std::size_t journal_before = desk.journal().size();

    SECTION("apply with nothing rolled") {
        CHECK_FALSE(desk.apply());
        CHECK_FALSE(desk.error().empty());
    }
    SECTION("dice that are not dice") {
        CHECK_FALSE(desk.roll_typed("6 x 5"));
        CHECK_FALSE(desk.error().empty());
        CHECK_FALSE(desk.rolled());
        CHECK_FALSE(desk.roll_typed("6 9 5"));
        CHECK_FALSE(desk.error().empty());
    }
    SECTION("too many typed dice") {
        const std::size_t n = test::dice_needed(desk, 6);
        REQUIRE(n > 0);
        CHECK_FALSE(desk.roll_typed(test::repeat_face(6, n + 5)));
        CHECK_FALSE(desk.error().empty());
        CHECK_FALSE(desk.rolled());
    }
    SECTION("a range that is not a distance") {
        const rules::InputSpec* range = first_input(*desk.action(), rules::InputKind::Distance);
        if (!range) return;  // shoot declares no distance: nothing to check here
        desk.set_value(range->id, "abc");
        CHECK_FALSE(desk.preview());
        CHECK_FALSE(desk.preview_error().empty());
        CHECK_FALSE(desk.roll_typed("6"));
        CHECK_FALSE(desk.error().empty());
        CHECK_FALSE(desk.rolled());
    }
    SECTION("a figure count out of bounds") {
        const rules::InputSpec* count = first_input(*desk.action(), rules::InputKind::Count);
        if (!count || count->max <= count->min) return;
        desk.set_value(count->id, std::to_string(count->max + 1000));
        CHECK_FALSE(desk.preview());
        CHECK_FALSE(desk.roll());
        CHECK_FALSE(desk.error().empty());
    }
    CHECK(figures(desk, target) == before);
    CHECK(desk.journal().size() == journal_before);

    // The message goes once something succeeds.
    desk.reset_form();
    fill_distances(desk);
    desk.set_dice_factory([] { return std::make_unique<test::ConstantDice>(1); });
    CHECK(desk.roll());
    CHECK(desk.error().empty());
}

TEST_CASE("desk: editing the form and its modifiers and resetting it") {
    test::ScratchDir dir;
    desk::Desk desk = test::demo_desk(dir);
    prepare_shot(desk);
    const rules::ActionSpec& spec = *desk.action();

    if (const rules::InputSpec* mods = first_input(spec, rules::InputKind::Modifiers);
        mods && !mods->choices.empty()) {
        const std::string& c = mods->choices.front().id;
        const bool was = desk.modifier_on(mods->id, c);
        desk.set_modifier(mods->id, c, !was);
        CHECK(desk.modifier_on(mods->id, c) == !was);
        CHECK(desk.edited(mods->id));
        CHECK(desk.request().values.count(mods->id) == 1);
        desk.set_modifier(mods->id, c, was);
        CHECK(desk.modifier_on(mods->id, c) == was);
    }
    if (const rules::InputSpec* count = first_input(spec, rules::InputKind::Count)) {
        desk.set_value(count->id, std::to_string(std::max(count->min, 1)));
        CHECK(desk.edited(count->id));
        CHECK(desk.request().values.at(count->id) == std::to_string(std::max(count->min, 1)));
    }
    desk.reset_form();
    for (const auto& in : spec.inputs) CHECK_FALSE(desk.edited(in.id));

    // A roll is dropped when the form changes under it: it was for other inputs.
    fill_distances(desk);
    desk.set_dice_factory([] { return std::make_unique<test::ConstantDice>(4); });
    REQUIRE(desk.roll());
    REQUIRE(desk.can_apply());
    if (const rules::InputSpec* count = first_input(spec, rules::InputKind::Count)) {
        desk.set_value(count->id, std::to_string(std::max(count->min, 1)));
        CHECK_FALSE(desk.can_apply());
    }
    // Esc drops a roll without touching the battle.
    REQUIRE(desk.roll());
    desk.cancel();
    CHECK_FALSE(desk.rolled());

    // So does an undo: the roll was worked out against a state that is gone.
    REQUIRE(desk.roll());
    REQUIRE(desk.apply());
    fill_distances(desk);  // applying returns the form to the defaults, which have no range
    desk.set_overrule("a second volley, for the test");  // a unit shoots once per turn (7.1)
    INFO(desk.error());
    REQUIRE(desk.roll());
    REQUIRE(desk.can_apply());
    REQUIRE(desk.undo());
    CHECK_FALSE(desk.can_apply());
}

TEST_CASE("desk: a follow-up rally goes to Pending and can be resolved") {
    test::ScratchDir dir;
    // A shaken target that takes casualties must test to rally.
    desk::Desk desk = test::demo_desk(dir, [](model::Battle& b) {
        for (auto& u : b.units)
            if (u.name == "Orakzai Riflemen") u.set(model::Flag::Shaken, true);
    });
    const int target = prepare_shot(desk);
    const std::size_t n = test::dice_needed(desk, 6);
    REQUIRE(n > 0);
    REQUIRE(desk.roll_typed(test::repeat_face(6, n)));
    REQUIRE(desk.apply());

    INFO("follow-ups from the shot: " << desk.rolled()->resolution.follow_ups.size());
    REQUIRE_FALSE(desk.pending().empty());
    const auto it = std::find_if(desk.pending().begin(), desk.pending().end(), [&](const desk::PendingItem& p) {
        return p.follow_up.action == "rally" && p.follow_up.unit == target;
    });
    REQUIRE(it != desk.pending().end());
    const std::size_t index = static_cast<std::size_t>(it - desk.pending().begin());
    const std::int64_t raised_by = it->raised_by;
    const std::size_t pending_before = desk.pending().size();

    REQUIRE(desk.take_pending(index));
    CHECK(desk.unit() == target);
    REQUIRE(desk.action());
    CHECK(desk.action()->id == "rally");
    CHECK(desk.active_pending() == index);

    INFO("rally preview: " << desk.preview_error());
    const std::size_t rally_dice = test::dice_needed(desk, 6);
    REQUIRE(rally_dice > 0);
    REQUIRE(desk.roll_typed(test::repeat_face(6, rally_dice)));
    REQUIRE(desk.apply());
    CHECK(desk.journal().back().action == "rally");
    // Resolved: the item is gone (the rally itself may oblige nothing further).
    const auto still = std::count_if(desk.pending().begin(), desk.pending().end(), [&](const desk::PendingItem& p) {
        return p.follow_up.action == "rally" && p.follow_up.unit == target &&
               p.raised_by == raised_by;
    });
    CHECK(still == 0);
    CHECK(desk.pending().size() <= pending_before - 1 + desk.rolled()->resolution.follow_ups.size());

    // Undoing the rally brings the item back; undoing the shot too takes it away for good.
    REQUIRE(desk.undo());
    CHECK(std::any_of(desk.pending().begin(), desk.pending().end(), [&](const desk::PendingItem& p) {
        return p.follow_up.action == "rally" && p.follow_up.unit == target;
    }));
    REQUIRE(desk.undo());
    CHECK(std::none_of(desk.pending().begin(), desk.pending().end(), [&](const desk::PendingItem& p) {
        return p.follow_up.action == "rally" && p.follow_up.unit == target;
    }));
}

TEST_CASE("desk: a pending item can be dismissed") {
    test::ScratchDir dir;
    desk::Desk desk = test::demo_desk(dir, [](model::Battle& b) {
        for (auto& u : b.units)
            if (u.name == "Orakzai Riflemen") u.set(model::Flag::Shaken, true);
    });
    prepare_shot(desk);
    const std::size_t n = test::dice_needed(desk, 6);
    REQUIRE(desk.roll_typed(test::repeat_face(6, n)));
    REQUIRE(desk.apply());
    REQUIRE_FALSE(desk.pending().empty());
    const std::size_t count = desk.pending().size();
    desk.dismiss_pending(0);
    CHECK(desk.pending().size() == count - 1);
}

TEST_CASE("desk: opening something that is not a battle is refused") {
    test::ScratchDir dir;
    CHECK_THROWS_AS(desk::Desk::open(dir.file("missing.umpire")), store::StoreError);
    CHECK_THROWS(desk::Desk::create_from_roster(dir.file("bad.umpire"), "format = \"nope\"", "bad.toml"));
    desk::Desk made = desk::Desk::create_from_roster(dir.file("new.umpire"), roster::demo_roster(), "demo");
    CHECK(made.battle().units.size() > 0);
    // The file exists now: creating over it is refused.
    CHECK_THROWS_AS(desk::Desk::create_from_roster(dir.file("new.umpire"), roster::demo_roster(), "demo"),
                    store::StoreError);
}

TEST_CASE("desk: Pending outlives the session: read back from the journal, dismissals included") {
    test::ScratchDir dir;
    std::string path;
    int target = 0;
    const auto owed = [&target](const desk::Desk& d) {
        return std::count_if(d.pending().begin(), d.pending().end(), [&](const desk::PendingItem& p) {
            return p.follow_up.action == "rally" && p.follow_up.unit == target;
        });
    };
    {
        desk::Desk desk = test::demo_desk(dir, [](model::Battle& b) {
            for (auto& u : b.units)
                if (u.name == "Orakzai Riflemen") u.set(model::Flag::Shaken, true);
        });
        path = desk.path();
        target = prepare_shot(desk);
        const std::size_t n = test::dice_needed(desk, 6);
        REQUIRE(desk.roll_typed(test::repeat_face(6, n)));
        REQUIRE(desk.apply());
        REQUIRE(owed(desk) == 1);
    }
    {
        // Another evening: the rally test is still owed; resolving it clears it for good.
        desk::Desk desk = desk::Desk::open(path);
        REQUIRE(owed(desk) == 1);
        const auto it = std::find_if(desk.pending().begin(), desk.pending().end(),
                                     [&](const desk::PendingItem& p) { return p.follow_up.action == "rally"; });
        REQUIRE(desk.take_pending(static_cast<std::size_t>(it - desk.pending().begin())));
        const std::size_t rally_dice = test::dice_needed(desk, 6);
        REQUIRE(desk.roll_typed(test::repeat_face(6, rally_dice)));
        REQUIRE(desk.apply());
        CHECK(owed(desk) == 0);
    }
    {
        desk::Desk desk = desk::Desk::open(path);
        CHECK(owed(desk) == 0);
        // Undoing the rally, made in an earlier session, puts the test back in Pending.
        REQUIRE(desk.undo());
        REQUIRE(owed(desk) == 1);
        // Dismissed, it stays dismissed after reopening; Ctrl+Z brings it back.
        const auto it = std::find_if(desk.pending().begin(), desk.pending().end(),
                                     [&](const desk::PendingItem& p) { return p.follow_up.action == "rally"; });
        desk.dismiss_pending(static_cast<std::size_t>(it - desk.pending().begin()));
        CHECK(owed(desk) == 0);
        CHECK(desk.journal().back().action == desk::kDismissAction);
    }
    {
        desk::Desk desk = desk::Desk::open(path);
        CHECK(owed(desk) == 0);
        REQUIRE(desk.undo());
        CHECK(owed(desk) == 1);
    }
}

TEST_CASE("desk: Pending read back knows which of two like prompts was answered") {
    test::ScratchDir dir;
    std::string path;
    int target = 0;
    std::int64_t first_test = 0;
    std::int64_t second_shot = 0;
    std::int64_t third_test = 0;
    const auto rallies_owed = [&target](const desk::Desk& d) {
        std::vector<std::int64_t> raised;
        for (const auto& p : d.pending())
            if (p.follow_up.action == "rally" && p.follow_up.unit == target) raised.push_back(p.raised_by);
        return raised;
    };
    {
        desk::Desk desk = test::demo_desk(dir, [](model::Battle& b) {
            for (auto& u : b.units)
                if (u.name == "Orakzai Riflemen") u.set(model::Flag::Shaken, true);
        });
        path = desk.path();
        // One hit a volley, so the riflemen are still there for the second.
        const auto shoot_once = [&](const std::string& overrule) {
            target = prepare_shot(desk, overrule);
            const std::size_t n = test::dice_needed(desk, 6);
            REQUIRE(desk.roll_typed("6 " + test::repeat_face(1, n - 1)));
            REQUIRE(desk.apply());
            INFO("volley: " << desk.rolled()->resolution.outcome);
            return desk.journal().back().id;
        };
        const auto take_rally = [&](std::int64_t raised_by, const std::string& die) {
            const auto it = std::find_if(desk.pending().begin(), desk.pending().end(), [&](const desk::PendingItem& p) {
                return p.follow_up.action == "rally" && p.raised_by == raised_by;
            });
            REQUIRE(it != desk.pending().end());
            REQUIRE(desk.take_pending(static_cast<std::size_t>(it - desk.pending().begin())));
            REQUIRE(desk.roll_typed(die));
            REQUIRE(desk.apply());
            return desk.journal().back().id;
        };
        // The first volley owes a rally test (9.2); taken, a 3 retreats, and the test owes another
        // next turn (9.3). A second volley owes one again: two like prompts, raised by two entries.
        const std::int64_t first_shot = shoot_once("");
        first_test = take_rally(first_shot, "3");
        second_shot = shoot_once("a second volley, for the test");
        INFO("figures left: " << figures(desk, target));
        REQUIRE(rallies_owed(desk) == std::vector<std::int64_t>{first_test, second_shot});

        // The umpire works the second prompt, not the first: a 3 again. That test pays both (a
        // rally test pays what the unit owes of it) and owes the next turn's anew: one prompt, the
        // latest test's, not the first test's as well.
        third_test = take_rally(second_shot, "3");
        CHECK(rallies_owed(desk) == std::vector<std::int64_t>{third_test});
    }
    // Reopened, the prompt still owed is the same.
    desk::Desk desk = desk::Desk::open(path);
    CHECK(rallies_owed(desk) == std::vector<std::int64_t>{third_test});
}
