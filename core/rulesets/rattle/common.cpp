// The pieces the Rattle of Dice's rules share: the unit as the tables describe it, dice by
// figures, hits taken and the commanders' reach.
#include "rulesets/rattle/mechanics.h"

#include "kit/commanders.h"

namespace umpire::rattle {

std::string cite(const std::string& section) { return "Rattle " + section; }

rules::InputSpec yes_flag(std::string id, std::string label, std::string help) {
    rules::InputSpec s = kit::flag_input(std::move(id), std::move(label), std::move(help));
    s.fallback = "yes";
    return s;
}

const TroopType& type_of(const Tables& t, const model::Unit& unit) {
    if (const TroopType* tt = t.troop_type(unit.troop_type)) return *tt;
    throw rules::InputError("unit", unit.name + " is of type \"" + unit.troop_type + "\", which " + t.name +
                                        " does not know");
}

const Quality& quality_of(const Tables& t, const model::Unit& unit) {
    if (const Quality* q = t.quality(unit.quality)) return *q;
    throw rules::InputError("unit", unit.name + " is of class \"" + unit.quality + "\", which " + t.name +
                                        " does not know");
}

const Formation* formation_of(const Tables& t, const model::Unit& unit) {
    if (const int code = kit::counter(unit, key::kFormation); code > 0)
        if (const Formation* f = t.formation_by_code(code)) return f;
    const TroopType* tt = t.troop_type(unit.troop_type);
    return tt ? t.formation(tt->formation) : nullptr;
}

bool is_mounted(const Tables& t, const model::Unit& unit) {
    const TroopType* tt = t.troop_type(unit.troop_type);
    return tt && tt->mounted && kit::counter(unit, key::kDismounted) == 0;
}

bool is_limbered(const model::Unit& unit) { return kit::counter(unit, key::kLimbered) != 0; }

bool this_turn(const model::Battle& battle, const model::Unit& unit, const std::string& key) {
    auto it = unit.counters.find(key);
    return it != unit.counters.end() && it->second == battle.turn;
}

int unit_figures(const Context& ctx, const std::string& input) {
    const int figures = ctx.inputs.count(input);
    if (ctx.unit && figures > ctx.unit->figures)
        throw rules::InputError(input, ctx.unit->name + " has " + std::to_string(ctx.unit->figures) + " figures, not " +
                                           std::to_string(figures));
    return figures;
}

double times(double value, const Fraction& f) { return value * f.first / f.second; }
std::string fraction_text(const Fraction& f) { return std::to_string(f.first) + "/" + std::to_string(f.second); }

int dice_for(const Tables& t, int count, int per) { return kit::dice_for(count, t.per_die(per)); }

std::string per_die_words(const Tables& t, int per) {
    return "1 die per " + std::to_string(per) +
           (t.options.count_half_remainders ? ", remainder of 1/2 or more counts" : ", whole groups only (house rule)");
}

void take_hits(const Context& ctx, kit::Changes& changes, const model::Unit& unit, int hits, HitSource source) {
    if (hits <= 0) return;
    rules::Resolution& out = changes.out();
    const int before = changes.figures(unit);
    const int after = std::max(0, before - hits);
    const std::string why = source == HitSource::Shooting ? "hits from shooting"
                            : source == HitSource::Melee  ? "hits in melee"
                            : source == HitSource::Crash  ? "casualties in a crash"
                                                          : "the colour bearer hit";
    changes.set_figures(unit, after, kit::hits_text(hits) + ": " + why);
    out.steps.push_back({unit.name + ": " + std::to_string(before) + " figures, " + hits_text(hits) + " (1 figure each): " +
                             std::to_string(after) + " left",
                         cite(ctx.tables.dice_citation)});
    if (after == 0) {
        changes.set_flag(unit, model::Flag::Routed, true, "no figures left");
        out.steps.push_back({unit.name + " has no figures left and is removed from the game", cite(ctx.tables.dice_citation)});
        return;
    }
    if (source == HitSource::Shooting || source == HitSource::Melee) {
        // Steady Men! and Rally Round the Flag try to cancel one of these hits (lines 78-79).
        changes.set_unit_counter(unit, key::kRecentHits, hits, "hits Steady Men! or the flag may cancel");
        changes.set_unit_counter(unit, key::kRecentHitsTurn, ctx.battle.turn, "hits taken this turn");
        changes.set_unit_counter(unit, key::kSteadyTried, 0, "a new set of hits");
        changes.set_unit_counter(unit, key::kFlagTried, 0, "a new set of hits");
        const TroopType& tt = type_of(ctx.tables, unit);
        std::string may = "a General who commands " + unit.name + " may join it and roll Steady Men! to cancel one hit";
        if (tt.colours && unit.has_trait("colour-bearer") && kit::counter(unit, key::kFlagLost) == 0)
            may += "; its colour bearer may Rally Round the Flag";
        out.steps.push_back({may, cite(ctx.tables.steady_citation)});
    }
    const Shaken& s = ctx.tables.shaken;
    if (s.enabled && !changes.flag(unit, model::Flag::Shaken)) {
        const int lost = unit.start_figures - after;
        if (lost * s.lost.second > unit.start_figures * s.lost.first) {
            changes.set_flag(unit, model::Flag::Shaken, true, "lost more than " + fraction_text(s.lost) + " of its figures");
            out.steps.push_back({unit.name + " has lost " + std::to_string(lost) + " of " +
                                     std::to_string(unit.start_figures) + " figures, more than " + fraction_text(s.lost) +
                                     ": shaken (house rule)",
                                 cite(s.citation)});
        }
    }
}

int shaken_dice(const Context& ctx, int dice, bool shaken, const std::string& who, rules::Resolution& out) {
    const Shaken& s = ctx.tables.shaken;
    if (!shaken) return dice;
    if (!s.enabled) {
        out.steps.push_back({who + " is marked shaken, but the text has no Shaken rule (the house rule is off): full dice",
                             cite(s.citation)});
        return dice;
    }
    const int after = dice_for(ctx.tables, dice, s.divisor);
    out.steps.push_back({who + " is shaken: 1/" + std::to_string(s.divisor) + " of the dice (house rule): " + dice_text(after),
                         cite(s.citation)});
    return after;
}

void check_commands(const Context& ctx, const model::Commander& commander, const model::Unit& unit,
                    const std::string& rule, rules::Resolution& out) {
    if (commander.status != model::CommanderStatus::Active)
        throw rules::InputError("commander", commander.name + " is " +
                                                 std::string(model::commander_status_id(commander.status)));
    if (commander.side != unit.side)
        throw rules::InputError("commander", commander.name + " is not on " + unit.name + "'s side");
    if (!kit::commands(commander, unit))
        ctx.forbid(out, commander.name + " is a Brigade General and " + unit.name +
                            " is not assigned to his command: " + rule,
                   cite("Generals (line 22)"));
}

} // namespace umpire::rattle
