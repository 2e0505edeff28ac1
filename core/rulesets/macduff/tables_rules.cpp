// Reading the reference tables of the rules beyond the first slice: artillery (7.9-7.11),
// commanders (3), movement and terrain (5, 6), reactions (5.7), army morale (10), engineering
// (11), hospitals (12) and detachments (2). A sanity pass at the end checks the tables refer to
// each other correctly, so a house rule that breaks a reference is refused when it is loaded.
#include "rulesets/macduff/tables.h"
#include "kit/table_reader.h"

#include <algorithm>

namespace umpire::macduff::detail {

void read_chance_tables(const kit::TableReader& top, Tables& t);  // tables_chance.cpp

namespace {

PerDie read_per_die(const kit::TableReader& r) {
    return {r.positive("figures_per_die"), r.flag("count_half_remainders")};
}

std::vector<RollResult> read_roll_results(const kit::TableReader& parent, std::string_view key) {
    std::vector<RollResult> out;
    kit::each_entry(parent, key, [&](const kit::TableReader& r) {
        out.push_back({r.integer("min"), r.text("id"), r.text("name"), r.text("text")});
    });
    if (out.empty()) parent.fail_at(key, "at least one row is needed");
    std::sort(out.begin(), out.end(), [](const RollResult& a, const RollResult& b) { return a.min > b.min; });
    return out;
}

void read_artillery(const kit::TableReader& top, Tables& t) {
    const kit::TableReader over = top.table("overhead_fire");
    t.overhead.citation = over.text("citation");
    t.overhead.long_range_only = over.flag("long_range_only", true);

    const kit::TableReader breach = top.table("breaching");
    t.breaching.citation = breach.text("citation");
    t.breaching.max_range = breach.non_negative("max_range");
    t.breaching.breach_on = breach.face("breach_on");
    kit::each_entry(breach, "guns", [&](const kit::TableReader& r) {
        t.breaching.guns.push_back({r.text("id"), r.text("name"), r.positive("dice"),
                                    r.strings("weapons"), r.strings("traits")});
    });

    const kit::TableReader fires = top.table("fires");
    t.fires.citation = fires.text("citation");
    t.fires.dice = read_per_die(fires);
    t.fires.out_on = fires.face("out_on");
    t.fires.damage_dice = fires.positive("damage_dice");
}

void read_commanders(const kit::TableReader& top, Tables& t) {
    const kit::TableReader c = top.table("commanders");
    t.commanders.citation = c.text("citation");
    t.commanders.command_range = c.non_negative("command_range");
    t.commanders.order_on = c.face("order_on");
    t.commanders.join_range = c.non_negative("join_range");
    t.commanders.follow_me_dice = c.non_negative("follow_me_dice");
    t.commanders.capture_range = c.non_negative("capture_range");
    t.commanders.capture_tie_escapes = c.flag("capture_tie_escapes", true);
    t.commanders.lost_with_unit_status =
        c.one_of("lost_with_unit_status", {"wounded", "captured", "killed"});
    t.commanders.steady_men = read_roll_results(c, "steady_men");
}

void read_movement(const kit::TableReader& top, Tables& t) {
    const kit::TableReader m = top.table("movement");
    Movement& mv = t.movement;
    mv.citation = m.text("citation");
    mv.march_dice = m.non_negative("march_dice");
    mv.road_column_dice = m.non_negative("road_column_dice");
    mv.follow_me_dice = m.non_negative("follow_me_dice");
    mv.band_dice = m.non_negative("band_dice");
    mv.band_range = m.non_negative("band_range");
    mv.well_drilled_average_dice = m.flag("well_drilled_average_dice");
    mv.average_die = m.integers("average_die");
    if (mv.average_die.size() != 6 ||
        std::any_of(mv.average_die.begin(), mv.average_die.end(), [](int f) { return f < 1 || f > 6; }))
        m.fail_at("average_die", "six faces, each 1 to 6");
    mv.basic_move_excludes = m.strings("basic_move_excludes");
    for (const auto& b : mv.basic_move_excludes)
        if (b != "march" && b != "road" && b != "charge" && b != "follow-me" && b != "band")
            m.fail_at("basic_move_excludes", "\"" + b + "\" is not one of: march, road, charge, follow-me, band");
    mv.halving = m.one_of("halving", {"exact", "down", "up"});
    kit::each_entry(m, "rows", [&](const kit::TableReader& r) {
        MoveRow mr;
        mr.id = r.text("id");
        mr.name = r.text("name");
        mr.dice = r.non_negative("dice");
        mr.fast_dice = r.non_negative("fast_dice", 0);
        mr.horse_dice = r.non_negative("horse_dice", 0);
        mr.with_current_dice = r.non_negative("with_current_dice", 0);
        mr.against_current_dice = r.non_negative("against_current_dice", 0);
        mr.downwind_dice = r.non_negative("downwind_dice", 0);
        mr.drift_dice = r.non_negative("drift_dice", 0);
        mr.accident_all = r.face("accident_all", 0, true);
        mr.derail_on = r.face("derail_on", 0, true);
        mr.repair_dice = r.non_negative("repair_dice", 0);
        mr.charge_dice = r.non_negative("charge_dice", 0);
        mr.terrain_class = r.text("terrain_class");
        mr.average_dice_allowed = r.flag("average_dice_allowed");
        mv.rows.push_back(mr);
    });

    const kit::TableReader ter = top.table("terrain");
    t.terrain.citation = ter.text("citation");
    for (const auto& [key, value] : ter.table("classes").raw())
        t.terrain.classes[std::string(key.str())] = value.value_or(std::string(key.str()));
    t.terrain.light_artillery_weapons = ter.strings("light_artillery_weapons");
    static const std::vector<std::string> kModes{"full", "basic", "half", "half-all", "barred"};
    kit::each_entry(ter, "ground", [&](const kit::TableReader& r) {
        Ground ground;
        ground.id = r.text("id");
        ground.name = r.text("name");
        ground.examples = r.text("examples", std::string{});
        ground.citation = r.text("citation");
        ground.other = r.one_of("other", kModes);
        if (r.has("road")) ground.road = r.one_of("road", kModes);
        if (r.has("gap")) ground.gap = r.one_of("gap", kModes);
        ground.disorders = r.flag("disorders");
        if (r.has("modes")) {
            const kit::TableReader modes = r.table("modes");
            for (const auto& [key, value] : modes.raw()) {
                (void)value;
                std::string cls(key.str());
                if (!t.terrain.classes.count(cls)) modes.fail("\"" + cls + "\" is not one of terrain.classes");
                ground.modes[cls] = modes.one_of(cls, kModes);
            }
        }
        t.terrain.grounds.push_back(ground);
    });

    const kit::TableReader react = top.table("reactions");
    t.reactions.citation = react.text("citation");
    t.reactions.counter_charge_dice = react.positive("counter_charge_dice");
    t.reactions.counter_charge_rows = react.strings("counter_charge_rows");
    t.reactions.form_square_rows = react.strings("form_square_rows");
    t.reactions.fall_back_rows = react.strings("fall_back_rows");
}

void read_army(const kit::TableReader& top, Tables& t) {
    const kit::TableReader a = top.table("army_morale");
    t.army_morale.citation = a.text("citation");
    t.army_morale.divisor = a.positive("divisor");
    t.army_morale.count_half_remainders = a.flag("count_half_remainders");
    t.army_morale.per_unit_lost = a.non_negative("per_unit_lost");
    t.army_morale.per_commander_lost = a.non_negative("per_commander_lost");
    t.army_morale.concede_at = a.integer("concede_at");
    t.army_morale.not_counted = a.strings("not_counted");
    t.army_morale.reinforcements_count = a.flag("reinforcements_count");

    const kit::TableReader d = top.table("detachments");
    t.detachments.citation = d.text("citation");
    t.detachments.range = d.non_negative("range");
    t.detachments.strength = d.one_of("strength", {"split", "keep"});
}

void read_engineering(const kit::TableReader& top, Tables& t) {
    const kit::TableReader e = top.table("engineering");
    Engineering& eng = t.engineering;
    eng.citation = e.text("citation");
    eng.dice = read_per_die(e);
    eng.supplies_range = e.non_negative("supplies_range");
    kit::each_entry(e, "tasks", [&](const kit::TableReader& r) {
        Task task;
        task.id = r.text("id");
        task.name = r.text("name");
        task.points = r.non_negative("points", 0);
        task.points_per_inch = r.non_negative("points_per_inch", 0);
        task.needs_engineer = r.flag("needs_engineer");
        task.needs_pontoon_wagon = r.flag("needs_pontoon_wagon");
        task.needs_supplies = r.flag("needs_supplies");
        task.worker = r.one_of("worker", {"pioneers", "hospital", "crew"}, std::string("pioneers"));
        task.citation = r.text("citation");
        if (task.worker != "crew" && task.points == 0 && task.points_per_inch == 0)
            r.fail("needs points or points_per_inch");
        eng.tasks.push_back(task);
    });
    const kit::TableReader demo = top.table("demolitions");
    eng.demolitions_citation = demo.text("citation");
    kit::each_entry(demo, "targets", [&](const kit::TableReader& r) {
        eng.demolition_targets.push_back({r.text("id"), r.text("name"), r.positive("points")});
    });

    const kit::TableReader h = top.table("hospital");
    t.hospital.citation = h.text("citation");
    t.hospital.return_on = h.face("return_on");
    t.hospital.casualties_returned = h.positive("casualties_returned");
    t.hospital.uncivilised_sides = h.strings("uncivilised_sides");
}

// References between tables, checked once everything is read.
void check_references(const kit::TableReader& top, const Tables& t) {
    auto table_error = [&](const std::string& what) { top.fail(what); };
    for (const auto& row : t.movement.rows)
        if (row.terrain_class != "none" && !t.terrain.classes.count(row.terrain_class))
            table_error("movement.rows (" + row.id + ").terrain_class: \"" + row.terrain_class +
                        "\" is not one of terrain.classes (or \"none\")");
    for (const char* needed : {"formed-infantry", "unformed-infantry", "formed-cavalry",
                               "unformed-cavalry", "commander", "artillery"})
        if (!t.move_row(needed))
            table_error(std::string("movement.rows: the row \"") + needed + "\" is needed");
    if (!t.ground("open")) table_error("terrain.ground: the ground \"open\" is needed");
    for (const char* needed : {"repair", "hospital-setup", "hospital-pack", "demolition-charge"})
        if (!t.task(needed))
            table_error(std::string("engineering.tasks: the task \"") + needed + "\" is needed");
    for (const auto* rows : {&t.reactions.counter_charge_rows, &t.reactions.form_square_rows, &t.reactions.fall_back_rows})
        for (const auto& row : *rows)
            if (!t.move_row(row)) table_error("reactions: \"" + row + "\" is not one of movement.rows");
    for (const auto& type : t.army_morale.not_counted)
        if (!t.troop_types.count(type))
            table_error("army_morale.not_counted: \"" + type + "\" is not a troop type");
}

} // namespace

void read_rules_tables(const kit::TableReader& top, Tables& t) {
    read_artillery(top, t);
    read_commanders(top, t);
    read_movement(top, t);
    read_army(top, t);
    read_engineering(top, t);
    read_chance_tables(top, t);
    check_references(top, t);
}

} // namespace umpire::macduff::detail
