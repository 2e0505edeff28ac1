#include "rulesets/macduff/tables.h"

#include "rules/inputs.h"
#include "rules/reference.h"

#include "rulesets/macduff/toml_reader.h"

#include <toml++/toml.h>

#include <algorithm>
#include <sstream>

namespace umpire::embedded {
std::string_view macduff_tables();
}

namespace umpire::macduff {

using rules::InputError;

std::string_view reference_text() { return embedded::macduff_tables(); }

namespace detail {
// The tables of the rules beyond the shooting, melee and rally slice (tables_rules.cpp).
void read_rules_tables(const Reader& top, Tables& t);
} // namespace detail

namespace {

using detail::each_table;
using detail::Reader;

constexpr std::int64_t kFormatVersion = 1;

Modifier read_modifier(const toml::table& t, const std::string& ctx) {
    Reader r(t, ctx);
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

Tables read_tables(const toml::table& root) {
    Reader top(root, "macduff");
    if (top.text("format") != "umpire-reference")
        throw InputError("house rules", "reference tables: format must be \"umpire-reference\"");
    if (top.integer("version") > kFormatVersion)
        throw InputError("house rules", "reference tables are a newer format than this build reads");

    Tables t;
    t.name = top.text("name");
    for (const auto& [key, value] : top.table("troop_types"))
        t.troop_types[std::string(key.str())] = value.value_or(std::string(key.str()));

    for (const auto& [key, value] : top.table("traits"))
        t.traits[std::string(key.str())] = value.value_or(std::string(key.str()));

    for (const auto& [key, value] : top.table("qualities")) {
        std::string ctx = "qualities." + std::string(key.str());
        if (!value.is_table()) throw InputError("house rules", ctx + ": must be a table");
        Reader r(*value.as_table(), ctx);
        Quality q;
        q.id = std::string(key.str());
        q.name = r.text("name");
        const auto& loss = r.array("shaken_loss");
        if (loss.size() != 2 || !loss[0].is_integer() || !loss[1].is_integer() ||
            *loss[1].value<std::int64_t>() <= 0)
            throw InputError("house rules", ctx + ".shaken_loss: expected a fraction [numerator, denominator]");
        q.shaken_numerator = static_cast<int>(*loss[0].value<std::int64_t>());
        q.shaken_denominator = static_cast<int>(*loss[1].value<std::int64_t>());
        q.rally_modifier = r.integer("rally_modifier", 0);
        t.qualities.push_back(q);
    }

    Reader shoot(top.table("shooting"), "shooting");
    t.shooting.citation = shoot.text("citation");
    t.shooting.figures_per_die = shoot.positive("figures_per_die");
    t.shooting.gunners_per_die = shoot.positive("gunners_per_die");
    t.shooting.long_range_divisor = shoot.positive("long_range_divisor");
    t.shooting.shaken_divisor = shoot.positive("shaken_divisor");
    t.shooting.hit_on = shoot.integer("hit_on");
    t.shooting.formed_infantry_ranks = shoot.positive("formed_infantry_ranks");
    t.shooting.other_ranks = shoot.positive("other_ranks");
    t.shooting.dense_behind_range = shoot.non_negative("dense_behind_range");
    t.shooting.fire_on = shoot.face("fire_on");
    each_table(shoot, "weapons", [&](const toml::table& w, const std::string& ctx) {
        Reader r(w, ctx);
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
            throw InputError("house rules", ctx + " (" + weapon.id +
                                                "): ranges must be 0 or more and long at least close");
        t.shooting.weapons.push_back(weapon);
    });
    each_table(shoot, "modifiers", [&](const toml::table& m, const std::string& ctx) {
        t.shooting.modifiers.push_back(read_modifier(m, ctx));
    });

    Reader melee(top.table("melee"), "melee");
    t.melee.citation = melee.text("citation");
    t.melee.figures_per_die = melee.positive("figures_per_die");
    t.melee.shaken_divisor = melee.positive("shaken_divisor");
    t.melee.hit_on = melee.integer("hit_on");
    t.melee.formed_ranks = melee.positive("formed_ranks");
    t.melee.unformed_ranks = melee.positive("unformed_ranks");
    each_table(melee, "modifiers", [&](const toml::table& m, const std::string& ctx) {
        t.melee.modifiers.push_back(read_modifier(m, ctx));
    });

    Reader rally(top.table("rally"), "rally");
    t.rally.citation = rally.text("citation");
    t.rally.joined_commander_modifier = rally.integer("joined_commander_modifier");
    each_table(rally, "results", [&](const toml::table& row, const std::string& ctx) {
        Reader r(row, ctx);
        t.rally.results.push_back({r.integer("min"), r.text("id"), r.text("name"), r.text("text")});
    });
    std::sort(t.rally.results.begin(), t.rally.results.end(),
              [](const RallyResult& a, const RallyResult& b) { return a.min > b.min; });
    if (t.rally.results.empty())
        throw InputError("house rules", "rally.results: at least one row is needed");
    detail::read_rules_tables(top, t);
    return t;
}

} // namespace

std::string merged_reference(std::string_view house_rules) {
    return rules::merge_reference(reference_text(), "reference/macduff/tables.toml", house_rules);
}

Tables load_tables(std::string_view house_rules) {
    return read_tables(toml::parse(merged_reference(house_rules)));
}

const Weapon* Tables::weapon(std::string_view id) const {
    for (const auto& w : shooting.weapons)
        if (w.id == id) return &w;
    return nullptr;
}

const Quality* Tables::quality(std::string_view id) const {
    for (const auto& q : qualities)
        if (q.id == id) return &q;
    return nullptr;
}

const Modifier* Tables::shooting_modifier(std::string_view id) const {
    for (const auto& m : shooting.modifiers)
        if (m.id == id) return &m;
    return nullptr;
}

const Modifier* Tables::melee_modifier(std::string_view id) const {
    for (const auto& m : melee.modifiers)
        if (m.id == id) return &m;
    return nullptr;
}

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

namespace {
template <typename T>
const T* by_id(const std::vector<T>& rows, std::string_view id) {
    for (const auto& r : rows)
        if (r.id == id) return &r;
    return nullptr;
}
} // namespace

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

const std::string& Ground::mode_for(const std::string& terrain_class) const {
    auto it = modes.find(terrain_class);
    return it == modes.end() ? other : it->second;
}

} // namespace umpire::macduff
