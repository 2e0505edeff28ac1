// Transferring figures between units (I Transferring Figures Between Units): drafting crews,
// claiming abandoned guns, and the averaged quality of mixed units.
#include "rulesets/edwardian/mechanics.h"

#include "kit/units.h"
#include "rulesets/edwardian/state.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

namespace umpire::edwardian {

namespace {

const std::string kCite = "I Transferring Figures Between Units";

// The grade whose points are nearest the average points/figures, ties by the rounding rule.
// Exact: compares |points - figures * grade| in whole numbers, never a rounded average.
const Quality& averaged(const Tables& t, long points, long figures) {
    const Quality* best = &t.qualities.front();
    long best_gap = -1;
    for (const auto& q : t.qualities) {
        const long gap = std::labs(points - figures * q.points);
        const bool closer = best_gap < 0 || gap < best_gap;
        const bool tie_wins = gap == best_gap && (t.round_half_up ? q.points > best->points : q.points < best->points);
        if (closer || tie_wins) {
            best = &q;
            best_gap = gap;
        }
    }
    return *best;
}

// The average lies exactly halfway between two grades (2.5, 3.5): the rounding rule decides it.
bool halfway(long points, long figures) { return (2 * points) % figures == 0 && (2 * points / figures) % 2 == 1; }

std::string average_text(long points, long figures) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", static_cast<double>(points) / static_cast<double>(figures));
    return buf;
}

// The receiving unit after `added` figures of `donor_quality` join it: full size grows once the
// losses are replaced, and its quality becomes the average of old and new figures.
void join(const Context& ctx, Changes& changes, const model::Unit& receiver, int figures_before, int added,
          const Quality& donor_quality, rules::Resolution& out) {
    const Tables& t = ctx.tables;
    const int after = figures_before + added;
    join_figures(changes, receiver, added, "drafted in", out);

    const Quality& own = quality_of(t, receiver);
    const long points = static_cast<long>(figures_before) * own.points + static_cast<long>(added) * donor_quality.points;
    const Quality& result = averaged(t, points, after);
    if (figures_before > 0 && own.id != donor_quality.id)
        out.steps.push_back({"Mixed grades: " + std::to_string(figures_before) + " " + own.name + " x " +
                                 std::to_string(own.points) + " + " + std::to_string(added) + " " + donor_quality.name +
                                 " x " + std::to_string(donor_quality.points) + " = " + std::to_string(points) + " / " +
                                 std::to_string(after) + " = " + average_text(points, after) + ": " + result.name,
                             cite(kCite)});
    const Quality* roster = t.quality(receiver.quality);
    changes.set_unit_counter(receiver, key::quality_grade, roster && roster->points == result.points ? 0 : result.points,
                             "quality " + result.name);
}

// "Regular infantry and cavalry may be drafted" (line 31), gun crews too (line 167): refused for
// others.
void check_draftable(const Context& ctx, const model::Unit& donor, rules::Resolution& out) {
    const TroopType* tt = troop_of(ctx.tables, donor);
    if (!tt || !tt->moves)
        throw rules::InputError("unit", donor.name + " is a marker, not figures to draft");
    if (tt->id == "spotter")
        ctx.forbid(out, donor.name + " cannot be drafted: only regular infantry and cavalry, and gun crews, may be",
                   cite(kCite));
    if (donor.has_trait("undisciplined"))
        ctx.forbid(out, donor.name + " are undisciplined: only regular troops may be drafted", cite("I Troops, " + kCite));
}

} // namespace

void join_figures(Changes& changes, const model::Unit& receiver, int added, const std::string& why,
                  rules::Resolution& out) {
    const int before = changes.figures(receiver);
    const int after = before + added;
    const int full = full_size(receiver);
    changes.set_figures(receiver, after, std::to_string(added) + " " + why);
    const int replaced = std::min(added, std::max(0, full - before));
    std::string text = receiver.name + " receives " + plural(added, "figure", "figures") + ": " +
                       std::to_string(replaced) + " replace losses";
    if (after > full) {
        changes.set_unit_counter(receiver, key::full_size, after, "grown beyond its losses");
        text += ", " + std::to_string(after - full) + " add to its size: full size " + std::to_string(full) + " -> " +
                std::to_string(after);
    } else {
        text += "; full size stays " + std::to_string(full);
    }
    out.steps.push_back({text, cite(kCite)});
}

void resolve_average_quality(const Context& ctx, rules::Resolution& out) {
    const Tables& t = ctx.tables;
    long points = 0, figures = 0;
    std::string sum;
    for (const auto& q : t.qualities) {
        const int n = ctx.inputs.count(q.id);
        if (n == 0) continue;
        points += static_cast<long>(n) * q.points;
        figures += n;
        sum += (sum.empty() ? "" : " + ") + std::to_string(n) + " " + q.name + " x " + std::to_string(q.points);
    }
    if (figures == 0) throw rules::InputError("average", "give the number of soldiers of each grade");
    const Quality& result = averaged(t, points, figures);
    out.steps.push_back({sum + " = " + std::to_string(points) + " points", cite(kCite)});
    out.steps.push_back({std::to_string(points) + " / " + std::to_string(figures) + " = " + average_text(points, figures) +
                             ", rounded off to " + std::to_string(result.points) + ": " + result.name +
                             (halfway(points, figures) ? (t.round_half_up ? " (exactly halfway: rounds up)"
                                                                          : " (exactly halfway: rounds down)")
                                                       : ""),
                         cite(kCite)});
    out.results["points"] = static_cast<int>(points);
    out.results["grade"] = result.points;
    out.outcome = "Averaged quality: " + result.name;
}

void resolve_draft(const Context& ctx, rules::Resolution& out) {
    const Tables& t = ctx.tables;
    if (!ctx.unit || !ctx.target)
        throw rules::InputError("target", "drafting needs the unit giving figures (the unit) and the unit receiving "
                                          "them (the target)");
    const model::Unit& donor = *ctx.unit;
    const model::Unit& receiver = *ctx.target;
    const int n = ctx.inputs.count("figures");
    // Sides, gun units and the table are the target's checks (targets.cpp).
    check_draftable(ctx, donor, out);
    if (n < 1 || n > donor.figures)
        throw rules::InputError("figures", donor.name + " has " + std::to_string(donor.figures) + " figures to give");

    Changes changes(ctx.battle, out);
    const Quality& donor_quality = quality_of(t, donor);
    out.steps.push_back({plural(n, "figure", "figures") + " of " + donor.name + " (" + donor_quality.name +
                             ") move into contact and join " + receiver.name +
                             "; they count as casualties of the unit they leave",
                         cite(kCite)});
    changes.set_figures(donor, donor.figures - n, std::to_string(n) + " drafted away");
    out.steps.push_back({donor.name + ": " + std::to_string(donor.figures) + " -> " + std::to_string(donor.figures - n) +
                             " of " + std::to_string(full_size(donor)),
                         cite(kCite)});
    join(ctx, changes, receiver, receiver.figures, n, donor_quality, out);
    out.results["figures"] = n;
    out.outcome = plural(n, "figure", "figures") + " of " + donor.name + " drafted into " + receiver.name;
}

void resolve_claim_gun(const Context& ctx, rules::Resolution& out) {
    const Tables& t = ctx.tables;
    if (!ctx.unit || !ctx.target)
        throw rules::InputError("target", "claiming needs the unit whose figures crew it (the unit) and the abandoned gun (the target)");
    const model::Unit& claimer = *ctx.unit;
    const model::Unit& gun = *ctx.target;  // an abandoned, intact gun (targets.cpp)
    const int crew = ctx.inputs.count("crew");
    check_draftable(ctx, claimer, out);
    // Its crew destroys the gun before they flee (I Morale): it is not there to claim until they rolled.
    if (counter(gun, kit::owed_key("spike-roll")) != 0)
        ctx.forbid(out, gun.name + "'s crew failed morale from fire and rolls to destroy the gun before they flee: roll "
                                   "the spike first",
                   cite("I Morale, " + kCite));
    if (crew < 1 || crew > claimer.figures)
        throw rules::InputError("crew", claimer.name + " has " + std::to_string(claimer.figures) + " figures to crew it");

    const int new_side = side_of(claimer);
    const model::Side* side = ctx.battle.side(new_side);
    out.steps.push_back({"The abandoned gun is claimed by the side first in contact with its base: it becomes a "
                         "new unit of " + (side ? side->name : std::string("that side")) +
                             ", which may neither move nor fire this turn",
                         cite(kCite)});
    // The new unit: the gun with its new crew, on the claiming side. Its crew is its full size and
    // their quality is its quality. The old unit stays where it was, removed from play, so army
    // morale still counts it lost to its side while the new unit adds to the captors' total.
    const Quality& q = quality_of(t, claimer);
    model::Unit captured;
    captured.id = kit::next_unit_id(ctx.battle);
    captured.name = kit::free_unit_name(ctx.battle, gun.name + " (captured)");
    captured.side = new_side;
    captured.troop_type = gun.troop_type;
    captured.quality = q.id;
    captured.weapon = gun.weapon;
    captured.formed = gun.formed;
    captured.start_figures = crew;
    captured.figures = crew;
    captured.counters[key::formed_turn] = ctx.battle.turn;
    captured.counters[key::captured_from] = gun.id;

    Changes changes(ctx.battle, out);
    changes.set_figures(claimer, claimer.figures - crew, std::to_string(crew) + " drafted to crew " + captured.name);
    changes.set_unit_counter(gun, key::abandoned, 0, "claimed by " + claimer.name);
    changes.set_unit_counter(gun, key::claimed_as, captured.id, "now " + captured.name);
    kit::create_unit(ctx.battle, out, captured, 0, gun.name + " claimed by " + claimer.name);
    out.steps.push_back({captured.name + ": a new unit of " + (side ? side->name : std::string("the claiming side")) +
                             " with " + plural(crew, "figure", "figures") + " from " + claimer.name + " (" + q.name +
                             "), who count as casualties of the unit they leave; " + gun.name +
                             " stays removed from play on its own side",
                         cite(kCite)});
    out.results["crew"] = crew;
    out.results["unit"] = captured.id;
    out.outcome = gun.name + " claimed by " + claimer.name + " with " + plural(crew, "crewman", "crewmen") + ": now " +
                  captured.name;
}

} // namespace umpire::edwardian
