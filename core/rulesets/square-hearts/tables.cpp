// Reads reference/square-hearts/tables.toml (with house rules laid over it by the shared merge)
// into typed tables, checking every value so a bad house rule names its entry and field.
#include "rulesets/square-hearts/tables.h"
#include "kit/table_sections.h"

namespace umpire::embedded {
std::string_view square_hearts_tables();
std::string_view square_hearts_tables_compiled();  // its compiled form (rules/compiled_toml.h)
}

namespace umpire::square_hearts {

namespace {

using kit::each_entry;
using kit::TableReader;
constexpr int kFormatVersion = 1;

std::vector<Modifier> read_modifiers(const TableReader& parent) {
    std::vector<Modifier> out;
    each_entry(parent, "modifiers", [&](const TableReader& r) {
        Modifier m = kit::row_of<Modifier>(r);
        m.value = r.integer("value");
        m.group = r.text("group", std::string{});
        m.automatic = r.flag("auto", false);
        m.qualities = r.strings("qualities");
        m.help = r.text("help", std::string{});
        out.push_back(std::move(m));
    });
    return out;
}

void read_options(const TableReader& top, Tables& t) {
    Options& o = t.options;
    const TableReader r = top.table("options");
    o.broken_one_left = r.one_of("broken_reading", {"one-left", "one-taken"}, std::string("one-left")) == "one-left";
    o.modifier_groups_stack = r.flag("modifier_groups_stack", o.modifier_groups_stack);
    o.mg_is_artillery = r.flag("mg_is_artillery", o.mg_is_artillery);
}

void read_units(const TableReader& top, Tables& t) {
    each_entry(top.table("grid"), "kinds", [&](const TableReader& r) {
        GridKind g = kit::row_of<GridKind>(r);
        r.one_of("id", {"squares", "hexes"});
        g.diagonal = r.non_negative_number("diagonal");
        g.arc = r.positive("arc");
        t.grids.push_back(g);
    });
    for (const char* id : {"squares", "hexes"})
        if (!t.grid(id)) top.fail(std::string("grid.kinds: a row for ") + id + " is needed");
    each_entry(top, "troop_types", [&](const TableReader& r) {
        TroopType tt = kit::row_of<TroopType>(r);
        tt.move = r.non_negative("move");
        tt.move_and_shoot = r.non_negative("move_and_shoot", 0);
        if (tt.move_and_shoot > tt.move) r.fail_at("move_and_shoot", "must not be more than move");
        tt.rails = r.flag("rails", false);
        tt.approach = r.flag("approach", false);
        const std::string difficult = r.one_of("difficult", {"enters", "road", "free"});
        tt.difficult = difficult == "road" ? Difficult::Road : difficult == "free" ? Difficult::Free : Difficult::Enters;
        tt.breaks = r.flag("breaks", false);
        tt.hard_target = r.flag("hard_target", false);
        tt.armoured = r.flag("armoured", false);
        const std::string kind = r.one_of("kind", {"infantry", "cavalry", "artillery", "other"});
        tt.kind = kind == "infantry" ? Kind::Infantry
                  : kind == "cavalry" ? Kind::Cavalry
                  : kind == "artillery" ? Kind::Artillery
                                        : Kind::Other;
        t.troop_types.push_back(tt);
    });
    if (t.troop_types.empty()) top.fail("troop_types: at least one is needed");
    each_entry(top, "qualities", [&](const TableReader& r) {
        Quality q = kit::row_of<Quality>(r);
        q.capacity = r.positive("capacity");
        t.qualities.push_back(q);
    });
    if (t.qualities.empty()) top.fail("qualities: at least one is needed");
    each_entry(top, "weapons", [&](const TableReader& r) {
        Weapon w = kit::row_of<Weapon>(r);
        w.dice = r.non_negative("dice");
        w.range = r.non_negative("range");
        w.indirect = r.flag("indirect", false);
        t.weapons.push_back(w);
    });
    if (t.weapons.empty()) top.fail("weapons: at least one is needed");
    for (const auto& [key, value] : top.table("traits").raw())
        t.traits[std::string(key.str())] = value.value_or(std::string(key.str()));
}

void read_rules(const TableReader& top, Tables& t) {
    const TableReader m = top.table("movement");
    t.movement.road_bonus = m.non_negative("road_bonus");
    t.movement.train_change = m.non_negative("train_change");
    t.movement.retreat_moves = m.non_negative("retreat_moves");

    const TableReader c = top.table("commanders");
    t.commanders.order_dice = c.non_negative("order_dice");
    t.commanders.deferred_dice = c.non_negative("deferred_dice");
    t.commanders.order_range = c.non_negative("order_range");
    t.commanders.move = c.non_negative("move");
    t.commanders.escape_move = c.non_negative("escape_move");
    t.commanders.melee_hits_on = c.face("melee_hits_on");
    t.commanders.melee_killed_on = c.face("melee_killed_on", std::nullopt, true);
    t.commanders.shot_killed_on = c.face("shot_killed_on", std::nullopt, true);
    t.commanders.replacement_turns = c.non_negative("replacement_turns");

    const TableReader s = top.table("shooting");
    t.shooting.hit_on = s.integer("hit_on");
    t.shooting.half_range = s.fraction("half_range", {1, 2});
    t.shooting.dense_dice = s.non_negative("dense_dice");
    t.shooting.column_dice = s.non_negative("column_dice");
    t.shooting.observed_min_range = s.non_negative("observed_min_range");
    t.shooting.radio_on = s.face("radio_on");
    t.shooting.modifiers = read_modifiers(s);
    for (const char* id : {"moving", "long", "observed", "hard-target", "superior", "inferior", "heavy"})
        if (!find_modifier(t.shooting.modifiers, id)) s.fail(std::string("modifiers: the row \"") + id + "\" is needed");

    const TableReader me = top.table("melee");
    t.melee.dice = me.non_negative("dice");
    t.melee.column_dice = me.non_negative("column_dice");
    t.melee.hit_on = me.integer("hit_on");
    t.melee.support_dice = me.non_negative("support_dice");
    t.melee.support_hits_on = me.face("support_hits_on");
    t.melee.modifiers = read_modifiers(me);
    for (const char* id : {"cavalry", "armoured", "superior"})
        if (!find_modifier(t.melee.modifiers, id)) me.fail(std::string("modifiers: the row \"") + id + "\" is needed");

    const TableReader r = top.table("rally");
    t.rally.rally_on = r.integer("rally_on");
    t.rally.hits_cancelled = r.positive("hits_cancelled");
    t.rally.modifiers = read_modifiers(r);

    if (top.has("turn") && top.table("turn").has("phases"))
        each_entry(top.table("turn"), "phases", [&](const TableReader& p) {
            t.phase_ids.push_back(p.text("id"));
            t.phase_names.push_back(p.text("name"));
        });
}

} // namespace

Tables read_tables(const kit::Reference& reference) {
    return kit::read_sections<Tables>(reference, kFormatVersion, read_options, read_units, read_rules);
}

std::string_view reference_text() { return embedded::square_hearts_tables(); }

kit::Reference load_reference(std::string_view house_rules) {
    return kit::load_reference(reference_text(), "reference/square-hearts/tables.toml", house_rules,
                              embedded::square_hearts_tables_compiled());
}

using kit::by_id;

const Modifier* find_modifier(const std::vector<Modifier>& list, std::string_view id) { return by_id(list, id); }
const TroopType* Tables::troop_type(std::string_view id) const { return by_id(troop_types, id); }
const Quality* Tables::quality(std::string_view id) const { return by_id(qualities, id); }
const Weapon* Tables::weapon(std::string_view id) const { return by_id(weapons, id); }
const GridKind* Tables::grid(std::string_view id) const { return by_id(grids, id); }

} // namespace umpire::square_hearts
