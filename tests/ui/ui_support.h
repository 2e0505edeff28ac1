#pragma once
// Shared by the GUI tests: a demo battle in a scratch folder, and dice that always show one face.
#include "kit/deeds.h"
#include "desk/desk.h"
#include "roster/roster.h"
#include "store/battle_file.h"

#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>

namespace umpire::test {

// A folder under the system temp dir, removed with everything in it at the end of the test.
class ScratchDir {
public:
    ScratchDir() {
        static std::atomic<int> counter{0};
        const auto stamp = std::chrono::steady_clock::now().time_since_epoch().count();
        path_ = std::filesystem::temp_directory_path() /
                ("umpire-ui-test-" + std::to_string(stamp) + "-" + std::to_string(counter++));
        std::filesystem::create_directories(path_);
    }
    ~ScratchDir() {
        std::error_code ec;
        std::filesystem::remove_all(path_, ec);
    }
    ScratchDir(const ScratchDir&) = delete;
    ScratchDir& operator=(const ScratchDir&) = delete;
    std::string file(const std::string& name) const { return (path_ / name).string(); }

private:
    std::filesystem::path path_;
};

// The demo roster as a battle, optionally adjusted before the file is created.
inline desk::Desk demo_desk(const ScratchDir& dir,
                            const std::function<void(model::Battle&)>& adjust = {}) {
    model::Battle battle = roster::parse_roster(roster::demo_roster(), "demo");
    if (adjust) adjust(battle);
    return desk::Desk(store::BattleFile::create(dir.file("demo.umpire"), battle));
}

// Dice that always roll `face`: makes a roll's dice count independent of luck.
class ConstantDice final : public dice::DiceSource {
public:
    explicit ConstantDice(int face, std::size_t* counter = nullptr) : face_(face), counter_(counter) {}

protected:
    int next_value(std::string_view) override {
        if (counter_) ++*counter_;
        return face_;
    }

private:
    int face_;
    std::size_t* counter_;
};

// A roll of `hits` casualties on `unit` at the desk, the app's dice, not yet applied.
inline void roll_casualties(desk::Desk& desk, const std::string& unit, int hits) {
    REQUIRE(desk.select_unit(unit));
    REQUIRE(desk.choose_action("casualties"));
    desk.set_value("hits", std::to_string(hits));
    desk.set_dice_text("");
    REQUIRE(desk.roll());
}

// How many dice the desk's current request rolls when every die shows `face`: rolls with
// ConstantDice, reads the count, and drops the roll again.
inline std::size_t dice_needed(desk::Desk& desk, int face) {
    std::size_t n = 0;
    desk.set_dice_factory([face, &n] { return std::make_unique<ConstantDice>(face, &n); });
    const bool ok = desk.roll_app_dice();
    desk.set_dice_factory({});
    if (!ok || !desk.rolled()) return 0;
    desk.cancel();
    return n;
}

// The demo's sides and commanders with 500 units spread over them, some in trouble: the big
// battle of the screenshots and the frame benchmark.
inline void five_hundred_units(model::Battle& b) {
    const std::vector<model::Unit> originals = b.units;
    b.units.clear();
    for (int i = 1; i <= 500; ++i) {
        model::Unit u = originals[static_cast<std::size_t>(i) % originals.size()];
        u.id = i;
        u.name = u.name + " " + std::to_string(i);
        if (i % 7 == 0) u.set(model::Flag::Shaken, true);
        if (i % 11 == 0) u.set(model::Flag::NeedsRally, true);
        if (i % 13 == 0) u.figures = u.figures / 2;
        b.units.push_back(u);
    }
    rules::Resolution activated;
    for (const auto& u : b.units)
        if (u.id % 5 == 0) kit::record(b, activated, u, kit::Deed::Activated);
    b.apply(activated.effects);
}

inline std::string repeat_face(int face, std::size_t n) {
    std::string s;
    for (std::size_t i = 0; i < n; ++i) s += (i ? " " : "") + std::to_string(face);
    return s;
}

} // namespace umpire::test
