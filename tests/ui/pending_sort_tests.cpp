// Pending is sorted again after each change by asking only about the items the change can have
// moved (desk_pending_sort.cpp). Whatever the sequence of applies, undos, redos and dismissals,
// what it holds must be what sorting every item from the journal gives: a desk opened afresh on
// the same file, which reads Pending from the journal and asks about every item.
#include "ui_support.h"

#include "dice/dice_source.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <tuple>

using namespace umpire;

namespace {

// One item as compared: the entry that raised it, what it asks, and (dropped) why it is not due.
using Seen = std::tuple<std::int64_t, std::string, std::optional<int>, std::string, std::string, std::string>;

std::vector<Seen> seen_pending(const desk::Desk& desk) {
    std::vector<Seen> out;
    for (const desk::PendingItem& p : desk.pending())
        out.emplace_back(p.raised_by, p.follow_up.action, p.follow_up.unit, p.follow_up.owed, p.follow_up.reason, "");
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<Seen> seen_dropped(const desk::Desk& desk) {
    std::vector<Seen> out;
    for (const desk::Desk::Dropped& d : desk.dropped_pending())
        out.emplace_back(d.item.raised_by, d.item.follow_up.action, d.item.follow_up.unit, d.item.follow_up.owed,
                         d.item.follow_up.reason, d.reason);
    std::sort(out.begin(), out.end());
    return out;
}

// Casualties on one of the first units (few units: the same unit is hit again and again, so its
// rally tests are owed anew, superseded, and voided when it routs).
bool hit(desk::Desk& desk, std::mt19937& random) {
    std::vector<int> standing;
    for (const model::Unit& u : desk.battle().units)
        if (u.on_table() && standing.size() < 5) standing.push_back(u.id);
    if (standing.empty()) return false;
    const int unit = standing[random() % standing.size()];
    if (!desk.select_unit(unit) || !desk.choose_action("casualties")) return false;
    desk.set_value("hits", std::to_string(1 + random() % 6));
    desk.set_dice_text(std::to_string(1 + random() % 6) + " " + std::to_string(1 + random() % 6));
    if (!desk.roll()) {  // the dice typed do not fit: the app's
        desk.set_dice_text("");
        if (!desk.roll()) return false;
    }
    if (desk.question()) return false;
    return desk.apply();
}

// Takes a Pending item (a rally test, mostly) and applies it with dice from `random`.
bool answer(desk::Desk& desk, std::mt19937& random) {
    if (desk.pending().empty() || !desk.take_pending(random() % desk.pending().size())) return false;
    desk.set_dice_text(std::to_string(1 + random() % 6));
    if (!desk.roll() || desk.question()) {
        desk.set_dice_text("");
        desk.cancel();
        return false;
    }
    return desk.apply();
}

// The change both sequences below make most, by `what` (0-8): a hit (0-3), a test taken from
// Pending (4), an undo (5, 6) or a redo (7, 8). Whether it changed the battle.
bool hit_answer_undo_or_redo(desk::Desk& desk, std::mt19937& random, unsigned long what) {
    if (what < 4) return hit(desk, random);
    if (what < 5) return answer(desk, random);
    if (what < 7) return desk.undo();
    return desk.redo();
}

} // namespace

TEST_CASE("pending: sorted again only where a change can move it, Pending is what sorting every item gives",
          "[ui][pending]") {
    test::ScratchDir dir;
    // Every unit shaken: casualties oblige a rally test, owed anew by more casualties, paid by the
    // test, void once the unit routs.
    desk::Desk desk = test::demo_desk(dir, [](model::Battle& b) {
        for (auto& u : b.units) u.set(model::Flag::Shaken, true);
    });
    desk.set_dice_factory([] { return std::make_unique<test::ConstantDice>(2); });
    std::mt19937 random(1880);
    int changes = 0;
    std::size_t most_pending = 0;
    std::size_t most_dropped = 0;
    for (int step = 0; step < 200; ++step) {
        const auto what = random() % 10;
        bool changed = false;
        if (what < 9) {
            changed = hit_answer_undo_or_redo(desk, random, what);
        } else if (!desk.pending().empty()) {
            const std::size_t before = desk.pending().size();
            desk.dismiss_pending(random() % before);
            changed = desk.pending().size() < before;
        }
        desk.clear_error();
        if (!changed) continue;
        ++changes;
        most_pending = std::max(most_pending, desk.pending().size());
        most_dropped = std::max(most_dropped, desk.dropped_pending().size());
        const desk::Desk fresh = desk::Desk::open(desk.path());
        INFO("step " << step << " (" << what << "): " << desk.status());
        REQUIRE(seen_pending(desk) == seen_pending(fresh));
        REQUIRE(seen_dropped(desk) == seen_dropped(fresh));
    }
    // The sequence did what it is for: many changes, items owed and items dropped.
    CHECK(changes > 100);
    CHECK(most_pending >= 2);
    CHECK(most_dropped >= 1);
}

// The turn status's `owed` is brought up to date from the effects the desk wrote, only for the
// units they touch (turn/owed_ledger.h). Whatever the sequence of applies, undos, redos, turn
// steps and another desk's writes read again, it must be what a fresh status gives.
TEST_CASE("turn status: what the units owe, kept up to date change by change, is what asking every unit gives",
          "[ui][owed]") {
    test::ScratchDir dir;
    desk::Desk desk = test::demo_desk(dir, [](model::Battle& b) {
        for (auto& u : b.units) u.set(model::Flag::Shaken, true);
    });
    desk::Desk other = desk::Desk::open(desk.path());  // another program writing to the same file
    desk.set_dice_factory([] { return std::make_unique<test::ConstantDice>(2); });
    other.set_dice_factory([] { return std::make_unique<test::ConstantDice>(3); });
    REQUIRE(desk.has_turn());
    turn::TurnOptions options;
    options.seed = 7;
    REQUIRE(desk.configure_turn(options));
    std::mt19937 random(1815);
    int changes = 0;
    std::size_t most_owed = 0;
    for (int step = 0; step < 150; ++step) {
        const auto what = random() % 12;
        bool changed = false;
        if (what < 9) {
            changed = hit_answer_undo_or_redo(desk, random, what);
        } else if (what < 10) {
            changed = desk.next_phase(random() % 2 == 0);
        } else if (what < 11) {
            changed = desk.draw_card();
        } else {
            other.reload_if_changed();
            changed = hit(other, random) && desk.reload_if_changed();
        }
        desk.clear_error();
        if (!changed) continue;
        ++changes;
        const turn::TurnStatus fresh = turn::turn_status(desk.battle(), *desk.turn_rules());
        const turn::TurnStatus kept = desk.turn_status();
        INFO("step " << step << " (" << what << "): " << desk.status());
        REQUIRE(kept.owed.size() == fresh.owed.size());
        for (std::size_t i = 0; i < fresh.owed.size(); ++i) {
            CHECK(kept.owed[i].text == fresh.owed[i].text);
            CHECK(kept.owed[i].due == fresh.owed[i].due);
            CHECK(kept.owed[i].due_now == fresh.owed[i].due_now);
        }
        CHECK(kept.next == fresh.next);
        most_owed = std::max(most_owed, fresh.owed.size());
    }
    CHECK(changes > 80);
    CHECK(most_owed >= 2);
}
