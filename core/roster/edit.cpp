#include "roster/edit.h"
#include "roster/roster.h"

#include "model/names.h"
#include "model/sectors.h"
#include "rules/inputs.h"

#include <algorithm>
#include <cctype>

namespace umpire::roster {

using model::lower;

namespace {

using model::Effect;
using model::Entity;

constexpr const char* kDetachmentOf = "detachment-of";

std::string trim(std::string_view text) {
    const auto first = text.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos) return {};
    const auto last = text.find_last_not_of(" \t\r\n");
    return std::string(text.substr(first, last - first + 1));
}

rules::Resolution edit(const model::Battle& battle, std::optional<int> unit, std::string outcome) {
    rules::Resolution r;
    r.ruleset = battle.ruleset;
    r.action = std::string(kEditAction);
    r.unit = unit;
    r.rolled = true;  // nothing to roll: the edit is final as it stands
    r.outcome = std::move(outcome);
    return r;
}

const model::Unit& existing(const model::Battle& battle, int id) {
    const model::Unit* u = battle.unit(id);
    if (!u) throw rules::InputError("unit", "no unit with id " + std::to_string(id));
    return *u;
}

// A unit name that is not blank and not used by another unit, ignoring case.
std::string free_name(const model::Battle& battle, std::string_view wanted, std::optional<int> except = {}) {
    std::string name = trim(wanted);
    if (name.empty()) throw rules::InputError("name", "a unit needs a name");
    for (const auto& u : battle.units)
        if ((!except || u.id != *except) && lower(u.name) == lower(name))
            throw rules::InputError("name", "\"" + u.name + "\" is already a unit's name; names must differ");
    return name;
}

void check_figures(int figures) {
    if (figures < 1 || figures > kMaxFigures)
        throw rules::InputError("figures", "figures must be a whole number from 1 to " + std::to_string(kMaxFigures) +
                                               ", got " + std::to_string(figures));
}

void check_value(const rules::Ruleset& ruleset, std::string_view field, std::string_view value) {
    if (auto expected = ruleset.check_unit_value(field, value))
        throw rules::InputError(std::string(field), "\"" + std::string(value) + "\" is not a " + std::string(field) +
                                                        " of " + std::string(ruleset.name()) + "; expected " + *expected);
}

int next_unit_id(const model::Battle& battle) {
    int id = 1;
    for (const auto& u : battle.units) id = std::max(id, u.id + 1);
    return id;
}

std::int64_t place_of(const model::Battle& battle, int id) {
    for (std::size_t i = 0; i < battle.units.size(); ++i)
        if (battle.units[i].id == id) return static_cast<std::int64_t>(i) + 1;
    return 0;
}

Effect number(Entity entity, int id, const char* field, std::int64_t before, std::int64_t after, std::string reason) {
    Effect e;
    e.entity = entity;
    e.id = id;
    e.field = field;
    e.before = before;
    e.after = after;
    e.reason = std::move(reason);
    return e;
}

Effect place(const model::Unit& unit, std::int64_t before, std::int64_t after, std::string reason) {
    Effect e = number(Entity::Unit, unit.id, "roster-place", before, after, std::move(reason));
    e.unit = unit;
    return e;
}

// Commanders with `from` go to `to` (-1: nobody), in the edit's effects.
void move_commanders(const model::Battle& battle, int from, int to, const std::string& reason,
                     rules::Resolution& r) {
    for (const auto& c : battle.commanders)
        if (c.attached_unit == from) r.effects.push_back(number(Entity::Commander, c.id, "attached-unit", from, to, reason));
}

} // namespace

rules::Resolution add_unit(const model::Battle& battle, const rules::Ruleset& ruleset, const NewUnit& draft) {
    model::Unit u;
    u.name = free_name(battle, draft.name);
    if (!battle.side(draft.side)) throw rules::InputError("side", "no side with id " + std::to_string(draft.side));
    u.side = draft.side;
    if (draft.commander) {
        const model::Commander* c = battle.commander(*draft.commander);
        if (!c || c->side != draft.side)
            throw rules::InputError("commander", "the commander must be one of " + battle.side(draft.side)->name + "'s");
        u.commander = draft.commander;
    }
    check_value(ruleset, "type", draft.troop_type);
    check_value(ruleset, "quality", draft.quality);
    check_value(ruleset, "weapon", draft.weapon);
    check_figures(draft.figures);
    u.troop_type = draft.troop_type;
    u.quality = draft.quality;
    u.weapon = draft.weapon;
    u.formed = draft.formed;
    u.start_figures = u.figures = draft.figures;
    if (draft.reserve) u.set(model::Flag::Reserve, true);
    ruleset.complete_unit(u);  // what the ruleset derives, as for a roster's units (hit capacity)
    u.id = next_unit_id(battle);
    if (auto why = ruleset.check_roster_unit(battle, u)) throw rules::InputError("type", *why);
    // After the last unit of its side, so the roster stays grouped by side.
    std::int64_t at = static_cast<std::int64_t>(battle.units.size()) + 1;
    for (std::size_t i = 0; i < battle.units.size(); ++i)
        if (battle.units[i].side == u.side) at = static_cast<std::int64_t>(i) + 2;
    auto r = edit(battle, u.id, "Added " + u.name + " (" + std::to_string(u.figures) + " figures) to " +
                                    battle.side(u.side)->name + (draft.reserve ? ", in reserve" : ""));
    r.effects.push_back(place(u, 0, at, "added to the roster"));
    return r;
}

rules::Resolution remove_unit(const model::Battle& battle, int id) {
    const model::Unit& u = existing(battle, id);
    auto r = edit(battle, id, "Removed " + u.name + " from the roster");
    move_commanders(battle, id, -1, u.name + " removed from the roster", r);
    r.effects.push_back(place(u, place_of(battle, id), 0, "removed from the roster"));
    return r;
}

rules::Resolution rename_unit(const model::Battle& battle, int id, std::string_view wanted) {
    const model::Unit& u = existing(battle, id);
    const std::string name = free_name(battle, wanted, id);
    if (name == u.name) throw rules::InputError("name", "the unit is already called " + name);
    auto r = edit(battle, id, "Renamed " + u.name + " to " + name);
    r.effects.push_back(model::text_effect(Entity::Unit, id, "name", u.name, name, "renamed"));
    return r;
}

rules::Resolution set_figures(const model::Battle& battle, int id, int figures) {
    const model::Unit& u = existing(battle, id);
    if (figures < 0 || figures > kMaxFigures)
        throw rules::InputError("figures", "figures must be a whole number from 0 to " + std::to_string(kMaxFigures) +
                                               ", got " + std::to_string(figures));
    if (figures == u.figures) throw rules::InputError("figures", u.name + " already has " + std::to_string(figures) + " figures");
    auto r = edit(battle, id, u.name + ": figures " + std::to_string(u.figures) + " -> " + std::to_string(figures));
    if (figures > u.start_figures)
        r.effects.push_back(number(Entity::Unit, id, "start-figures", u.start_figures, figures, "roster corrected"));
    r.effects.push_back(number(Entity::Unit, id, "figures", u.figures, figures, "roster corrected"));
    return r;
}

rules::Resolution set_hits(const model::Battle& battle, int id, int hits) {
    const model::Unit& u = existing(battle, id);
    if (u.hit_capacity <= 0)
        throw rules::InputError("hits", u.name + " counts figures, not hits against a capacity: set its figures");
    if (hits < 0 || hits > u.hit_capacity)
        throw rules::InputError("hits", "hits must be a whole number from 0 to " + std::to_string(u.hit_capacity) + " (" +
                                            u.name + "'s capacity), got " + std::to_string(hits));
    if (hits == u.hits) throw rules::InputError("hits", u.name + " already has " + std::to_string(hits) + " hits");
    auto r = edit(battle, id, u.name + ": hits " + std::to_string(u.hits) + " -> " + std::to_string(hits) + " of " +
                                  std::to_string(u.hit_capacity));
    r.effects.push_back(number(Entity::Unit, id, "hits", u.hits, hits, "roster corrected"));
    return r;
}

rules::Resolution set_reserve(const model::Battle& battle, int id, bool reserve) {
    const model::Unit& u = existing(battle, id);
    if (u.has(model::Flag::Reserve) == reserve)
        throw rules::InputError("reserve", u.name + (reserve ? " is already held in reserve" : " is not in reserve"));
    if (reserve && !u.on_table())
        throw rules::InputError("reserve", u.name + " is no longer on the table: only a unit in the battle can be "
                                                    "held back");
    auto r = edit(battle, id, reserve ? u.name + " is held in reserve, off the table"
                                      : u.name + " arrives from reserve onto the table");
    r.effects.push_back(number(Entity::Unit, id, "flag:reserve", reserve ? 0 : 1, reserve ? 1 : 0,
                               reserve ? "held in reserve" : "arrives from reserve"));
    return r;
}

rules::Resolution set_hidden(const model::Battle& battle, int id, bool hidden) {
    const model::Unit& u = existing(battle, id);
    if (u.has(model::Flag::Hidden) == hidden)
        throw rules::InputError("hidden", u.name + (hidden ? " is already hidden" : " is not hidden"));
    auto r = edit(battle, id, hidden ? u.name + " is hidden from the other side" : u.name + " is revealed");
    r.effects.push_back(number(Entity::Unit, id, "flag:hidden", hidden ? 0 : 1, hidden ? 1 : 0,
                               hidden ? "hidden from the other side" : "revealed"));
    return r;
}

namespace {

// Gives `name` (a unit or commander) to `umpire`'s sector, or takes it out of any.
rules::Resolution assign_sector(const model::Battle& battle, Entity entity, int id, const std::string& name,
                                std::optional<int> unit, std::optional<std::string> umpire) {
    if (umpire) *umpire = trim(*umpire);
    if (umpire && umpire->empty()) umpire.reset();
    const std::optional<std::string> now = model::assigned_sector(battle, entity, id);
    if (now == umpire)
        throw rules::InputError("umpire", name + (umpire ? " is already in " + *umpire + "'s sector" : " is in no sector"));
    auto r = edit(battle, unit, umpire ? name + " is in " + *umpire + "'s sector" : name + " is in no sector now");
    r.action = std::string(model::kSectorAction);
    r.effects.push_back(model::text_effect(Entity::Battle, 0, "text:" + model::sector_key(entity, id), now, umpire,
                                           umpire ? "sector given" : "sector taken back"));
    return r;
}

} // namespace

rules::Resolution assign_unit_sector(const model::Battle& battle, int id, std::optional<std::string> umpire) {
    const model::Unit& u = existing(battle, id);
    return assign_sector(battle, Entity::Unit, id, u.name, id, std::move(umpire));
}

rules::Resolution assign_commander_sector(const model::Battle& battle, int id, std::optional<std::string> umpire) {
    const model::Commander* c = battle.commander(id);
    if (!c) throw rules::InputError("commander", "no commander with id " + std::to_string(id));
    return assign_sector(battle, Entity::Commander, id, c->name, std::nullopt, std::move(umpire));
}

rules::Resolution set_quality(const model::Battle& battle, const rules::Ruleset& ruleset, int id,
                              std::string_view quality) {
    const model::Unit& u = existing(battle, id);
    const std::string q = trim(quality);
    check_value(ruleset, "quality", q);
    if (q == u.quality) throw rules::InputError("quality", u.name + " is already " + q);
    auto r = edit(battle, id, u.name + ": quality " + u.quality + " -> " + q);
    r.effects.push_back(model::text_effect(Entity::Unit, id, "quality", u.quality, q, "roster corrected"));
    return r;
}

rules::Resolution assign_commander(const model::Battle& battle, int id, std::optional<int> commander) {
    const model::Unit& u = existing(battle, id);
    std::string outcome;
    if (commander) {
        const model::Commander* c = battle.commander(*commander);
        if (!c) throw rules::InputError("commander", "no commander with id " + std::to_string(*commander));
        if (c->side != u.side)
            throw rules::InputError("commander", c->name + " commands another side than " + u.name + "'s");
        outcome = u.name + " now answers to " + c->name;
    } else {
        outcome = u.name + " now answers to no commander";
    }
    if (u.commander == commander) throw rules::InputError("commander", "no change: " + outcome.substr(u.name.size() + 1));
    auto r = edit(battle, id, outcome);
    r.effects.push_back(number(Entity::Unit, id, "commander", u.commander.value_or(-1), commander.value_or(-1),
                               "commander changed"));
    return r;
}

rules::Resolution split_detachment(const model::Battle& battle, int id, int figures, std::string_view wanted) {
    const model::Unit& u = existing(battle, id);
    if (figures < 1) throw rules::InputError("figures", "a detachment has at least one figure");
    if (figures >= u.figures)
        throw rules::InputError("figures", "at least one figure stays with " + u.name + " (it has " +
                                               std::to_string(u.figures) + ")");
    std::string name;
    if (trim(wanted).empty()) {
        // "X detachment", then "X detachment 2", ...: the first name not taken.
        const std::string base = u.name + " detachment";
        name = base;
        for (int n = 2; std::any_of(battle.units.begin(), battle.units.end(),
                                    [&](const model::Unit& o) { return lower(o.name) == lower(name); });
             ++n)
            name = base + " " + std::to_string(n);
    } else {
        name = free_name(battle, wanted);
    }
    model::Unit d = u;
    d.id = next_unit_id(battle);
    d.name = name;
    d.figures = d.start_figures = figures;
    d.hits = 0;
    d.counters = {{kDetachmentOf, u.id}};
    auto r = edit(battle, id, std::to_string(figures) + " figures of " + u.name + " split off as " + name);
    r.effects.push_back(number(Entity::Unit, id, "figures", u.figures, u.figures - figures, "split off " + name));
    r.effects.push_back(number(Entity::Unit, id, "start-figures", u.start_figures,
                               std::max(u.start_figures - figures, u.figures - figures), "split off " + name));
    r.effects.push_back(place(d, 0, place_of(battle, id) + 1, "split off " + u.name));
    return r;
}

rules::Resolution rejoin_detachment(const model::Battle& battle, int id) {
    const model::Unit& d = existing(battle, id);
    auto mark = d.counters.find(kDetachmentOf);
    if (mark == d.counters.end()) throw rules::InputError("unit", d.name + " is not a detachment");
    const model::Unit* parent = battle.unit(mark->second);
    if (!parent) throw rules::InputError("unit", d.name + "'s unit is no longer in the battle");
    auto r = edit(battle, parent->id, d.name + " rejoined " + parent->name + " with " + std::to_string(d.figures) + " figures");
    r.effects.push_back(number(Entity::Unit, parent->id, "start-figures", parent->start_figures,
                               parent->start_figures + d.start_figures, d.name + " rejoined"));
    r.effects.push_back(number(Entity::Unit, parent->id, "figures", parent->figures, parent->figures + d.figures,
                               d.name + " rejoined"));
    move_commanders(battle, id, parent->id, d.name + " rejoined " + parent->name, r);
    r.effects.push_back(place(d, place_of(battle, id), 0, "rejoined " + parent->name));
    return r;
}

} // namespace umpire::roster
