// Morale (9): casualties and the shaken threshold (9.2), the rally test (9.3); and two actions for
// losses the table decides: casualties from anything the app did not roll (a rogue rocket, a
// chance card), and a unit forced off the table.
#include "rulesets/macduff/action_def.h"
#include "rulesets/macduff/chance.h"
#include "kit/headline.h"

#include <algorithm>

namespace umpire::macduff {

using model::Entity;
using model::Flag;

bool is_shaken_by_losses(const Quality& quality, int start, int lost) {
    return lost * quality.shaken_denominator > start * quality.shaken_numerator;
}

const Quality& quality_of(const Tables& tables, const model::Unit& unit) {
    if (const Quality* q = tables.quality(unit.quality)) return *q;
    if (const Quality* q = tables.quality("average")) return *q;
    return tables.qualities.front();
}

namespace {

std::string fraction(const Quality& q) {
    return std::to_string(q.shaken_numerator) + "/" + std::to_string(q.shaken_denominator);
}

// The active commander joined to the unit as the resolution has left things so far.
const model::Commander* joined_now(const Context& ctx, const rules::Resolution& out, int unit_id) {
    for (const auto& c : ctx.battle.commanders)
        if (current(ctx.battle, out, Entity::Commander, c.id, "status") ==
                static_cast<std::int64_t>(model::CommanderStatus::Active) &&
            current(ctx.battle, out, Entity::Commander, c.id, "attached-unit") == unit_id)
            return &c;
    return nullptr;
}

// Who rolls Steady Men! for hits from `source` (3.4): the joined commander, else the unit's officer
// acting as one (R59); empty when no one does, or when he has already rolled for shooting hits on
// the unit this turn ("the first time each turn").
std::string steady_leader(const Context& ctx, const rules::Resolution& out, const model::Unit& unit, HitSource source) {
    if (source == HitSource::Other) return {};
    const model::Commander* c = joined_now(ctx, out, unit.id);
    if (!c && !officer_commands(unit)) return {};
    if (source == HitSource::Shooting && this_turn(ctx.battle, unit, key::kSteadyShootingTurn)) return {};
    return c ? c->name : unit.name + "'s officer";
}

// 3.4: the joined commander must roll the first time each turn the unit takes hits from
// shooting, and again after melee if it takes hits. The roll is a follow-up; what it may undo
// (the hit, the shaken state, the rally test it caused) is kept on the unit until then.
void queue_steady_men(const Context& ctx, const model::Unit& unit, int hits, bool became_shaken,
                      bool rally_was_due, HitSource source, rules::Resolution& out) {
    if (source == HitSource::Other) return;
    const model::Commander* c = joined_now(ctx, out, unit.id);
    if (!c && !officer_commands(unit)) return;
    const std::string leader = c ? c->name : unit.name + "'s officer";
    const std::string citation = cite("3.4 Steady Men!");
    if (steady_leader(ctx, out, unit, source).empty()) {
        out.steps.push_back({leader + " has already rolled Steady Men! for shooting hits on " +
                                 unit.name + " this turn: no roll", citation});
        return;
    }
    if (source == HitSource::Shooting)
        set_counter(ctx.battle, out, unit, key::kSteadyShootingTurn, ctx.battle.turn, "Steady Men! rolled this turn");
    set_counter(ctx.battle, out, unit, key::kSteadyHits, hits, "hits awaiting Steady Men!");
    set_counter(ctx.battle, out, unit, key::kSteadyShaken, became_shaken ? 1 : 0, "hits awaiting Steady Men!");
    set_counter(ctx.battle, out, unit, key::kSteadyRally, rally_was_due ? 0 : 1, "hits awaiting Steady Men!");
    out.steps.push_back({(c ? c->name + " has joined " + unit.name : leader + " acts as a joined commander") +
                             " and must roll Steady Men!: 4-6 cancels "
                         "one of the hits, 1 wounds him",
                         citation});
    ctx.owe(out, unit, owed::kSteadyMen,
            leader + " with " + unit.name + ", hit " + (source == HitSource::Shooting ? "by shooting" : "in melee"));
}

} // namespace

bool take_casualties(const Context& ctx, const model::Unit& unit, int hits, bool rally_if_shaken,
                     HitSource source, rules::Resolution& out) {
    const model::Battle& b = ctx.battle;
    const bool was_shaken = flag_now(b, out, unit, Flag::Shaken);
    if (hits <= 0) return was_shaken;
    const int figures = static_cast<int>(current(b, out, Entity::Unit, unit.id, "figures"));
    const int start = static_cast<int>(current(b, out, Entity::Unit, unit.id, "start-figures"));
    int after = std::max(0, figures - hits);
    // 3.4: the roll comes before the hits take the last figure: when cancelling one of them would
    // save the unit, that figure stands until the roll (R20).
    const std::string leader = steady_leader(ctx, out, unit, source);
    const bool last_pending = after == 0 && hits == figures && !leader.empty();
    if (last_pending) after = 1;
    const int lost_now = figures - after;
    if (lost_now > 0) {
        change(b, out, Entity::Unit, unit.id, "figures", after, std::to_string(lost_now) + " casualties");
        out.steps.push_back({unit.name + " loses " + std::to_string(lost_now) +
                                 (lost_now == 1 ? " figure: " : " figures: ") + std::to_string(figures) + " -> " +
                                 std::to_string(after) + " of " + std::to_string(start),
                             cite("9.1 Hits")});
    }
    if (last_pending) {
        set_counter(b, out, unit, key::kSteadyLast, 1, "its last figure awaits Steady Men!");
        out.steps.push_back({unit.name + "'s last figure stands until " + leader + " rolls Steady Men!: 4-6 cancels "
                             "the hit that would take it, otherwise it falls and the unit is destroyed",
                             cite("3.4 Steady Men!")});
    }
    if (after == 0) {
        unit_lost(ctx, unit, LossCause::Destroyed, "no figures left", out);
        return was_shaken;
    }

    const Quality& q = quality_of(ctx.tables, unit);
    const int lost = start - after;
    bool shaken = was_shaken;
    if (!was_shaken && is_shaken_by_losses(q, start, lost)) {
        shaken = true;
        set_flag(b, out, unit, Flag::Shaken, true, "lost more than " + fraction(q));
        out.steps.push_back({unit.name + " has lost " + std::to_string(lost) + " of " + std::to_string(start) +
                                 ", more than " + fraction(q) + " (" + q.name + "): shaken",
                             cite("9.2 Shaken")});
    } else if (!was_shaken) {
        out.steps.push_back({unit.name + " has lost " + std::to_string(lost) + " of " + std::to_string(start) +
                                 ", not more than " + fraction(q) + " (" + q.name + "): not shaken",
                             cite("9.2 Shaken")});
    }
    queue_steady_men(ctx, unit, lost_now + (last_pending ? 1 : 0), shaken && !was_shaken,
                     flag_now(b, out, unit, Flag::NeedsRally), source, out);
    if (shaken && rally_if_shaken && lost_now > 0) require_rally(ctx, unit, out);
    return shaken;
}

void require_rally(const Context& ctx, const model::Unit& unit, rules::Resolution& out) {
    // Its last figure stands only until Steady Men! (3.4, R20): a roll that does not cancel a hit
    // destroys the unit, and a destroyed unit tests nothing. The test is owed once it stands.
    if (counter_now(ctx.battle, out, unit, key::kSteadyLast) != 0) {
        set_counter(ctx.battle, out, unit, key::kSteadyRallyAfter, 1, "a rally test if its last figure stands");
        out.steps.push_back({unit.name + " is shaken and took casualties: if its last figure stands after Steady Men!, "
                                         "it must take a rally test",
                             cite("9.2 Shaken")});
        return;
    }
    set_flag(ctx.battle, out, unit, Flag::NeedsRally, true, "shaken and took casualties");
    out.steps.push_back({unit.name + " is shaken and took casualties: it must take a rally test",
                         cite("9.2 Shaken")});
    ctx.owe(out, unit, owed::kShakenRally, unit.name + " is shaken and took casualties");
}

namespace {

// When a unit tests, while the turn runs (R20, R64): after the Steady Men! roll its hits oblige,
// since that roll may cancel the hit that obliged the test; and once a turn, again only when new
// casualties oblige it: a unit that retreated "takes a rally test next turn" (9.3), not at once.
void rally_in_turn(const Context& ctx, const model::Unit& u, rules::Resolution& out) {
    if (kit::counter(u, kit::owed_key(owed::kSteadyMen)) != 0)
        ctx.forbid(out, u.name + " takes its rally test after the Steady Men! roll its hits oblige: the roll may "
                            "cancel the hit that obliged the test",
                   cite("3.4 Steady Men!"));
    if (!turn_running(ctx.battle) || !kit::did(ctx.battle, u, Deed::Rallied, Within::Turn)) return;
    if (kit::counter(u, kit::owed_key(owed::kShakenRally)) != 0) return;  // new casualties oblige it again
    ctx.forbid(out, u.name + " has taken its rally test this turn: a unit that retreats takes a rally test next "
                        "turn, and a shaken unit tests again when it takes casualties",
               cite("9.3 Rally Test"));
}

void resolve_rally(const Context& ctx, rules::Resolution& out) {
    const Tables& t = ctx.tables;
    const Quality* q = t.quality(ctx.inputs.choice("quality"));
    const bool joined = ctx.inputs.flag("joined");
    const bool edge = ctx.inputs.flag("edge");
    const std::string citation = cite(t.rally.citation);
    const std::string name = who(ctx.unit);
    if (ctx.unit) rally_in_turn(ctx, *ctx.unit, out);

    int modifier = q->rally_modifier;
    std::string working = "1 die";
    if (q->rally_modifier != 0) working += ", " + signed_text(q->rally_modifier) + " " + q->name;
    if (joined) {
        modifier += t.rally.joined_commander_modifier;
        working += ", " + signed_text(t.rally.joined_commander_modifier) + " joined by a commander";
    }
    out.steps.push_back({working + ": modifier " + signed_text(modifier), citation});

    // Exact odds: the modified score and the chance of each result.
    out.odds.push_back({"modified score", dice::Distribution::die(6) + dice::Distribution::constant(modifier)});
    for (const auto& row : t.rally.results) {
        double p = 0;
        for (int face = 1; face <= 6; ++face)
            if (&t.rally_result(face + modifier) == &row) p += 1.0 / 6;
        out.chances.push_back({row.name, p});
    }
    if (!ctx.dice) {
        out.outcome = "Rally test: roll 1 die, modifier " + std::to_string(modifier);
        return;
    }

    const int roll = ctx.dice->d6("the rally test");
    out.dice.push_back({"Rally die", {roll}, modifier, 0});
    const int score = roll + modifier;
    const RallyResult& result = t.rally_result(score);
    out.steps.push_back({"Rolled " + std::to_string(roll) + ", modified " + std::to_string(score) + ": " +
                             result.name + ". " + result.text,
                         citation});
    out.outcome = name + ": " + result.name;
    out.results["score"] = score;

    if (!ctx.unit) return;
    const model::Unit& u = *ctx.unit;
    kit::record(ctx.battle, out, u, Deed::Rallied, How::Plain, 0, "rally test: " + result.name);
    if (result.id == "rally") {
        set_flag(ctx.battle, out, u, Flag::NeedsRally, false, "rallied");
        set_flag(ctx.battle, out, u, Flag::Disordered, false, "rallied and reformed");
    } else if (result.id == "retreat") {
        if (edge) {
            out.steps.push_back({name + " retreats a full move and reaches the table edge: it leaves the board",
                                 citation});
            unit_lost(ctx, u, LossCause::OffTable, "retreated off the table after a rally test", out);
        } else {
            set_flag(ctx.battle, out, u, Flag::NeedsRally, true, "retreats; tests again next turn");
            ctx.owe(out, u, owed::kRallyRetreat, "rolled " + result.name + " on its rally test");
            ctx.owe(out, u, owed::kRallyNextTurn, "rolled " + result.name + " on its rally test");
        }
    } else {
        unit_lost(ctx, u, LossCause::Routed, "rout on the rally test", out);
        kit::outcome_says_lost(out, u);  // the result's name: "Rout"
    }
}

void rally_defaults(const DefaultsContext& c, Defaults& d) {
    if (!c.unit) return;
    d["quality"] = c.unit->quality;
    d["joined"] = yes_no(led_as_joined(c.battle, *c.unit));
}

// Hits the app did not roll: a rogue rocket landing, a fire, a chance card. Taken as figures with
// every consequence (shaken, rally, Steady Men! for shooting or melee hits).
void resolve_casualties(const Context& ctx, rules::Resolution& out) {
    const int hits = ctx.inputs.count("hits");
    const std::string& from = ctx.inputs.choice("from");
    const HitSource source = from == "shooting" ? HitSource::Shooting
                             : from == "melee"  ? HitSource::Melee
                                                : HitSource::Other;
    out.results["hits"] = hits;
    out.outcome = who(ctx.unit) + " takes " + hits_text(hits);
    out.steps.push_back({who(ctx.unit) + " takes " + hits_text(hits) + " (" + from + "): 1 figure each",
                         cite("9.1 Hits")});
    if (ctx.unit) take_casualties(ctx, *ctx.unit, hits, /*rally_if_shaken=*/true, source, out);
}

void resolve_off_table(const Context& ctx, rules::Resolution& out) {
    const bool forced = ctx.inputs.flag("forced");
    out.outcome = who(ctx.unit) + (forced ? " is forced off the table" : " leaves the table");
    out.steps.push_back({forced ? "A unit forced to retreat off the table counts as lost for army morale"
                                : "A unit leaving the table of its own accord is not a loss for army morale",
                         cite("10 Army Morale")});
    if (ctx.unit) {
        unit_lost(ctx, *ctx.unit, forced ? LossCause::OffTable : LossCause::Withdrawn,
                  forced ? "forced off the table" : "left the table", out);
        kit::outcome_says_lost(out, *ctx.unit);  // "is forced off the table", "leaves the table"
    }
}

} // namespace

void add_morale_actions(const Tables& t, ActionDefs& out) {
    ActionDef rally;
    rally.spec.id = "rally";
    rally.spec.name = "Rally test";
    rally.spec.summary = "A shaken unit that took casualties tests: 5-6 rally, 2-4 retreat, 1 rout";
    rally.spec.citation = cite(t.rally.citation);
    rally.spec.needs_unit = true;
    std::vector<rules::Choice> qualities;
    for (const auto& q : t.qualities) qualities.push_back({q.id, q.name, q.rally_modifier, {}});
    rally.spec.inputs.push_back(choice_input("quality", "Quality", qualities, "average"));
    rally.spec.inputs.push_back(flag_input("joined", "Joined by a commander", "+1 if a commander has joined the unit"));
    rally.spec.inputs.push_back(flag_input("edge", "Retreat reaches the table edge",
                                           "A retreating unit that reaches the edge leaves the board (9.3)"));
    rally.resolve = resolve_rally;
    rally.defaults = rally_defaults;
    out.push_back(rally);

    ActionDef hits;
    hits.spec.id = "casualties";
    hits.spec.name = "Casualties";
    hits.spec.summary = "Hits the app did not roll (a rogue rocket, a fire, a chance card): figures, shaken, rally";
    hits.spec.citation = cite("9.1 Hits");
    hits.spec.needs_unit = true;
    hits.spec.inputs.push_back(count_input("hits", "Hits", "Each hit removes one figure", 0, kMaxFigures));
    hits.spec.inputs.push_back(choice_input("from", "From",
                                            {{"shooting", "Shooting (rogue rocket, a second shot)", 0, {}},
                                             {"melee", "Melee", 0, {}},
                                             {"other", "Anything else", 0, {}}},
                                            "other", "Shooting and melee hits oblige a joined commander's Steady Men! roll"));
    hits.resolve = resolve_casualties;
    out.push_back(hits);

    ActionDef off;
    off.spec.id = "off-table";
    off.spec.name = "Off the table";
    off.spec.summary = "A unit leaves the table: forced off, it is lost for army morale";
    off.spec.citation = cite("10 Army Morale");
    off.spec.needs_unit = true;
    rules::InputSpec forced = flag_input("forced", "Forced to retreat off the table",
                                         "Forced off (a retreat reaching the edge) counts against army morale");
    forced.fallback = "yes";
    off.spec.inputs.push_back(forced);
    off.resolve = resolve_off_table;
    out.push_back(off);
}

} // namespace umpire::macduff
