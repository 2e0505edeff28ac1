#include "desk/roster_view.h"
#include "desk/text.h"

#include "kit/deeds.h"
#include "model/names.h"

#include <algorithm>
#include <cctype>
#include <map>

namespace umpire::desk {

namespace {

char lower(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }

bool name_less(const model::Unit& a, const model::Unit& b) {
    return std::lexicographical_compare(a.name.begin(), a.name.end(), b.name.begin(), b.name.end(),
                                        [](char x, char y) { return lower(x) < lower(y); });
}

void sort_units(std::vector<const model::Unit*>& units, RosterSort sort) {
    // Stable sorts: units that compare equal keep their roster order, so the list never jumps.
    switch (sort) {
    case RosterSort::Roster: break;
    case RosterSort::Name:
        std::stable_sort(units.begin(), units.end(),
                         [](const model::Unit* a, const model::Unit* b) { return name_less(*a, *b); });
        break;
    case RosterSort::Strength:  // weakest first: the units the umpire is asked about
        std::stable_sort(units.begin(), units.end(), [](const model::Unit* a, const model::Unit* b) {
            return strength_fraction(*a) < strength_fraction(*b);
        });
        break;
    case RosterSort::Status:  // most trouble first
        std::stable_sort(units.begin(), units.end(),
                         [](const model::Unit* a, const model::Unit* b) { return trouble(*a) > trouble(*b); });
        break;
    }
}

} // namespace

std::string_view roster_sort_name(RosterSort sort) {
    switch (sort) {
    case RosterSort::Roster: return "Roster order";
    case RosterSort::Name: return "Name";
    case RosterSort::Strength: return "Strength (weakest first)";
    case RosterSort::Status: return "Status (most trouble first)";
    }
    return "?";
}


bool unit_matches(const model::Battle& b, const model::Unit& u, const RosterQuery& q) {
    if (!contains_ci(u.name, q.text)) return false;
    if (q.needs_rally && !u.has(model::Flag::NeedsRally)) return false;
    if (q.not_activated && (kit::acted_this_turn(b, u) || !u.on_table())) return false;
    if (q.shaken && !u.has(model::Flag::Shaken)) return false;
    // Spare units in reserve are off the table too, but still to come: they stay listed.
    if (q.hide_routed && !u.on_table() && !u.has(model::Flag::Reserve)) return false;
    return true;
}

double strength_fraction(const model::Unit& u) {
    double f = 0.0;
    if (u.hit_capacity > 0)
        f = 1.0 - static_cast<double>(u.hits) / static_cast<double>(u.hit_capacity);
    else if (u.start_figures > 0)
        f = static_cast<double>(u.figures) / static_cast<double>(u.start_figures);
    return std::clamp(f, 0.0, 1.0);
}

int trouble(const model::Unit& u) {
    int t = 0;
    if (!u.on_table()) t += 32;
    if (u.has(model::Flag::Shaken)) t += 16;
    if (u.has(model::Flag::NeedsRally)) t += 8;
    if (u.has(model::Flag::Disordered)) t += 4;
    if (u.has(model::Flag::Pinned)) t += 2;
    return t;
}

std::vector<RosterRow> roster_rows(const model::Battle& b, const RosterQuery& q,
                                   const std::set<GroupKey>& collapsed) {
    std::vector<RosterRow> rows;
    const bool hide_empty = q.filters_anything();
    // Each unit into its group in one pass (a frame of 2,000 units under 200 commanders must not
    // cost units x commanders): its commander when that commander is of the unit's side, else
    // "none". `any` counts the group's units, `matching` those the query lets through.
    struct Group {
        bool any = false;
        std::vector<const model::Unit*> matching;
    };
    std::map<std::pair<int, std::optional<int>>, Group> by_group;
    for (const model::Unit& u : b.units) {
        std::optional<int> group;
        if (u.commander)
            if (const model::Commander* c = b.commander(*u.commander); c && c->side == u.side) group = c->id;
        Group& g = by_group[{u.side, group}];
        g.any = true;
        if (unit_matches(b, u, q)) g.matching.push_back(&u);
    }
    for (const model::Side& side : b.sides) {
        std::vector<std::optional<int>> groups;
        for (const model::Commander& c : b.commanders)
            if (c.side == side.id) groups.emplace_back(c.id);
        groups.emplace_back(std::nullopt);

        const std::size_t side_row = rows.size();
        rows.push_back({RosterRow::Kind::Side, side.id, std::nullopt, 0, 0,
                        collapsed.count(side_group(side.id)) > 0});
        int side_shown = 0;
        for (const std::optional<int>& group : groups) {
            const auto found = by_group.find({side.id, group});
            const bool any = found != by_group.end() && found->second.any;
            std::vector<const model::Unit*> units;
            if (found != by_group.end()) units = std::move(found->second.matching);
            // "No commander" is listed only when some unit has none; a commander always is,
            // unless a filter is on and none of his units match.
            if (!group && !any) continue;
            if (hide_empty && units.empty()) continue;
            side_shown += static_cast<int>(units.size());
            if (rows[side_row].collapsed) continue;
            const bool folded = collapsed.count(commander_group(side.id, group)) > 0;
            rows.push_back({RosterRow::Kind::Commander, side.id, group, 0,
                            static_cast<int>(units.size()), folded});
            if (folded) continue;
            sort_units(units, q.sort);
            for (const model::Unit* u : units)
                rows.push_back({RosterRow::Kind::Unit, side.id, group, u->id, 0, false});
        }
        rows[side_row].shown = side_shown;
    }
    return rows;
}

std::optional<int> find_in_rows(const model::Battle& b, const std::vector<RosterRow>& rows,
                                std::string_view typed) {
    std::optional<int> best;
    model::NameMatch best_how = model::NameMatch::None;
    for (const RosterRow& row : rows) {
        if (row.kind != RosterRow::Kind::Unit) continue;
        const model::Unit* u = b.unit(row.unit);
        if (!u) continue;
        if (const model::NameMatch how = model::name_match(u->name, typed); how > best_how) {
            best = u->id;
            best_how = how;
        }
    }
    return best;
}

std::optional<int> best_match(const model::Battle& b, const RosterQuery& q) {
    std::optional<int> best;
    model::NameMatch best_how = model::NameMatch::None;
    for (const model::Unit& u : b.units) {
        if (!unit_matches(b, u, q)) continue;
        if (const model::NameMatch how = model::name_match(u.name, q.text); how > best_how) {
            best = u.id;
            best_how = how;
        }
    }
    return best;
}

} // namespace umpire::desk
