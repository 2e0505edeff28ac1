// Reads reference/rattle/tables.toml (with house rules laid over it by the shared merge) into
// typed tables, checking every value so a bad house rule names its entry and field.
#include "rulesets/rattle/tables.h"

#include "kit/table_sections.h"

namespace umpire::embedded {
std::string_view rattle_tables();
std::string_view rattle_tables_compiled();  // its compiled form (rules/compiled_toml.h)
}

namespace umpire::rattle {

std::string_view reference_text() { return embedded::rattle_tables(); }

namespace {

constexpr int kFormatVersion = 1;

using kit::each_entry;
using kit::TableReader;

void read_options(const TableReader& top, Tables& t) {
    Options& o = t.options;
    const TableReader r = top.table("options");
    o.count_half_remainders = r.flag("count_half_remainders", o.count_half_remainders);
    o.half_rank_rounding = r.one_of("half_rank_rounding", {"exact", "down", "up"}, o.half_rank_rounding);
    o.failed_detached_roll_uses_action = r.flag("failed_detached_roll_uses_action", o.failed_detached_roll_uses_action);
    o.bearer_lost_when_flag_captured = r.flag("bearer_lost_when_flag_captured", o.bearer_lost_when_flag_captured);
    o.defensive_fire_first_counts = r.flag("defensive_fire_first_counts", o.defensive_fire_first_counts);
    o.rally_general_and_band_add_up = r.flag("rally_general_and_band_add_up", o.rally_general_and_band_add_up);
}

void read_units(const TableReader& top, Tables& t) {
    each_entry(top, "troop_types", [&](const TableReader& r) {
        TroopType tt;
        tt.id = r.text("id");
        tt.name = r.text("name");
        tt.move = r.non_negative_number("move");
        const std::string shoots = r.one_of("shoots", {"figures", "gunners", "none"});
        tt.shoots = shoots == "figures" ? Shoots::Figures : shoots == "gunners" ? Shoots::Gunners : Shoots::None;
        tt.melee_per = r.positive("melee_per");
        tt.defensive_per = r.non_negative("defensive_per", 0);
        tt.half_ranks = r.flag("half_ranks", false);
        tt.difficult = r.flag("difficult", false);
        tt.barred = r.flag("barred", false);
        tt.defensive_fire = r.flag("defensive_fire", false);
        tt.gun = r.flag("gun", false);
        tt.unlimbered_move = r.non_negative_number("unlimbered_move", 0.0);
        tt.mounted = r.flag("mounted", false);
        tt.dismounted_move = r.non_negative_number("dismounted_move", tt.move);
        const std::string evades = r.one_of("evades", {"always", "skirmish", "never"}, std::string("never"));
        tt.evades = evades == "always" ? Evades::Always : evades == "skirmish" ? Evades::Skirmish : Evades::Never;
        tt.colours = r.flag("colours", false);
        tt.works = r.flag("works", false);
        tt.observer = r.flag("observer", false);
        tt.band = r.flag("band", false);
        tt.moves_by = r.one_of("moves_by", {"land", "water", "rail"}, std::string("land"));
        tt.formation = r.one_of("formation", {"line", "column", "skirmish", "none"});
        t.troop_types.push_back(tt);
    });
    each_entry(top, "qualities", [&](const TableReader& r) {
        Quality q;
        q.id = r.text("id");
        q.name = r.text("name");
        q.detached = r.integer("detached");
        q.melee = r.integer("melee");
        q.rally = r.integer("rally");
        q.free_terrain = r.flag("free_terrain", false);
        t.qualities.push_back(q);
    });
    each_entry(top, "formations", [&](const TableReader& r) {
        Formation f;
        f.id = r.text("id");
        f.name = r.text("name");
        f.code = r.positive("code");
        f.vulnerable = r.flag("vulnerable", false);
        f.difficult = r.flag("difficult", false);
        f.free_terrain = r.flag("free_terrain", false);
        f.road = r.flag("road", false);
        t.formations.push_back(f);
    });
    for (const auto& tt : t.troop_types)
        if (tt.formation != "none" && !t.formation(tt.formation))
            top.fail("troop type " + tt.id + ": unknown formation \"" + tt.formation + "\"");
    const TableReader traits = top.table("traits");
    for (const auto& [key, value] : traits.raw()) t.traits[std::string(key.str())] = traits.text(key.str());
}

void read_movement(const TableReader& top, Tables& t) {
    const TableReader d = top.table("detached");
    t.detached_reach = d.non_negative_number("reach");
    t.detached_roll_on = d.face("roll_on");
    t.detached_citation = d.text("citation");
    const TableReader m = top.table("movement");
    t.movement.road_factor = m.non_negative_number("road_factor");
    t.movement.backwards = m.fraction("backwards", t.movement.backwards);
    t.movement.terrain = m.fraction("terrain", t.movement.terrain);
    t.movement.formation_change = m.fraction("formation_change", t.movement.formation_change);
    t.movement.embark = m.fraction("embark", t.movement.embark);
    t.movement.counter_charge = m.fraction("counter_charge", t.movement.counter_charge);
    t.movement.citation = m.text("citation");
    const TableReader g = top.table("generals");
    t.generals.move = g.non_negative_number("move");
    t.generals.urging_reach = g.non_negative_number("urging_reach");
    t.generals.urging_dice = g.non_negative("urging_dice");
    t.generals.citation = g.text("citation");
    const TableReader b = top.table("boats");
    t.boat_current = b.non_negative_number("current");
    t.boats_citation = b.text("citation");
    const TableReader tr = top.table("trains");
    t.trains.rail = tr.non_negative_number("rail");
    t.trains.cross_country = tr.non_negative_number("cross_country");
    t.trains.speed_change = tr.non_negative_number("speed_change");
    t.trains.crash_figures_per_die = tr.positive("crash_figures_per_die");
    t.trains.crash_casualty_on = tr.face("crash_casualty_on");
    t.trains.citation = tr.text("citation");
}

std::vector<Modifier> read_modifiers(const TableReader& parent) {
    std::vector<Modifier> out;
    each_entry(parent, "modifiers", [&](const TableReader& r) {
        Modifier m;
        m.id = r.text("id");
        m.name = r.text("name");
        m.value = r.integer("value");
        m.defensive_only = r.flag("defensive_only", false);
        m.charged_only = r.flag("charged_only", false);
        m.citation = r.text("citation");
        m.help = r.text("help", std::string{});
        out.push_back(m);
    });
    return out;
}

void read_shooting(const TableReader& top, Tables& t) {
    const TableReader dice = top.table("dice");
    t.hit_on = dice.face("hit_on");
    t.dice_citation = dice.text("citation");
    const TableReader s = top.table("shooting");
    t.figures_per_die = s.positive("figures_per_die");
    t.gunners_per_die = s.positive("gunners_per_die");
    t.arc = s.positive("arc");
    t.shooting_citation = s.text("citation");
    t.shooting_modifiers = read_modifiers(s);
    each_entry(top, "weapons", [&](const TableReader& r) {
        Weapon w;
        w.id = r.text("id");
        w.name = r.text("name");
        w.range = r.non_negative_number("range");
        w.canister = r.non_negative_number("canister", 0.0);
        w.overhead = r.one_of("overhead", {"hill", "anywhere", "none"}, std::string("none"));
        w.melee_only = r.flag("melee_only", false);
        w.crew = r.flag("crew", false);
        w.note = r.text("note", std::string{});
        if (!w.melee_only && w.range <= 0) r.fail_at("range", "a weapon that shoots needs a range above 0");
        t.weapons.push_back(w);
    });
    const TableReader o = top.table("overhead");
    t.overhead_gap = o.non_negative_number("gap");
    t.overhead_citation = o.text("citation");
}

void read_melee(const TableReader& top, Tables& t) {
    const TableReader m = top.table("melee");
    t.melee_full_ranks = m.positive("full_ranks");
    t.melee_half_ranks = m.integers("half_ranks");
    for (int rank : t.melee_half_ranks)
        if (rank <= t.melee_full_ranks) m.fail_at("half_ranks", "the half ranks come behind the full ranks");
    t.out_of_turn_reach = m.non_negative_number("out_of_turn_reach");
    t.melee_citation = m.text("citation");
    t.melee_modifiers = read_modifiers(m);
}

void read_morale(const TableReader& top, Tables& t) {
    const TableReader r = top.table("rally");
    t.rally_on = r.face("rally_on");
    t.rally_general = r.integer("general");
    t.rally_band = r.integer("band");
    t.rally_citation = r.text("citation");
    const TableReader s = top.table("steady_men");
    t.steady_cancel_on = s.face("cancel_on");
    t.steady_general_hit_on = s.face("general_hit_on");
    t.steady_citation = s.text("citation");
    const TableReader f = top.table("flag");
    t.flag_cancel_on = f.face("cancel_on");
    t.flag_bearer_hit_on = f.face("bearer_hit_on");
    t.flag_citation = f.text("citation");
    const TableReader sh = top.table("shaken");
    t.shaken.enabled = sh.flag("enabled");
    t.shaken.lost = sh.fraction("lost", t.shaken.lost);
    t.shaken.divisor = sh.positive("divisor");
    t.shaken.citation = sh.text("citation");
}

void read_sappers(const TableReader& top, Tables& t) {
    const TableReader s = top.table("sappers");
    t.party = s.positive("party");
    t.sappers_citation = s.text("citation");
    auto read_task = [](const TableReader& r) {
        Task task;
        task.id = r.text("id");
        task.name = r.text("name");
        task.points = r.non_negative("points");
        return task;
    };
    each_entry(s, "tasks", [&](const TableReader& r) { t.tasks.push_back(read_task(r)); });
    each_entry(s, "demolitions", [&](const TableReader& r) { t.demolitions.push_back(read_task(r)); });
}

} // namespace

Tables read_tables(const kit::Reference& reference) {
    return kit::read_sections<Tables>(reference, kFormatVersion, read_options, read_units, read_movement, read_shooting,
                                      read_melee, read_morale, read_sappers);
}

kit::Reference load_reference(std::string_view house_rules) {
    return kit::load_reference(reference_text(), "reference/rattle/tables.toml", house_rules,
                              embedded::rattle_tables_compiled());
}

Tables load_tables(std::string_view house_rules) { return read_tables(load_reference(house_rules)); }

using kit::by_id;

const TroopType* Tables::troop_type(std::string_view id) const { return by_id(troop_types, id); }
const Quality* Tables::quality(std::string_view id) const { return by_id(qualities, id); }
const Formation* Tables::formation(std::string_view id) const { return by_id(formations, id); }
const Weapon* Tables::weapon(std::string_view id) const { return by_id(weapons, id); }
const Formation* Tables::formation_by_code(int code) const {
    for (const auto& f : formations)
        if (f.code == code) return &f;
    return nullptr;
}

} // namespace umpire::rattle
