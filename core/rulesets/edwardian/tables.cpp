// Reads reference/edwardian/tables.toml (with house rules laid over it by the shared merge) into
// typed tables, checking every value so a bad house rule names its entry and field.
#include "rulesets/edwardian/tables.h"

#include "kit/table_reader.h"
#include "rulesets/edwardian/mechanics.h"

#include <algorithm>

namespace umpire::embedded {
std::string_view edwardian_tables();
std::string_view edwardian_tables_compiled();  // its compiled form (rules/compiled_toml.h)
}

namespace umpire::edwardian {

std::string_view reference_text() { return embedded::edwardian_tables(); }

namespace {

constexpr int kFormatVersion = 1;

using kit::each_entry;
using kit::TableReader;

template <typename T, std::size_t N>
std::array<T, N> to_array(const std::vector<T>& v) {
    std::array<T, N> out{};
    std::copy_n(v.begin(), N, out.begin());
    return out;
}

Modifier read_modifier(const TableReader& r) {
    Modifier m;
    m.id = r.text("id");
    m.name = r.text("name");
    m.value = r.integer("value", 0);
    m.group = r.text("group", std::string{});
    m.for_fire = r.text("for", std::string("both"));
    if (m.for_fire != "both" && m.for_fire != "rifle" && m.for_fire != "mg")
        r.fail_at("for", "expected \"rifle\", \"mg\" or \"both\"");
    m.types = r.strings("types");
    m.not_types = r.strings("not_types");
    m.requires_id = r.text("requires", std::string{});
    m.scenario = r.flag("scenario");
    m.cover = r.flag("cover");
    m.trait = r.text("trait", std::string{});
    m.against = r.strings("against");
    m.help = r.text("help", std::string{});
    return m;
}

std::vector<Modifier> read_modifiers(const TableReader& parent) {
    std::vector<Modifier> out;
    each_entry(parent, "modifiers", [&](const TableReader& r) { out.push_back(read_modifier(r)); });
    for (const auto& m : out)
        if (!m.requires_id.empty() && !find_modifier(out, m.requires_id))
            parent.fail("modifier " + m.id + ": requires unknown modifier \"" +
                 m.requires_id + "\"");
    return out;
}

void read_options(const TableReader& top, Options& o) {
    const TableReader r = top.table("options");
    o.general_headquarters = r.flag("general_headquarters", o.general_headquarters);
    o.officers = r.flag("officers", o.officers);
    o.standards = r.flag("standards", o.standards);
    o.army_morale = r.flag("army_morale", o.army_morale);
    o.mad_minute = r.flag("mad_minute", o.mad_minute);
    o.mad_minute_needs_trait = r.flag("mad_minute_needs_trait", o.mad_minute_needs_trait);
    o.obsolete_weapons = r.flag("obsolete_weapons", o.obsolete_weapons);
    o.undisciplined_open_order_benefit =
        r.flag("undisciplined_open_order_benefit", o.undisciplined_open_order_benefit);
    o.natural_six_always_kills = r.flag("natural_six_always_kills", o.natural_six_always_kills);
    o.charge_bonus_needs_open = r.flag("charge_bonus_needs_open", o.charge_bonus_needs_open);
    o.scenario_rules = r.flag("scenario_rules", o.scenario_rules);
}

void read_troops(const TableReader& top, Tables& t) {
    each_entry(top, "troop_types", [&](const TableReader& r) {
        TroopType tt;
        tt.id = r.text("id");
        tt.name = r.text("name");
        tt.move = r.non_negative_number("move");
        tt.rough_cost = r.non_negative_number("rough_cost");
        tt.charge_bonus = r.non_negative_number("charge_bonus", 0.0);
        tt.crew_min = r.integer("crew_min", 0);
        tt.gun = r.flag("gun");
        auto [num, den] = r.fraction("range_factor", {1, 1});
        tt.range_numerator = num;
        tt.range_denominator = den;
        tt.close_order = r.flag("close_order");
        tt.cavalry = r.flag("cavalry");
        tt.moves = r.flag("moves", true);
        tt.reinforce_as = r.text("reinforce_as", std::string("none"));
        t.troop_types.push_back(tt);
    });
    each_entry(top, "qualities", [&](const TableReader& r) {
        t.qualities.push_back({r.text("id"), r.text("name"), r.integer("morale"), r.integer("spike", 0),
                               r.positive("points")});
    });
    if (t.qualities.empty()) top.fail("qualities: at least one quality is needed");
    for (const auto& [key, value] : top.table("traits").raw())
        t.traits[std::string(key.str())] = value.value_or(std::string(key.str()));
    if (top.has("roster")) t.open_order_traits = top.table("roster").strings("open_order_only");
    for (const auto& trait : t.open_order_traits)
        if (!t.traits.count(trait)) top.fail("roster.open_order_only: unknown trait \"" + trait + "\"");
    const TableReader fast = top.table("fast_foot");
    t.fast_foot_move = fast.non_negative_number("move");
    t.fast_foot_charge = fast.non_negative_number("charge_bonus");
}

void read_weapons(const TableReader& top, Tables& t) {
    each_entry(top, "weapons", [&](const TableReader& r) {
        Weapon w;
        w.id = r.text("id");
        w.name = r.text("name");
        std::string kind = r.text("kind");
        if (kind == "rifle") w.kind = WeaponKind::Rifle;
        else if (kind == "mg") w.kind = WeaponKind::Mg;
        else if (kind == "gun") w.kind = WeaponKind::Gun;
        else if (kind == "none") w.kind = WeaponKind::None;
        else r.fail_at("kind", "expected rifle, mg, gun or none");
        if (w.kind == WeaponKind::Rifle || w.kind == WeaponKind::Mg) {
            w.bands = {r.number("short"), r.number("medium"), r.number("long")};
            if (!(w.bands[0] > 0 && w.bands[0] < w.bands[1] && w.bands[1] < w.bands[2]))
                r.fail("short, medium and long must be above 0 and increasing");
        }
        if (w.kind == WeaponKind::Gun) {
            w.bracket = r.number("bracket");
            w.brackets = r.positive("brackets");
            if (w.bracket <= 0) r.fail_at("bracket", "must be above 0");
            if (w.brackets > 3) r.fail_at("brackets", "at most 3 (short, medium, long)");
            w.rounds = r.strings("rounds");
            if (w.rounds.empty()) r.fail_at("rounds", "a gun fires at least one round");
        }
        w.muzzle = r.flag("muzzle");
        w.crew_sight_only = r.flag("crew_sight_only");
        w.obsolete = r.flag("obsolete");
        w.scenario = r.flag("scenario");
        w.note = r.text("note", std::string{});
        t.weapons.push_back(w);
    });
    each_entry(top, "rounds", [&](const TableReader& r) {
        t.rounds.push_back({r.text("id"), r.text("name"), r.positive("code")});
    });
    for (const auto& w : t.weapons)
        for (const auto& round : w.rounds)
            if (!t.round(round)) top.fail("weapons " + w.id + ": unknown round \"" + round + "\"");
}

void read_fire(const TableReader& top, Tables& t) {
    const TableReader fire = top.table("fire");
    t.fire.kill_on = to_array<int, 3>(fire.integers("kill_on", 3));
    t.fire.poorly_armed_per_die = fire.positive("poorly_armed_per_die");
    t.fire.over_friends = fire.non_negative_number("over_friends");
    t.fire.modifiers = read_modifiers(fire);

    const TableReader mg = top.table("mg");
    t.mg.jam_on = mg.integer("jam_on");
    t.mg.crew_to_fire = mg.positive("crew_to_fire");
    t.mg.one_crewman_modifier = mg.integer("one_crewman_modifier");
    t.mg.full_crew = mg.positive("full_crew");
    t.mad_minute_dice = top.table("mad_minute").positive("pause_dice");
}

void read_artillery(const TableReader& top, Tables& t) {
    const TableReader a = top.table("artillery");
    const TableReader factor = a.table("deviation_factor");
    t.artillery.deviation_factor = {factor.non_negative_number("short"), factor.non_negative_number("medium"),
                                    factor.non_negative_number("long")};
    std::array<bool, 6> seen{};
    each_entry(a, "deviation", [&](const TableReader& r) {
        const int face = r.integer("face");
        if (face < 1 || face > 6 || seen[static_cast<std::size_t>(face - 1)])
            r.fail("face must be 1 to 6, each once");
        seen[static_cast<std::size_t>(face - 1)] = true;
        t.artillery.deviation_multiple[static_cast<std::size_t>(face - 1)] = r.integer("multiple");
        r.text("lateral");
        r.text("over");
    });
    for (bool s : seen)
        if (!s) a.fail("deviation: every face 1 to 6 needs a row");
    t.artillery.zeroing = a.integers("zeroing", 0);
    if (t.artillery.zeroing.empty()) a.fail_at("zeroing", "at least one value");
    t.artillery.blast_radius = a.non_negative_number("blast_radius");
    t.artillery.kill_on = a.integer("kill_on");
    t.artillery.crew_to_fire = a.positive("crew_to_fire");
    t.artillery.full_crew = a.positive("full_crew");
    t.artillery.crew_modifier = a.integer("crew_modifier");
    t.artillery.modifiers = read_modifiers(a);

    const TableReader c = top.table("canister");
    t.canister.reach = c.non_negative_number("reach");
    t.canister.kill_on = c.integer("kill_on");
    t.canister.modifiers = read_modifiers(c);

    const TableReader s = top.table("solid_shot");
    t.solid_shot.deviation = to_array<double, 6>(s.numbers("deviation", 6));
    t.solid_shot.bands = {s.non_negative_number("short"), s.non_negative_number("medium"), s.non_negative_number("long")};
    t.solid_shot.kill_on = to_array<int, 3>(s.integers("kill_on", 3));
    t.solid_shot.long_painted_on_odd = s.flag("long_painted_on_odd", true);
    t.solid_shot.horse_shortened = s.flag("horse_shortened", true);
    t.solid_shot.modifiers = read_modifiers(s);
}

void read_terrain(const TableReader& top, Tables& t) {
    const TableReader m = top.table("movement");
    t.movement.road_cost = m.non_negative_number("road_cost");
    t.movement.obstacle_rough = m.non_negative_number("obstacle_rough");
    t.movement.river_as_rough = m.flag("river_as_rough", true);

    const TableReader s = top.table("sight");
    t.sight.first_shadow = s.number("first_shadow");
    t.sight.shadow_factor = s.number("shadow_factor");
    if (t.sight.first_shadow < 0 || t.sight.first_shadow > 1 || t.sight.shadow_factor < 0 ||
        t.sight.shadow_factor > 1)
        s.fail("shadows are fractions of the line, from 0 to 1");
    each_entry(s, "obstructions", [&](const TableReader& r) {
        t.sight.obstructions.push_back({r.text("id"), r.text("name"), r.non_negative_number("height")});
    });
}

void read_melee_morale(const TableReader& top, Tables& t) {
    const TableReader m = top.table("melee");
    t.melee.descending_level = m.integer("descending_level");
    t.melee.descending_requires = m.text("descending_requires", std::string{});
    t.melee.max_group = m.positive("max_group");
    if (t.melee.max_group < 2) m.fail_at("max_group", "at least 2");
    t.melee.max_chain = m.positive("max_chain");
    if (t.melee.max_chain < 3) m.fail_at("max_chain", "at least 3");
    t.melee.modifiers = read_modifiers(m);

    const TableReader r = top.table("morale");
    t.morale.dice = r.positive("dice");
    auto [num, den] = r.fraction("casualty_step", {1, 4});
    t.morale.step_numerator = num;
    t.morale.step_denominator = den;
    t.morale.total_modifier = r.integer("total_modifier");
    t.morale.phase_modifier = r.integer("phase_modifier");
    t.morale.hard_cover = r.integer("hard_cover");
    t.morale.officer_present = r.integer("officer_present");
    t.morale.officer_killed = r.integer("officer_killed");
    t.morale.standard_present = r.integer("standard_present");
    t.morale.standard_captured = r.integer("standard_captured");
    t.morale.spike_on = r.integer("spike_on");
    t.round_half_up = top.table("quality_average").flag("round_half_up", true);

    const TableReader g = top.table("ghq");
    t.ghq.destroyed_up_to = g.integer("destroyed_up_to");
    t.ghq.moves_away_up_to = g.integer("moves_away_up_to");
    if (t.ghq.destroyed_up_to > t.ghq.moves_away_up_to) g.fail("destroyed_up_to must not exceed moves_away_up_to");
    auto [ln, ld] = top.table("army_morale").fraction("lost_fraction", {1, 2});
    t.army_lost_numerator = ln;
    t.army_lost_denominator = ld;
}

void read_section_three(const TableReader& top, Tables& t) {
    const TableReader c = top.table("campaign");
    for (const char* kind : {"infantry", "cavalry", "artillery"})
        t.reinforcements[kind] = to_array<int, 6>(c.integers(kind, 6));
    Campaign& k = t.campaign;
    k.reinforcement_quality = c.text("reinforcement_quality");
    if (!t.quality(k.reinforcement_quality))
        c.fail_at("reinforcement_quality", "\"" + k.reinforcement_quality + "\" is not a quality id");
    k.reinforcements_always_dilute = c.flag("reinforcements_always_dilute", k.reinforcements_always_dilute);
    k.transfers_capped = c.flag("transfers_capped", k.transfers_capped);
    auto [nn, nd] = c.fraction("newcomers_fraction", {1, 2});
    k.newcomers_numerator = nn;
    k.newcomers_denominator = nd;
    k.conquest_margin = c.positive("conquest_margin");
    k.promotion_battles = c.positive("promotion_battles");
    k.promotion_battles_with_victory = c.positive("promotion_battles_with_victory");
    const TableReader s = top.table("sway");
    t.sway_reach = s.non_negative_number("reach");
    t.swayed_on = s.integer("swayed_on");
    t.sway_once = s.flag("once", true);
}

} // namespace

Tables read_tables(const kit::Reference& reference) {
    const TableReader top = TableReader::top(reference, kFormatVersion);
    Tables t;
    t.name = top.text("name");
    read_options(top, t.options);
    read_troops(top, t);
    read_weapons(top, t);
    read_fire(top, t);
    read_artillery(top, t);
    read_terrain(top, t);
    read_melee_morale(top, t);
    read_section_three(top, t);
    return t;
}

kit::Reference load_reference(std::string_view house_rules) {
    return kit::load_reference(reference_text(), "reference/edwardian/tables.toml", house_rules,
                              embedded::edwardian_tables_compiled());
}

Tables load_tables(std::string_view house_rules) { return read_tables(load_reference(house_rules)); }

bool Weapon::fires(std::string_view round) const {
    return std::find(rounds.begin(), rounds.end(), round) != rounds.end();
}

using kit::by_id;

const Modifier* find_modifier(const std::vector<Modifier>& list, std::string_view id) { return by_id(list, id); }
const TroopType* Tables::troop_type(std::string_view id) const { return by_id(troop_types, id); }
const Quality* Tables::quality(std::string_view id) const { return by_id(qualities, id); }

const Quality* Tables::quality_by_points(int points) const {
    for (const auto& x : qualities)
        if (x.points == points) return &x;
    return nullptr;
}

const Weapon* Tables::weapon(std::string_view id) const { return by_id(weapons, id); }
const Round* Tables::round(std::string_view id) const { return by_id(rounds, id); }

const Round* Tables::round_by_code(int code) const {
    for (const auto& x : rounds)
        if (x.code == code) return &x;
    return nullptr;
}

const Obstruction* Tables::obstruction(std::string_view id) const { return by_id(sight.obstructions, id); }

} // namespace umpire::edwardian
