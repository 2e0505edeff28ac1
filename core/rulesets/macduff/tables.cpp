#include "rulesets/macduff/tables.h"

#include "kit/table_reader.h"
#include "rules/inputs.h"
#include "rulesets/macduff/mechanics.h"

#include <algorithm>

namespace umpire::embedded {
std::string_view macduff_tables();
std::string_view macduff_tables_compiled();  // its compiled form (rules/compiled_toml.h)
}

namespace umpire::macduff {

std::string_view reference_text() { return embedded::macduff_tables(); }

namespace detail {
// The tables of the rules beyond the shooting, melee and rally slice (tables_rules.cpp).
void read_rules_tables(const kit::TableReader& top, Tables& t);
} // namespace detail

namespace {

using kit::each_entry;
using kit::TableReader;

constexpr int kFormatVersion = 1;

Modifier read_modifier(const TableReader& r) {
    Modifier m;
    m.id = r.text("id");
    m.name = r.text("name");
    m.value = r.integer("value", 0);
    m.reroll_misses = r.flag("reroll_misses");
    m.artillery_only = r.flag("artillery_only");
    m.group = r.text("group", std::string{});
    m.cover = r.flag("cover");
    m.first_fire = r.flag("first_fire");
    m.citation = r.text("citation", std::string{});
    m.help = r.text("help", std::string{});
    return m;
}

} // namespace

Tables read_tables(const kit::Reference& reference) {
    const TableReader top = TableReader::top(reference, kFormatVersion);
    Tables t;
    t.name = top.text("name");
    for (const auto& [key, value] : top.table("troop_types").raw())
        t.troop_types[std::string(key.str())] = value.value_or(std::string(key.str()));

    for (const auto& [key, value] : top.table("traits").raw())
        t.traits[std::string(key.str())] = value.value_or(std::string(key.str()));

    const TableReader qualities = top.table("qualities");
    for (const auto& [key, value] : qualities.raw()) {
        (void)value;
        const TableReader r = qualities.table(key.str());
        Quality q;
        q.id = std::string(key.str());
        q.name = r.text("name");
        const auto [numerator, denominator] = r.fraction("shaken_loss", {0, 0});
        if (denominator == 0) r.fail_at("shaken_loss", "expected a fraction [numerator, denominator]");
        q.shaken_numerator = numerator;
        q.shaken_denominator = denominator;
        q.rally_modifier = r.integer("rally_modifier", 0);
        t.qualities.push_back(q);
    }

    const TableReader shoot = top.table("shooting");
    t.shooting.citation = shoot.text("citation");
    t.shooting.figures_per_die = shoot.positive("figures_per_die");
    t.shooting.gunners_per_die = shoot.positive("gunners_per_die");
    t.shooting.long_range_divisor = shoot.positive("long_range_divisor");
    t.shooting.shaken_divisor = shoot.positive("shaken_divisor");
    t.shooting.hit_on = shoot.integer("hit_on");
    t.shooting.formed_infantry_ranks = shoot.positive("formed_infantry_ranks");
    t.shooting.other_ranks = shoot.positive("other_ranks");
    t.shooting.dense_behind_range = shoot.non_negative("dense_behind_range");
    t.shooting.behind_needs_dense_target = shoot.flag("behind_needs_dense_target", true);
    t.shooting.fire_on = shoot.face("fire_on");
    each_entry(shoot, "weapons", [&](const TableReader& r) {
        Weapon weapon;
        weapon.id = r.text("id");
        weapon.name = r.text("name");
        weapon.close = r.integer("close");
        weapon.long_range = r.integer("long", 0);
        weapon.crew_served = r.flag("crew_served");
        weapon.indirect = r.flag("indirect");
        weapon.ignores_cover = r.flag("ignores_cover");
        weapon.rogue_on = r.integer("rogue_on", 0);
        weapon.note = r.text("note", std::string{});
        if (weapon.close < 0 || weapon.long_range < 0 ||
            (weapon.long_range > 0 && weapon.long_range < weapon.close))
            r.fail("ranges must be 0 or more and long at least close");
        t.shooting.weapons.push_back(weapon);
    });
    each_entry(shoot, "modifiers", [&](const TableReader& m) { t.shooting.modifiers.push_back(read_modifier(m)); });

    const TableReader melee = top.table("melee");
    t.melee.citation = melee.text("citation");
    t.melee.figures_per_die = melee.positive("figures_per_die");
    t.melee.shaken_divisor = melee.positive("shaken_divisor");
    t.melee.hit_on = melee.integer("hit_on");
    t.melee.formed_ranks = melee.positive("formed_ranks");
    t.melee.unformed_ranks = melee.positive("unformed_ranks");
    each_entry(melee, "modifiers", [&](const TableReader& m) { t.melee.modifiers.push_back(read_modifier(m)); });

    const TableReader rally = top.table("rally");
    t.rally.citation = rally.text("citation");
    t.rally.joined_commander_modifier = rally.integer("joined_commander_modifier");
    each_entry(rally, "results", [&](const TableReader& r) {
        t.rally.results.push_back({r.integer("min"), r.text("id"), r.text("name"), r.text("text")});
    });
    std::sort(t.rally.results.begin(), t.rally.results.end(),
              [](const RallyResult& a, const RallyResult& b) { return a.min > b.min; });
    if (t.rally.results.empty()) rally.fail("results: at least one row is needed");
    detail::read_rules_tables(top, t);
    t.choices = kit::read_player_choices(top);
    return t;
}

kit::Reference load_reference(std::string_view house_rules) {
    return kit::load_reference(reference_text(), "reference/macduff/tables.toml", house_rules,
                              embedded::macduff_tables_compiled());
}

Tables load_tables(std::string_view house_rules) { return read_tables(load_reference(house_rules)); }

using kit::by_id;

const Weapon* Tables::weapon(std::string_view id) const { return by_id(shooting.weapons, id); }
const Quality* Tables::quality(std::string_view id) const { return by_id(qualities, id); }
const Modifier* Tables::shooting_modifier(std::string_view id) const { return by_id(shooting.modifiers, id); }
const Modifier* Tables::melee_modifier(std::string_view id) const { return by_id(melee.modifiers, id); }

const RallyResult& Tables::rally_result(int modified_score) const {
    for (const auto& r : rally.results)
        if (modified_score >= r.min) return r;
    return rally.results.back();
}

const RollResult& Tables::steady_men_result(int die) const {
    for (const auto& r : commanders.steady_men)
        if (die >= r.min) return r;
    return commanders.steady_men.back();
}

const MoveRow* Tables::move_row(std::string_view id) const { return by_id(movement.rows, id); }
const Ground* Tables::ground(std::string_view id) const { return by_id(terrain.grounds, id); }
const Task* Tables::task(std::string_view id) const { return by_id(engineering.tasks, id); }
const DemolitionTarget* Tables::demolition_target(std::string_view id) const {
    return by_id(engineering.demolition_targets, id);
}
const BreachGun* Tables::breach_gun(std::string_view id) const { return by_id(breaching.guns, id); }
const NominateCard* Tables::nominate_card(std::string_view id) const { return by_id(chance.nominate, id); }
const NominateCard* Tables::extra_die_card() const {
    for (const auto& c : chance.nominate)
        if (c.effect == "extra-melee-die") return &c;
    return nullptr;
}

const NominateCard* Tables::activate_card() const {
    for (const auto& c : chance.nominate)
        if (c.effect == "activate") return &c;
    return nullptr;
}

const std::string& Ground::mode_for(const std::string& terrain_class) const {
    auto it = modes.find(terrain_class);
    return it == modes.end() ? other : it->second;
}

} // namespace umpire::macduff
