// Reads reference/edwardian/tables.toml (with house rules laid over it by the shared merge) into
// typed tables, checking every value so a bad house rule names its entry and field.
#include "rulesets/edwardian/tables.h"

#include "rules/inputs.h"
#include "rules/reference.h"

#include <toml++/toml.h>

#include <algorithm>
#include <sstream>

namespace umpire::embedded {
std::string_view edwardian_tables();
}

namespace umpire::edwardian {

using rules::InputError;

std::string_view reference_text() { return embedded::edwardian_tables(); }

namespace {

constexpr std::int64_t kFormatVersion = 1;

[[noreturn]] void fail(const std::string& what) { throw InputError("house rules", what); }

std::string where(const toml::node& node) {
    std::ostringstream out;
    out << " (line " << node.source().begin.line << ")";
    return out.str();
}

// Typed reads that name the entry and field when a value is missing or of the wrong type.
class Reader {
public:
    Reader(const toml::table& table, std::string context) : t_(table), ctx_(std::move(context)) {}

    const toml::node* get(std::string_view key) const { return t_.get(key); }
    std::string field(std::string_view key) const { return ctx_ + "." + std::string(key); }

    int integer(std::string_view key, std::optional<int> fallback = std::nullopt) const {
        const toml::node* n = t_.get(key);
        if (!n) {
            if (fallback) return *fallback;
            fail(ctx_ + ": missing \"" + std::string(key) + "\"");
        }
        if (!n->is_integer()) fail(field(key) + where(*n) + ": expected a whole number");
        return static_cast<int>(*n->value<std::int64_t>());
    }
    int positive(std::string_view key, std::optional<int> fallback = std::nullopt) const {
        int v = integer(key, fallback);
        if (v < 1) fail(field(key) + ": must be 1 or more");
        return v;
    }
    double number(std::string_view key, std::optional<double> fallback = std::nullopt) const {
        const toml::node* n = t_.get(key);
        if (!n) {
            if (fallback) return *fallback;
            fail(ctx_ + ": missing \"" + std::string(key) + "\"");
        }
        if (!n->is_number()) fail(field(key) + where(*n) + ": expected a number");
        return *n->value<double>();
    }
    double non_negative(std::string_view key, std::optional<double> fallback = std::nullopt) const {
        double v = number(key, fallback);
        if (v < 0) fail(field(key) + ": must be 0 or more");
        return v;
    }
    std::string text(std::string_view key, std::optional<std::string> fallback = std::nullopt) const {
        const toml::node* n = t_.get(key);
        if (!n) {
            if (fallback) return *fallback;
            fail(ctx_ + ": missing \"" + std::string(key) + "\"");
        }
        if (!n->is_string()) fail(field(key) + where(*n) + ": expected text");
        return *n->value<std::string>();
    }
    bool flag(std::string_view key, bool fallback = false) const {
        const toml::node* n = t_.get(key);
        if (!n) return fallback;
        if (!n->is_boolean()) fail(field(key) + where(*n) + ": expected true or false");
        return *n->value<bool>();
    }
    const toml::table& table(std::string_view key) const {
        const toml::node* n = t_.get(key);
        if (!n || !n->is_table()) fail(ctx_ + ": \"" + std::string(key) + "\" must be a table");
        return *n->as_table();
    }
    const toml::array& array(std::string_view key) const {
        const toml::node* n = t_.get(key);
        if (!n || !n->is_array()) fail(ctx_ + ": \"" + std::string(key) + "\" must be a list");
        return *n->as_array();
    }
    std::vector<int> integers(std::string_view key, std::size_t size) const {
        std::vector<int> out;
        for (const auto& n : array(key)) {
            if (!n.is_integer()) fail(field(key) + ": expected whole numbers");
            out.push_back(static_cast<int>(*n.value<std::int64_t>()));
        }
        if (size && out.size() != size)
            fail(field(key) + ": expected " + std::to_string(size) + " values");
        return out;
    }
    std::vector<double> numbers(std::string_view key, std::size_t size) const {
        std::vector<double> out;
        for (const auto& n : array(key)) {
            if (!n.is_number()) fail(field(key) + ": expected numbers");
            out.push_back(*n.value<double>());
        }
        if (size && out.size() != size)
            fail(field(key) + ": expected " + std::to_string(size) + " values");
        return out;
    }
    std::vector<std::string> texts(std::string_view key) const {
        std::vector<std::string> out;
        if (!t_.get(key)) return out;
        for (const auto& n : array(key)) {
            if (!n.is_string()) fail(field(key) + ": expected a list of text");
            out.push_back(*n.value<std::string>());
        }
        return out;
    }
    // [numerator, denominator] with a positive denominator.
    std::pair<int, int> fraction(std::string_view key, std::pair<int, int> fallback) const {
        if (!t_.get(key)) return fallback;
        auto v = integers(key, 2);
        if (v[1] <= 0 || v[0] <= 0) fail(field(key) + ": expected [numerator, denominator], both 1 or more");
        return {v[0], v[1]};
    }
    const std::string& context() const { return ctx_; }

private:
    const toml::table& t_;
    std::string ctx_;
};

template <typename F>
void each_table(const Reader& parent, std::string_view key, F&& read_one) {
    int index = 0;
    for (const auto& n : parent.array(key)) {
        ++index;
        std::string ctx = parent.field(key) + "[" + std::to_string(index) + "]";
        if (!n.is_table()) fail(ctx + ": must be a table");
        read_one(Reader(*n.as_table(), ctx));
    }
}

template <typename T, std::size_t N>
std::array<T, N> to_array(const std::vector<T>& v) {
    std::array<T, N> out{};
    std::copy_n(v.begin(), N, out.begin());
    return out;
}

Modifier read_modifier(const Reader& r) {
    Modifier m;
    m.id = r.text("id");
    m.name = r.text("name");
    m.value = r.integer("value", 0);
    m.group = r.text("group", std::string{});
    m.for_fire = r.text("for", std::string("both"));
    if (m.for_fire != "both" && m.for_fire != "rifle" && m.for_fire != "mg")
        fail(r.field("for") + ": expected \"rifle\", \"mg\" or \"both\"");
    m.types = r.texts("types");
    m.not_types = r.texts("not_types");
    m.requires_id = r.text("requires", std::string{});
    m.scenario = r.flag("scenario");
    m.help = r.text("help", std::string{});
    return m;
}

std::vector<Modifier> read_modifiers(const Reader& parent) {
    std::vector<Modifier> out;
    each_table(parent, "modifiers", [&](const Reader& r) { out.push_back(read_modifier(r)); });
    for (const auto& m : out)
        if (!m.requires_id.empty() && !find_modifier(out, m.requires_id))
            fail(parent.context() + " modifier " + m.id + ": requires unknown modifier \"" +
                 m.requires_id + "\"");
    return out;
}

void read_options(const Reader& top, Options& o) {
    Reader r(top.table("options"), "options");
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

void read_troops(const Reader& top, Tables& t) {
    each_table(top, "troop_types", [&](const Reader& r) {
        TroopType tt;
        tt.id = r.text("id");
        tt.name = r.text("name");
        tt.move = r.non_negative("move");
        tt.rough_cost = r.non_negative("rough_cost");
        tt.charge_bonus = r.non_negative("charge_bonus", 0.0);
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
    each_table(top, "qualities", [&](const Reader& r) {
        t.qualities.push_back({r.text("id"), r.text("name"), r.integer("morale"), r.integer("spike", 0),
                               r.positive("points")});
    });
    if (t.qualities.empty()) fail("qualities: at least one quality is needed");
    for (const auto& [key, value] : top.table("traits"))
        t.traits[std::string(key.str())] = value.value_or(std::string(key.str()));
    Reader fast(top.table("fast_foot"), "fast_foot");
    t.fast_foot_move = fast.non_negative("move");
    t.fast_foot_charge = fast.non_negative("charge_bonus");
}

void read_weapons(const Reader& top, Tables& t) {
    each_table(top, "weapons", [&](const Reader& r) {
        Weapon w;
        w.id = r.text("id");
        w.name = r.text("name");
        std::string kind = r.text("kind");
        if (kind == "rifle") w.kind = WeaponKind::Rifle;
        else if (kind == "mg") w.kind = WeaponKind::Mg;
        else if (kind == "gun") w.kind = WeaponKind::Gun;
        else if (kind == "none") w.kind = WeaponKind::None;
        else fail(r.field("kind") + ": expected rifle, mg, gun or none");
        if (w.kind == WeaponKind::Rifle || w.kind == WeaponKind::Mg) {
            w.bands = {r.number("short"), r.number("medium"), r.number("long")};
            if (!(w.bands[0] > 0 && w.bands[0] < w.bands[1] && w.bands[1] < w.bands[2]))
                fail(r.context() + " (" + w.id + "): short, medium and long must be above 0 and increasing");
        }
        if (w.kind == WeaponKind::Gun) {
            w.bracket = r.number("bracket");
            w.brackets = r.positive("brackets");
            if (w.bracket <= 0) fail(r.field("bracket") + ": must be above 0");
            if (w.brackets > 3) fail(r.field("brackets") + ": at most 3 (short, medium, long)");
            w.rounds = r.texts("rounds");
            if (w.rounds.empty()) fail(r.field("rounds") + ": a gun fires at least one round");
        }
        w.muzzle = r.flag("muzzle");
        w.crew_sight_only = r.flag("crew_sight_only");
        w.obsolete = r.flag("obsolete");
        w.scenario = r.flag("scenario");
        w.note = r.text("note", std::string{});
        t.weapons.push_back(w);
    });
    each_table(top, "rounds", [&](const Reader& r) {
        t.rounds.push_back({r.text("id"), r.text("name"), r.positive("code")});
    });
    for (const auto& w : t.weapons)
        for (const auto& round : w.rounds)
            if (!t.round(round)) fail("weapons " + w.id + ": unknown round \"" + round + "\"");
}

void read_fire(const Reader& top, Tables& t) {
    Reader fire(top.table("fire"), "fire");
    t.fire.kill_on = to_array<int, 3>(fire.integers("kill_on", 3));
    t.fire.poorly_armed_per_die = fire.positive("poorly_armed_per_die");
    t.fire.modifiers = read_modifiers(fire);

    Reader mg(top.table("mg"), "mg");
    t.mg.jam_on = mg.integer("jam_on");
    t.mg.crew_to_fire = mg.positive("crew_to_fire");
    t.mg.one_crewman_modifier = mg.integer("one_crewman_modifier");
    t.mg.full_crew = mg.positive("full_crew");
    t.mad_minute_dice = Reader(top.table("mad_minute"), "mad_minute").positive("pause_dice");
}

void read_artillery(const Reader& top, Tables& t) {
    Reader a(top.table("artillery"), "artillery");
    Reader factor(a.table("deviation_factor"), "artillery.deviation_factor");
    t.artillery.deviation_factor = {factor.non_negative("short"), factor.non_negative("medium"),
                                    factor.non_negative("long")};
    std::array<bool, 6> seen{};
    each_table(a, "deviation", [&](const Reader& r) {
        const int face = r.integer("face");
        if (face < 1 || face > 6 || seen[static_cast<std::size_t>(face - 1)])
            fail(r.context() + ": face must be 1 to 6, each once");
        seen[static_cast<std::size_t>(face - 1)] = true;
        t.artillery.deviation_multiple[static_cast<std::size_t>(face - 1)] = r.integer("multiple");
        r.text("lateral");
        r.text("over");
    });
    for (bool s : seen)
        if (!s) fail("artillery.deviation: every face 1 to 6 needs a row");
    t.artillery.zeroing = a.integers("zeroing", 0);
    if (t.artillery.zeroing.empty()) fail("artillery.zeroing: at least one value");
    t.artillery.blast_radius = a.non_negative("blast_radius");
    t.artillery.kill_on = a.integer("kill_on");
    t.artillery.crew_to_fire = a.positive("crew_to_fire");
    t.artillery.full_crew = a.positive("full_crew");
    t.artillery.crew_modifier = a.integer("crew_modifier");
    t.artillery.modifiers = read_modifiers(a);

    Reader c(top.table("canister"), "canister");
    t.canister.reach = c.non_negative("reach");
    t.canister.kill_on = c.integer("kill_on");
    t.canister.modifiers = read_modifiers(c);

    Reader s(top.table("solid_shot"), "solid_shot");
    t.solid_shot.deviation = to_array<double, 6>(s.numbers("deviation", 6));
    t.solid_shot.bands = {s.non_negative("short"), s.non_negative("medium"), s.non_negative("long")};
    t.solid_shot.kill_on = to_array<int, 3>(s.integers("kill_on", 3));
    t.solid_shot.long_painted_on_odd = s.flag("long_painted_on_odd", true);
    t.solid_shot.modifiers = read_modifiers(s);
}

void read_terrain(const Reader& top, Tables& t) {
    Reader m(top.table("movement"), "movement");
    t.movement.road_cost = m.non_negative("road_cost");
    t.movement.obstacle_rough = m.non_negative("obstacle_rough");
    t.movement.river_as_rough = m.flag("river_as_rough", true);

    Reader s(top.table("sight"), "sight");
    t.sight.first_shadow = s.number("first_shadow");
    t.sight.shadow_factor = s.number("shadow_factor");
    if (t.sight.first_shadow < 0 || t.sight.first_shadow > 1 || t.sight.shadow_factor < 0 ||
        t.sight.shadow_factor > 1)
        fail("sight: shadows are fractions of the line, from 0 to 1");
    each_table(s, "obstructions", [&](const Reader& r) {
        t.sight.obstructions.push_back({r.text("id"), r.text("name"), r.non_negative("height")});
    });
}

void read_melee_morale(const Reader& top, Tables& t) {
    Reader m(top.table("melee"), "melee");
    t.melee.descending_level = m.integer("descending_level");
    t.melee.descending_requires = m.text("descending_requires", std::string{});
    t.melee.max_group = m.positive("max_group");
    if (t.melee.max_group < 2) fail("melee.max_group: at least 2");
    t.melee.max_chain = m.positive("max_chain");
    if (t.melee.max_chain < 3) fail("melee.max_chain: at least 3");
    t.melee.modifiers = read_modifiers(m);

    Reader r(top.table("morale"), "morale");
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
    t.round_half_up = Reader(top.table("quality_average"), "quality_average").flag("round_half_up", true);

    Reader g(top.table("ghq"), "ghq");
    t.ghq.destroyed_up_to = g.integer("destroyed_up_to");
    t.ghq.moves_away_up_to = g.integer("moves_away_up_to");
    if (t.ghq.destroyed_up_to > t.ghq.moves_away_up_to) fail("ghq: destroyed_up_to must not exceed moves_away_up_to");
    auto [ln, ld] = Reader(top.table("army_morale"), "army_morale").fraction("lost_fraction", {1, 2});
    t.army_lost_numerator = ln;
    t.army_lost_denominator = ld;
}

void read_section_three(const Reader& top, Tables& t) {
    Reader c(top.table("campaign"), "campaign");
    for (const char* kind : {"infantry", "cavalry", "artillery"})
        t.reinforcements[kind] = to_array<int, 6>(c.integers(kind, 6));
    Campaign& k = t.campaign;
    k.reinforcement_quality = c.text("reinforcement_quality");
    if (!t.quality(k.reinforcement_quality))
        fail("campaign.reinforcement_quality: \"" + k.reinforcement_quality + "\" is not a quality id");
    k.reinforcements_always_dilute = c.flag("reinforcements_always_dilute", k.reinforcements_always_dilute);
    k.transfers_capped = c.flag("transfers_capped", k.transfers_capped);
    auto [nn, nd] = c.fraction("newcomers_fraction", {1, 2});
    k.newcomers_numerator = nn;
    k.newcomers_denominator = nd;
    k.conquest_margin = c.positive("conquest_margin");
    k.promotion_battles = c.positive("promotion_battles");
    k.promotion_battles_with_victory = c.positive("promotion_battles_with_victory");
    Reader s(top.table("sway"), "sway");
    t.sway_reach = s.non_negative("reach");
    t.swayed_on = s.integer("swayed_on");
}

Tables read_tables(const toml::table& root) {
    Reader top(root, "edwardian");
    if (top.text("format") != "umpire-reference")
        fail("reference tables: format must be \"umpire-reference\"");
    if (top.integer("version") > kFormatVersion)
        fail("reference tables are a newer format than this build reads");
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

} // namespace

std::string merged_reference(std::string_view house_rules) {
    return rules::merge_reference(reference_text(), "reference/edwardian/tables.toml", house_rules);
}

Tables load_tables(std::string_view house_rules) {
    return read_tables(toml::parse(merged_reference(house_rules)));
}

bool Weapon::fires(std::string_view round) const {
    return std::find(rounds.begin(), rounds.end(), round) != rounds.end();
}

const Modifier* find_modifier(const std::vector<Modifier>& list, std::string_view id) {
    for (const auto& m : list)
        if (m.id == id) return &m;
    return nullptr;
}

const TroopType* Tables::troop_type(std::string_view id) const {
    for (const auto& x : troop_types)
        if (x.id == id) return &x;
    return nullptr;
}

const Quality* Tables::quality(std::string_view id) const {
    for (const auto& x : qualities)
        if (x.id == id) return &x;
    return nullptr;
}

const Quality* Tables::quality_by_points(int points) const {
    for (const auto& x : qualities)
        if (x.points == points) return &x;
    return nullptr;
}

const Weapon* Tables::weapon(std::string_view id) const {
    for (const auto& x : weapons)
        if (x.id == id) return &x;
    return nullptr;
}

const Round* Tables::round(std::string_view id) const {
    for (const auto& x : rounds)
        if (x.id == id) return &x;
    return nullptr;
}

const Round* Tables::round_by_code(int code) const {
    for (const auto& x : rounds)
        if (x.code == code) return &x;
    return nullptr;
}

const Obstruction* Tables::obstruction(std::string_view id) const {
    for (const auto& x : sight.obstructions)
        if (x.id == id) return &x;
    return nullptr;
}

} // namespace umpire::edwardian
