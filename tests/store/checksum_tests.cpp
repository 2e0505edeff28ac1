// The state checksum is part of the file format: every battle file's seal holds it, and a file
// opens read-only as damaged when its state does not hash to it. These pin it to its definition,
// written out here byte by byte (checksum.h): a change to how the store hashes must not change
// what it hashes to, or every battle written before would read as damaged.
#include "store/checksum.h"

#include "store_support.h"

#include <catch2/catch.hpp>

#define XXH_INLINE_ALL
#include <xxhash.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>

using namespace umpire;
using namespace umpire::testing;

namespace {

// The encoding spelled out: a type byte, then 8 little-endian bytes, or an 8-byte length and
// the bytes.
class Encoding {
public:
    void tag(char t) { bytes_ += t; }
    void number(std::int64_t v) {
        tag('i');
        raw(static_cast<std::uint64_t>(v));
    }
    void text(const std::string& s) {
        tag('s');
        raw(s.size());
        bytes_ += s;
    }
    void null() { tag('n'); }
    void real(double d) {
        std::uint64_t bits = 0;
        std::memcpy(&bits, &d, sizeof d);
        tag('r');
        raw(bits);
    }
    void optional_id(const std::optional<int>& id) {
        if (id)
            number(*id);
        else
            null();
    }
    // Counters by meaning: those at 0 are left out.
    void counters(const std::map<std::string, int>& map) {
        std::int64_t held = 0;
        for (const auto& [key, value] : map) held += value != 0;
        number(held);
        for (const auto& [key, value] : map)
            if (value != 0) {
                text(key);
                number(value);
            }
    }
    std::uint64_t digest() const { return XXH64(bytes_.data(), bytes_.size(), 0); }

private:
    void raw(std::uint64_t v) {
        for (int i = 0; i < 8; ++i) bytes_ += static_cast<char>(static_cast<unsigned char>(v >> (8 * i)));
    }
    std::string bytes_;
};

std::uint64_t by_definition(const model::Battle& b) {
    Encoding e;
    e.tag('B');
    e.text(b.name);
    e.text(b.ruleset);
    e.text(b.distance_unit);
    e.real(b.distance_scale);
    e.text(b.house_rules);
    e.number(b.turn);
    e.counters(b.counters);
    e.number(static_cast<std::int64_t>(b.texts.size()));
    for (const auto& [key, value] : b.texts) {
        e.text(key);
        e.text(value);
    }
    e.number(static_cast<std::int64_t>(b.sides.size()));
    for (const auto& s : b.sides) {
        e.number(s.id);
        e.text(s.name);
        e.text(s.colour);
        e.counters(s.counters);
    }
    e.number(static_cast<std::int64_t>(b.commanders.size()));
    for (const auto& c : b.commanders) {
        e.number(c.id);
        e.text(c.name);
        e.number(c.side);
        e.number(c.is_general);
        e.optional_id(c.attached_unit);
        e.text(std::string(model::commander_status_id(c.status)));
    }
    e.number(static_cast<std::int64_t>(b.units.size()));
    for (const auto& u : b.units) {
        e.number(u.id);
        e.text(u.name);
        e.number(u.side);
        e.optional_id(u.commander);
        e.text(u.troop_type);
        e.text(u.quality);
        e.text(u.weapon);
        e.number(u.formed);
        e.number(u.start_figures);
        e.number(u.figures);
        e.number(u.hits);
        e.number(u.hit_capacity);
        std::int64_t bits = 0;  // bit i: kAllFlags[i] held
        for (std::size_t i = 0; i < std::size(model::kAllFlags); ++i)
            if (u.has(model::kAllFlags[i])) bits |= std::int64_t{1} << i;
        e.number(bits);
        e.counters(u.counters);
        e.number(static_cast<std::int64_t>(u.traits.size()));
        for (const auto& [key, value] : u.traits) {
            e.text(key);
            e.text(value);
        }
    }
    return e.digest();
}

} // namespace

TEST_CASE("store: the state checksum is XXH64 of the state's values encoded as the file format defines") {
    model::Battle b = sample_battle();
    b.counters = {{"wind", 3}, {"calm", 0}};
    b.texts["turn"] = "{\"phase\": 2}";
    b.sides[0].counters = {{"morale", 12}};
    b.commanders[1].attached_unit = 1;
    b.commanders[2].status = model::CommanderStatus::Killed;
    b.units[0].flags[model::Flag::Shaken] = true;
    b.units[0].flags[model::Flag::Routed] = false;  // held false: the same as absent
    b.units[0].counters = {{"owed:rally", 2}, {"spent", 0}};
    b.units[1].traits["note"] = "Ünïcödé";
    b.units[2].commander.reset();
    // Texts of every length around the hasher's 16 KB buffer: each unit's values are written
    // after one check for room when they fit, one by one when they do not.
    const std::size_t length = GENERATE(std::size_t{0}, std::size_t{15}, std::size_t{16000}, std::size_t{16384},
                                        std::size_t{40000});
    b.units[1].name = std::string(length, 'x');
    b.units[2].weapon = std::string(length / 2, 'w');
    CAPTURE(length);
    CHECK(store::detail::state_checksum(b) == by_definition(b));
}

TEST_CASE("store: a change to any of a unit's values changes the state checksum") {
    const model::Battle b = sample_battle();
    const std::uint64_t before = store::detail::state_checksum(b);
    const auto changed = [&](auto change) {
        model::Battle c = b;
        change(c.units[1]);
        return store::detail::state_checksum(c);
    };
    CHECK(changed([](model::Unit& u) { u.figures += 1; }) != before);
    CHECK(changed([](model::Unit& u) { u.hits += 1; }) != before);
    CHECK(changed([](model::Unit& u) { u.name += "x"; }) != before);
    CHECK(changed([](model::Unit& u) { u.commander = 99; }) != before);
    CHECK(changed([](model::Unit& u) { u.formed = !u.formed; }) != before);
    CHECK(changed([](model::Unit& u) { u.flags[model::Flag::Pinned] = true; }) != before);
    CHECK(changed([](model::Unit& u) { u.counters["ammo"] = 1; }) != before);
    CHECK(changed([](model::Unit& u) { u.traits["shock"] = "yes"; }) != before);
    // By meaning: a flag held false and a counter at 0 are as if absent.
    CHECK(changed([](model::Unit& u) { u.flags[model::Flag::Pinned] = false; }) == before);
    CHECK(changed([](model::Unit& u) { u.counters["ammo"] = 0; }) == before);
}

TEST_CASE("store: the state checksum kept unit by unit is the whole one after every change, a unit moved in the roster or a write put back") {
    model::Battle b = sample_battle();
    store::detail::StateChecksums sums;
    REQUIRE(sums.of(b) == store::detail::state_checksum(b));
    std::mt19937 rng(33);
    auto pick = [&](int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng); };
    const std::vector<std::string> words{"Gordons", "Highlanders", "veteran", "Martini-Henry", "élite", ""};
    for (int i = 0; i < 400; ++i) {
        const model::Unit& u = b.units[static_cast<std::size_t>(pick(static_cast<int>(b.units.size())))];
        std::vector<model::Effect> effects;
        switch (pick(7)) {
        case 0: effects.push_back(unit_effect(u.id, "figures", u.figures, u.figures > 0 ? u.figures - 1 : 1)); break;
        case 1: {
            const bool on = u.flags.count(model::Flag::Shaken) && u.flags.at(model::Flag::Shaken);
            effects.push_back(unit_effect(u.id, "flag:shaken", on, !on));
            break;
        }
        case 2: {
            const auto it = u.counters.find("ammo");
            const int now = it == u.counters.end() ? 0 : it->second;
            effects.push_back(unit_effect(u.id, "counter:ammo", now, (now + 1) % 3));
            break;
        }
        case 3:
            effects.push_back(model::text_effect(model::Entity::Unit, u.id, "name", u.name, words[pick(5)] + " " +
                                                 std::to_string(i), "renamed"));
            break;
        case 4: {
            const auto it = u.traits.find("note");
            effects.push_back(model::text_effect(model::Entity::Unit, u.id, "trait:note",
                                                 it == u.traits.end() ? std::nullopt : std::optional(it->second),
                                                 words[pick(6)], "noted"));
            break;
        }
        case 5: effects.push_back(turn_effect(b.turn, b.turn + 1)); break;  // the battle's own values, not a unit's
        default: {
            // A detachment leaves (or rejoins) the roster: every unit is taken again.
            if (const model::Unit* d = b.unit(5)) {
                const auto place = std::find_if(b.units.begin(), b.units.end(), [](const model::Unit& x) { return x.id == 5; });
                model::Effect gone = unit_effect(5, "roster-place", place - b.units.begin() + 1, 0);
                gone.unit = *d;
                effects.push_back(gone);
            } else {
                model::Effect made = unit_effect(5, "roster-place", 0, 2);
                made.unit = detachment_of_gordons(b);
                effects.push_back(made);
            }
        }
        }
        b.apply(effects);
        if (i % 10 == 9) {
            // A write that did not happen: put back, forgotten, the next sum taken afresh.
            b.revert(effects);
            sums.forget();
            CHECK(sums.after(b, {}) == store::detail::state_checksum(b));
            continue;
        }
        CHECK(sums.after(b, effects) == store::detail::state_checksum(b));
    }
}
