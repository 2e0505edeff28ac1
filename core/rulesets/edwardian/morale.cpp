// Morale (I Morale, II Officers and Standard Bearers): 2d6 against the quality's number, a
// greater score fails and removes the unit. +1 per full quarter lost in total and per full
// quarter lost in the phase that caused the check. A gun crew failing from fire may spike it.
#include "rulesets/edwardian/contact.h"
#include "rulesets/edwardian/mechanics.h"
#include "rulesets/edwardian/state.h"

#include "kit/phase_counts.h"
#include "kit/headline.h"

namespace umpire::edwardian {

namespace {

const std::string kMoraleCite = "I Morale";
const std::string kMoraleOfficersCite = "II Optional Morale Rules - Officers and Standard Bearers";

// Full steps of `lost` in `full`: +1 per full quarter, so 3 of 12 is one and 2 of 12 none.
int full_steps(const Morale& m, int lost, int full) {
    return lost * m.step_denominator / (full * m.step_numerator);
}

// "8/12 (66%): 2 full steps of 25%".
std::string steps_text(const Morale& m, int lost, int full, int steps) {
    return std::to_string(lost) + "/" + std::to_string(full) + " (" + std::to_string(100 * lost / full) + "%): " +
           plural(steps, "full step", "full steps") + " of " +
           std::to_string(100 * m.step_numerator / m.step_denominator) + "%";
}

} // namespace

void resolve_morale(const Context& ctx, rules::Resolution& out) {
    const Tables& t = ctx.tables;
    const Morale& m = t.morale;
    const Quality& q = *t.quality(ctx.inputs.choice("quality"));
    const int full = ctx.inputs.count("full-size");
    const int lost = ctx.inputs.count("lost");
    const int phase = ctx.inputs.count("phase-lost");
    const std::string who = ctx.unit_name();
    if (full < 1) throw rules::InputError("full-size", "a unit has at least 1 figure at full size");
    if (lost > full) throw rules::InputError("lost", "cannot have lost more than its full size of " + std::to_string(full));
    if (phase > lost) throw rules::InputError("phase-lost", "cannot be more than the casualties in total (" +
                                                                std::to_string(lost) + ")");

    out.steps.push_back({who + ": " + q.name + ", morale " + std::to_string(q.morale) + ": roll " +
                             std::to_string(m.dice) + " dice; a score greater than " + std::to_string(q.morale) +
                             " fails and the unit is removed",
                         cite(kMoraleCite)});
    int modifier = 0;
    const int total_steps = full_steps(m, lost, full);
    modifier += total_steps * m.total_modifier;
    out.steps.push_back({"Casualties in total " + steps_text(m, lost, full, total_steps) + ", " +
                             signed_text(total_steps * m.total_modifier),
                         cite(kMoraleCite)});
    const int phase_steps = full_steps(m, phase, full);
    modifier += phase_steps * m.phase_modifier;
    out.steps.push_back({"Casualties in the phase that caused the check " + steps_text(m, phase, full, phase_steps) +
                             ", " + signed_text(phase_steps * m.phase_modifier),
                         cite(kMoraleCite)});
    if (ctx.inputs.flag("hard-cover")) {
        modifier += m.hard_cover;
        out.steps.push_back({"In fortifications or hard cover " + signed_text(m.hard_cover), cite(kMoraleCite)});
    }
    if (t.options.officers) {
        const std::string& officer = ctx.inputs.choice("officer");
        if (officer == "present") modifier += m.officer_present;
        if (officer == "killed") modifier += m.officer_killed;
        if (officer != "none")
            out.steps.push_back({officer == "present" ? "Officer with the unit " + signed_text(m.officer_present)
                                                      : "Officer killed " + signed_text(m.officer_killed),
                                 cite(kMoraleOfficersCite)});
    }
    if (t.options.standards) {
        const std::string& standard = ctx.inputs.choice("standard");
        if (standard == "present") modifier += m.standard_present;
        if (standard == "captured") modifier += m.standard_captured;
        if (standard != "none")
            out.steps.push_back({standard == "present" ? "Standard with the unit " + signed_text(m.standard_present)
                                                       : "Standard captured " + signed_text(m.standard_captured),
                                 cite(kMoraleOfficersCite)});
    }
    out.steps.push_back({"Modifier " + signed_text(modifier) + ": passes on a roll of " +
                             std::to_string(q.morale - modifier) + " or less",
                         cite(kMoraleCite)});

    const auto score = dice::Distribution::die(6).times(m.dice) + dice::Distribution::constant(modifier);
    out.odds.push_back({"modified score", score});
    out.chances.push_back({"fails", score.p_at_least(q.morale + 1)});
    out.chances.push_back({"passes", score.p_at_most(q.morale)});
    if (!ctx.dice) {
        out.outcome = who + ": morale check, passes on " + std::to_string(q.morale - modifier) + " or less";
        return;
    }

    auto roll = ctx.dice->d6s(m.dice, "the morale dice");
    out.dice.push_back({"Morale dice", roll, 0, 0});
    int sum = modifier;
    for (int v : roll) sum += v;
    const bool fails = sum > q.morale;
    out.results["score"] = sum;
    out.results["failed"] = fails ? 1 : 0;
    out.steps.push_back({"Rolled " + std::to_string(sum - modifier) + ", modified " + std::to_string(sum) +
                             (fails ? ": greater than " + std::to_string(q.morale) + ", fails"
                                    : ": " + std::to_string(q.morale) + " or less, passes"),
                         cite(kMoraleCite)});
    out.outcome = who + (fails ? ": fails morale and is removed" : ": passes morale");
    if (!ctx.unit) return;

    const model::Unit& u = *ctx.unit;
    Changes changes(ctx.battle, out);
    kit::clear_phase_count(ctx.battle, out, u, key::phase_losses, "morale checked");
    changes.set_unit_counter(u, key::loss_cause, 0, "morale checked");
    if (!fails) return;
    changes.set_flag(u, model::Flag::Routed, true, "failed morale: removed from play");
    kit::outcome_says_lost(out, u);  // "fails morale and is removed"
    contact_ended(ctx, u, out);
    // Remembered for the campaign: a unit that failed morale in a battle drops a level (III).
    changes.set_unit_counter(u, key::failed_morale, ctx.battle.turn, "failed morale");
    if (!is_gun(t, u) || gun_out_of_action(u)) return;
    changes.set_unit_counter(u, key::abandoned, 1, "crew fled: gun abandoned");
    if (ctx.inputs.choice("cause") == "fire") {
        out.steps.push_back({"An MG or gun crew failing from fire may destroy the gun before fleeing: roll to spike it",
                             cite(kMoraleCite)});
        ctx.owe(out, u, "spike-roll", "crew failed morale from fire");
    } else {
        out.steps.push_back({"Failed from melee: the gun is abandoned intact and may be claimed", cite(kMoraleCite)});
    }
}

void resolve_spike(const Context& ctx, rules::Resolution& out) {
    const Tables& t = ctx.tables;
    const Quality& q = *t.quality(ctx.inputs.choice("quality"));
    const std::string who = ctx.unit_name("The crew");
    if (ctx.unit) {
        const model::Unit& u = *ctx.unit;
        if (!is_gun(t, u)) throw rules::InputError("unit", u.name + " has no gun to spike");
        if (gun_out_of_action(u)) throw rules::InputError("unit", u.name + "'s gun is already out of action");
        // The crew destroys the gun "before they flee": once it is claimed it is another unit's gun.
        if (const int claimed = counter(u, key::claimed_as)) {
            const model::Unit* now = ctx.battle.unit(claimed);
            throw rules::InputError("unit", u.name + "'s gun has been claimed" + (now ? " (now " + now->name + ")" : "") +
                                                ": its crew destroys it before they flee, not after");
        }
        // Read before the action paid it: the roll is owed only by a crew that failed from fire.
        if (counter(u, kit::owed_key("spike-roll")) == 0)
            ctx.forbid(out, u.name + " has not failed morale as a result of fire: only then does its crew roll to destroy "
                                     "the gun (not after a failure from melee)",
                       cite(kMoraleCite));
    }
    const int need = t.morale.spike_on;
    out.steps.push_back({q.name + " crew " + signed_text(q.spike) + ": the gun is destroyed on a modified " +
                             std::to_string(need) + " or better",
                         cite(kMoraleCite)});
    const auto score = dice::Distribution::die(6) + dice::Distribution::constant(q.spike);
    out.odds.push_back({"modified score", score});
    out.chances.push_back({"gun destroyed", score.p_at_least(need)});
    if (!ctx.dice) {
        out.outcome = who + ": spike roll, " + std::to_string(need) + "+ with " + signed_text(q.spike);
        return;
    }
    const int roll = ctx.dice->d6("the spike roll");
    out.dice.push_back({"Spike roll", {roll}, q.spike, need});
    const bool spiked = roll + q.spike >= need;
    out.results["spiked"] = spiked ? 1 : 0;
    out.steps.push_back({"Rolled " + std::to_string(roll) + ", modified " + std::to_string(roll + q.spike) +
                             (spiked ? ": the gun is destroyed and cannot be captured or re-used"
                                     : ": the gun is left intact for whoever reaches it first"),
                         cite(kMoraleCite)});
    out.outcome = who + (spiked ? ": gun spiked" : ": gun abandoned intact");
    if (!ctx.unit) return;
    Changes changes(ctx.battle, out);
    if (spiked) {
        changes.set_unit_counter(*ctx.unit, key::spiked, 1, "destroyed by its crew");
        changes.set_unit_counter(*ctx.unit, key::abandoned, 0, "destroyed: nothing to claim");
    } else {
        changes.set_unit_counter(*ctx.unit, key::abandoned, 1, "abandoned intact");
    }
}

} // namespace umpire::edwardian
