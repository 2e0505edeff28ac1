// Reads reference/featherstone/tables.toml (with house rules laid over it by the shared merge)
// into typed tables, checking every value so a bad house rule names its entry and field.
#include "rulesets/featherstone/tables.h"

#include "kit/option_flags.h"

#include <algorithm>

namespace umpire::embedded {
std::string_view featherstone_tables();
std::string_view featherstone_tables_compiled();  // its compiled form (rules/compiled_toml.h)
}

namespace umpire::featherstone {

namespace {

constexpr int kFormatVersion = 1;

using kit::each_entry;
using kit::TableReader;

// The morale results the app knows how to apply (tables.toml, [[morale.rows]]).
const std::vector<std::string> kResults = {"disperse", "rout", "lose-d6", "break", "fall-back", "disorder", "rally",
                                           "no-move", "half-move", "charge", "stand", "square", "first-fire",
                                           "respond"};

void read_options(const TableReader& top, Tables& t) {
    Options& o = t.options;
    const TableReader r = top.table("options");
    kit::read_flags(r, {{"save_exactly", &o.save_exactly},
                        {"halves_round_up", &o.halves_round_up},
                        {"impetus_all_cavalry", &o.impetus_all_cavalry},
                        {"light_halved_on_heavy_only", &o.light_halved_on_heavy_only},
                        {"woods_for_all", &o.woods_for_all},
                        {"cover_in_melee", &o.cover_in_melee},
                        {"disorder_halves_melee", &o.disorder_halves_melee},
                        {"counter_battery_saves", &o.counter_battery_saves},
                        {"unit_leaders", &o.unit_leaders}});
    o.threat_range = r.one_of("threat_range", {"canister", "close-canister"}, o.threat_range);
}

std::vector<Band> read_bands(const TableReader& parent, const char* number_key, int lowest) {
    std::vector<Band> out;
    each_entry(parent, "bands", [&](const TableReader& r) {
        Band b;
        b.id = r.text("id");
        b.name = r.text("name");
        b.number = r.integer(number_key);
        if (b.number < lowest || b.number > 6) r.fail_at(number_key, "expected " + std::to_string(lowest) + " to 6");
        out.push_back(b);
    });
    if (out.empty()) parent.fail("bands: at least one band is needed");
    return out;
}

// The upper edge of each band, keyed by the band's id: above 0 and increasing.
std::vector<double> read_edges(const TableReader& r, const std::vector<Band>& bands) {
    std::vector<double> edges;
    for (const auto& band : bands) {
        edges.push_back(r.non_negative_number(band.id));
        if (edges.back() <= 0 || (edges.size() > 1 && edges.back() <= edges[edges.size() - 2]))
            r.fail_at(band.id, "ranges must be above 0 and increasing");
    }
    return edges;
}

Arm arm_named(const std::string& arm) {
    return arm == "infantry" ? Arm::Infantry : arm == "cavalry" ? Arm::Cavalry : Arm::Artillery;
}

void read_units(const TableReader& top, Tables& t) {
    each_entry(top, "troop_types", [&](const TableReader& r) {
        TroopType tt;
        tt.id = r.text("id");
        tt.name = r.text("name");
        tt.arm = arm_named(r.one_of("arm", {"infantry", "cavalry", "artillery"}));
        tt.skirmish = r.flag("skirmish", false);
        if (tt.arm == Arm::Cavalry) tt.heavy = r.one_of("weight", {"heavy", "light"}) == "heavy";
        if (tt.arm == Arm::Artillery) tt.battery = r.text("battery");
        tt.formations = r.strings("formations");
        if (tt.formations.empty()) r.fail_at("formations", "a troop type has at least one formation");
        t.troop_types.push_back(tt);
    });
    each_entry(top, "qualities", [&](const TableReader& r) {
        Quality q;
        q.id = r.text("id");
        q.name = r.text("name");
        q.grade = r.integer("grade");
        q.reroll = r.flag("reroll", false);
        t.qualities.push_back(q);
    });
    if (t.qualities.empty()) top.fail("qualities: at least one quality is needed");
    for (const auto& [key, value] : top.table("traits").raw())
        t.traits[std::string(key.str())] = value.value_or(std::string(key.str()));
    each_entry(top, "weapons", [&](const TableReader& r) {
        Weapon w;
        w.id = r.text("id");
        w.name = r.text("name");
        const std::string kind = r.one_of("kind", {"small-arms", "melee", "artillery"});
        w.kind = kind == "small-arms" ? WeaponKind::SmallArms : kind == "melee" ? WeaponKind::Melee : WeaponKind::Artillery;
        if (w.kind == WeaponKind::SmallArms) {
            for (const char* k : {"short", "medium", "long"}) w.bands.push_back(r.non_negative_number(k));
            if (!(w.bands[0] > 0 && w.bands[0] < w.bands[1] && w.bands[1] < w.bands[2]))
                r.fail("short, medium and long must be above 0 and increasing");
        }
        w.lance = r.flag("lance", false);
        t.weapons.push_back(w);
    });
    each_entry(top, "formations", [&](const TableReader& r) {
        Formation f;
        f.id = r.text("id");
        f.name = r.text("name");
        f.code = r.positive("code");
        f.march = r.flag("march", false);
        t.formations.push_back(f);
    });
    for (const auto& tt : t.troop_types)
        for (const auto& f : tt.formations)
            if (!t.formation(f)) top.fail("troop_types[" + tt.id + "].formations: unknown formation \"" + f + "\"");
}

void read_shooting(const TableReader& top, Tables& t) {
    const TableReader dice = top.table("dice");
    t.figures_per_die = dice.positive("figures_per_die");
    t.count_half_remainders = dice.flag("count_half_remainders");
    const TableReader r = top.table("shooting");
    Shooting& s = t.shooting;
    s.ranks = r.positive("ranks");
    s.flank_bonus = r.integer("flank_bonus");
    s.square_fraction = r.fraction("square_fraction", s.square_fraction);
    s.square_shots = r.positive("square_shots");
    s.support_fraction = r.fraction("support_fraction", s.support_fraction);
    s.charge_halted = r.fraction("charge_halted", s.charge_halted);
    s.bands = read_bands(r, "target", 0);
    if (s.bands.size() != 3) r.fail("bands: the small arms table has three bands (short, medium, long)");
    s.charging_cavalry_band = r.text("charging_cavalry_band");
    if (!kit::by_id(s.bands, s.charging_cavalry_band)) r.fail_at("charging_cavalry_band", "not one of the bands");
}

void read_artillery(const TableReader& top, Tables& t) {
    const TableReader r = top.table("artillery");
    Artillery& a = t.artillery;
    a.close_canister = r.non_negative_number("close_canister");
    a.close_canister_dice = r.positive("close_canister_dice");
    a.damage_dice = r.positive("damage_dice");
    a.assault_column = r.integer("assault_column");
    a.square_flank_march = r.integer("square_flank_march");
    a.support_fraction = r.fraction("support_fraction", a.support_fraction);
    a.shots = r.positive("shots");
    a.bands = read_bands(r, "hit_on", 0);
    a.skirmishers_halved_beyond = r.text("skirmishers_halved_beyond");
    if (!kit::by_id(a.bands, a.skirmishers_halved_beyond)) r.fail_at("skirmishers_halved_beyond", "not one of the bands");
    each_entry(r, "batteries", [&](const TableReader& b) {
        Battery battery;
        battery.id = b.text("id");
        battery.name = b.text("name");
        battery.ranges = read_edges(b, a.bands);
        a.batteries.push_back(battery);
    });
    each_entry(r, "crew", [&](const TableReader& c) {
        CrewRule rule;
        rule.id = c.text("id");
        rule.name = c.text("name");
        rule.crew = c.positive("crew");
        rule.fire_after_move = c.flag("fire_after_move");
        rule.may_move = c.flag("may_move");
        rule.every_other_turn = c.flag("every_other_turn", false);
        rule.text = c.text("text");
        a.crew.push_back(rule);
    });
    std::sort(a.crew.begin(), a.crew.end(), [](const CrewRule& x, const CrewRule& y) { return x.crew > y.crew; });
    if (a.crew.empty() || a.crew.back().crew != 1) r.fail("crew: a row for a battery with 1 crew is needed");
    for (const auto& tt : t.troop_types)
        if (tt.arm == Arm::Artillery && !t.battery(tt.battery))
            top.fail("troop_types[" + tt.id + "].battery: unknown battery \"" + tt.battery + "\"");

    const TableReader cb = top.table("counter_battery");
    t.counter_battery_dice = cb.positive("dice");
    each_entry(cb, "rows", [&](const TableReader& row) {
        CounterBatteryRow c;
        c.id = row.text("id");
        c.at_most = row.integer("at_most");
        c.text = row.text("text");
        c.men = row.non_negative("men", 0);
        c.men_in_open = row.non_negative("men_in_open", c.men);
        c.destroyed = row.flag("destroyed", false);
        c.destroyed_in_open = row.flag("destroyed_in_open", c.destroyed);
        if (!t.counter_battery.empty() && c.at_most <= t.counter_battery.back().at_most)
            row.fail_at("at_most", "rows must go up in score");
        t.counter_battery.push_back(c);
    });
    if (t.counter_battery.empty() || t.counter_battery.back().at_most < 6 * t.counter_battery_dice)
        cb.fail("rows: the last row must reach the highest score, " + std::to_string(6 * t.counter_battery_dice));
}

void read_saves(const TableReader& top, Tables& t) {
    const TableReader r = top.table("saves");
    Saves& s = t.saves;
    s.formed = r.face("formed");
    s.skirmish_or_crew = r.face("skirmish_or_crew");
    s.armoured = r.face("armoured");
    s.melee = r.face("melee");
    each_entry(r, "cover", [&](const TableReader& c) {
        Cover cover;
        cover.id = c.text("id");
        cover.name = c.text("name");
        cover.save = c.face("save", 0, true);
        cover.die_bonus = c.integer("die_bonus", 0);
        s.cover.push_back(cover);
    });
    if (!t.cover("open")) r.fail("cover: an \"open\" entry is needed");
}

void read_melee(const TableReader& top, Tables& t) {
    const TableReader r = top.table("melee");
    Melee& m = t.melee;
    m.target = r.face("target");
    m.ranks_infantry = r.positive("ranks_infantry");
    m.ranks_cavalry = r.positive("ranks_cavalry");
    m.impetus = r.positive("impetus");
    m.light_cavalry_dice = r.fraction("light_cavalry_dice", m.light_cavalry_dice);
    m.light_on_heavy = r.fraction("light_on_heavy", m.light_on_heavy);
    m.skirmishers_open = r.fraction("skirmishers_open", m.skirmishers_open);
    m.square_figures = r.fraction("square_figures", m.square_figures);
    m.square_cavalry = r.fraction("square_cavalry", m.square_cavalry);
    m.square_must_inflict = r.non_negative("square_must_inflict");
    m.leader_involved = r.integer("leader_involved");
    m.leader_attached = r.integer("leader_attached");
    m.rerolls = r.non_negative("rerolls");
    if (m.rerolls > 1) r.fail_at("rerolls", "the app rerolls at most one die");
    m.reroll_arms.clear();
    for (const std::string& arm : r.strings("reroll_arms")) {
        if (arm != "infantry" && arm != "cavalry" && arm != "artillery")
            r.fail_at("reroll_arms", "\"" + arm + "\" is not an arm; expected infantry, cavalry or artillery");
        m.reroll_arms.push_back(arm_named(arm));
    }
    const TableReader p = top.table("pursuit");
    t.pursuit = {p.non_negative("infantry_dice"), p.non_negative("cavalry_dice"), p.non_negative("impetuous_dice")};
    t.recall_within = top.table("recall").non_negative_number("within");
}

MoraleResult read_result(const TableReader& r, const std::string& key) {
    MoraleResult out;
    out.text = r.text(key);
    out.results = r.strings(key + "_results");
    for (const auto& id : out.results)
        if (std::find(kResults.begin(), kResults.end(), id) == kResults.end())
            r.fail_at(key + "_results", "\"" + id + "\" is not a morale result the app applies; " +
                                            "expected one of: disperse, rout, lose-d6, break, fall-back, disorder, "
                                            "rally, no-move, half-move, charge, stand, square, first-fire, respond");
    return out;
}

void read_morale(const TableReader& top, Tables& t) {
    const TableReader r = top.table("morale");
    Morale& m = t.morale;
    m.die = r.positive("die");
    m.loss_step = r.fraction("loss_step", m.loss_step);
    m.per_step = r.integer("per_step");
    m.threat = r.integer("threat");
    m.general_within = r.non_negative_number("general_within");
    m.general_near = r.integers("general_near");
    m.general_attached = r.integers("general_attached");
    m.leader_killed = r.integer("leader_killed");
    each_entry(r, "rows", [&](const TableReader& row) {
        MoraleRow mr;
        mr.roll = row.integer("roll");
        if (!m.rows.empty() && mr.roll != m.rows.back().roll + 1) row.fail_at("roll", "rows go up one score at a time");
        mr.rally = read_result(row, "rally");
        mr.charged = read_result(row, "charged");
        mr.lost = read_result(row, "lost");
        m.rows.push_back(mr);
    });
    if (m.rows.empty()) r.fail("rows: the morale table needs rows");

    const TableReader l = top.table("leaders");
    Leaders& lead = t.leaders;
    lead.hits_for_check = l.positive("hits_for_check");
    lead.hit_on = l.integers("hit_on");
    lead.influence_hit_on = l.integers("influence_hit_on");
    lead.safe_beyond = l.non_negative_number("safe_beyond");
    lead.overrun_removed_on = l.integers("overrun_removed_on");
}

void read_movement(const TableReader& top, Tables& t) {
    const TableReader r = top.table("movement");
    Movement& m = t.movement;
    m.terrain = r.fraction("terrain", m.terrain);
    m.obstacle = r.non_negative_number("obstacle");
    m.march_road_bonus = r.non_negative_number("march_road_bonus");
    m.cavalry_march_bonus = r.non_negative_number("cavalry_march_bonus");
    m.formation_change = r.fraction("formation_change", m.formation_change);
    m.any_direction = r.fraction("any_direction", m.any_direction);
    m.artillery_road = r.positive("artillery_road");
    m.cavalry_march_bonus_off_road = r.flag("cavalry_march_bonus_off_road");
    each_entry(r, "rates", [&](const TableReader& row) {
        MoveRate rate;
        rate.id = row.text("id");
        rate.name = row.text("name");
        rate.rate = row.non_negative("rate");
        rate.types = row.strings("types");
        rate.formations = row.strings("formations");
        for (const auto& type : rate.types)
            if (!t.troop_type(type)) row.fail_at("types", "unknown troop type \"" + type + "\"");
        for (const auto& f : rate.formations)
            if (!t.formation(f)) row.fail_at("formations", "unknown formation \"" + f + "\"");
        m.rates.push_back(rate);
    });
}

} // namespace

Tables read_tables(const kit::Reference& reference) {
    const TableReader top = TableReader::top(reference, kFormatVersion);
    Tables t;
    t.name = top.text("name");
    // In this order: the units first, as the later parts name their types and formations.
    for (auto read : {read_options, read_units, read_shooting, read_artillery, read_saves, read_melee, read_morale,
                      read_movement})
        read(top, t);
    t.choices = kit::read_player_choices(top);
    return t;
}

kit::Reference load_reference(std::string_view house_rules) {
    return kit::load_reference(embedded::featherstone_tables(), "reference/featherstone/tables.toml", house_rules,
                              embedded::featherstone_tables_compiled());
}

Tables load_tables(std::string_view house_rules) { return read_tables(load_reference(house_rules)); }

using kit::by_id;

bool Melee::rerolls_for(Arm arm) const {
    return std::find(reroll_arms.begin(), reroll_arms.end(), arm) != reroll_arms.end();
}

bool MoraleResult::has(std::string_view id) const {
    return std::find(results.begin(), results.end(), id) != results.end();
}

bool MoraleResult::stands() const { return !has("disperse") && !has("rout") && !has("break") && !has("fall-back"); }

const MoraleResult& MoraleRow::column(Column c) const {
    return c == Column::Rally ? rally : c == Column::Charged ? charged : lost;
}

const MoraleRow& Morale::row_for(int score) const {
    const int first = rows.front().roll;
    const int index = std::clamp(score - first, 0, static_cast<int>(rows.size()) - 1);
    return rows[static_cast<std::size_t>(index)];
}

const TroopType* Tables::troop_type(std::string_view id) const { return by_id(troop_types, id); }
const Quality* Tables::quality(std::string_view id) const { return by_id(qualities, id); }
const Weapon* Tables::weapon(std::string_view id) const { return by_id(weapons, id); }
const Battery* Tables::battery(std::string_view id) const { return by_id(artillery.batteries, id); }
const Cover* Tables::cover(std::string_view id) const { return by_id(saves.cover, id); }
const Formation* Tables::formation(std::string_view id) const { return by_id(formations, id); }

const Formation* Tables::formation_by_code(int code) const {
    for (const auto& f : formations)
        if (f.code == code) return &f;
    return nullptr;
}

const CounterBatteryRow& Tables::counter_battery_row(int score) const {
    for (const auto& row : counter_battery)
        if (score <= row.at_most) return row;
    return counter_battery.back();
}

const CrewRule& Tables::crew_rule(int crew) const {
    for (const auto& rule : artillery.crew)
        if (crew >= rule.crew) return rule;
    return artillery.crew.back();
}

const MoveRate* Tables::rate_for(std::string_view type, std::string_view formation) const {
    for (const auto& r : movement.rates) {
        if (std::find(r.types.begin(), r.types.end(), type) == r.types.end()) continue;
        if (r.formations.empty() || std::find(r.formations.begin(), r.formations.end(), formation) != r.formations.end())
            return &r;
    }
    return nullptr;
}

} // namespace umpire::featherstone
