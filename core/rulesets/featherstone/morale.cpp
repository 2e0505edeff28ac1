// Morale (lines 174-234; summary lines 362-404): one die and the modifiers read on the
// three-column table (Rally, Charged, Lost Melee) at 0 to 7, every result applied to the unit:
// disorder, falling back, routing with a die of figures lost, dispersing, standing, forming square,
// first fire, charging. A charged unit due a check from casualties reads the same roll on the
// Charged column if it stands. An unattached general using his influence risks a stray round.
#include "rulesets/featherstone/mechanics.h"
#include "kit/headline.h"

#include <algorithm>
#include <set>

namespace umpire::featherstone {

namespace {

const std::string kMoraleCite = "Morale";

// The modifier a general's choice gives: "plus-2" -> +2, "even" -> 0, "minus-1" -> -1.
int general_value(const std::string& id) {
    if (id == "even" || id == "none") return 0;
    const int v = id.back() - '0';
    return id.rfind("minus", 0) == 0 ? -v : v;
}

struct Reading {
    Column column;
    int score;
    const MoraleResult* result;
};

std::string column_name(Column c) { return c == Column::Rally ? "Rally" : c == Column::Charged ? "Charged" : "Lost Melee"; }

} // namespace

namespace {

void apply_result(const Context& ctx, const MoraleResult& r, Changes& changes, rules::Resolution& out) {
    const Tables& t = ctx.tables;
    const std::string who = ctx.unit_name();
    const model::Unit* u = ctx.unit;
    const TroopType* type = t.troop_type(ctx.inputs.choice("type"));
    const bool infantry = type && type->arm == Arm::Infantry;
    const bool cavalry = type && type->arm == Arm::Cavalry;
    const bool by_cavalry = ctx.inputs.flag("charged-by-cavalry");
    auto say = [&](const std::string& text) { out.steps.push_back({who + " " + text, cite(kMoraleCite)}); };
    auto form_square = [&](const std::string& why) {
        say("forms square" + why);
        if (u) changes.set_unit_counter(*u, key::formation, t.formation("square")->code, "formed square");
    };
    if (r.has("disperse")) {
        say("disperses or surrenders: removed from the game");
        if (u) {
            changes.set_flag(*u, model::Flag::Routed, true, "dispersed");
            kit::outcome_says_lost(out, *u);  // the table's words: "Disperse", "disperses or surrenders"
        }
        return;
    }
    // Disorder is lifted only by the rally check at the beginning of a turn ("Disordered troops are
    // those that did not successfully rally at the beginning of the turn", line 11): a charger's
    // check for casualties that reads "Rally" holds it together, still disordered and marked.
    const bool casualties_check = ctx.inputs.choice("check") == "casualties";
    if (r.has("rally") && casualties_check) {
        out.steps.push_back({who + " holds under fire; the disorder its casualties caused stays until its rally check at "
                                   "the start of the next turn",
                             cite("Terms")});
    } else if (r.has("rally")) {
        say("rallies: no longer disordered");
        if (u) {
            changes.set_flag(*u, model::Flag::Disordered, false, "rallied");
            changes.set_flag(*u, model::Flag::NeedsRally, false, "rallied");
        }
    }
    if (r.has("rout")) say("routs 2 moves, facing away from the enemy");
    if (r.has("break")) say("breaks 2 moves, facing away from the enemy");
    if (r.has("fall-back")) say("falls back 1 move, facing the enemy");
    if (u && (r.has("rout") || r.has("break") || r.has("fall-back")))
        kit::record(ctx.battle, out, *u, Deed::Moved, How::Retreat, 0, r.text);
    if (r.has("lose-d6") && ctx.dice) {
        const int lost = kit::roll_one(*ctx.dice, out, "Figures lost", "the die of figures lost");
        const int before = u ? changes.figures(*u) : 0;
        say("loses a die of figures: " + std::to_string(lost));
        out.results["figures-lost"] = lost;
        if (u) changes.set_figures(*u, std::max(0, before - lost), "lost a die of figures routing");
    }
    if (r.has("disorder")) {
        say("is disordered and marked to rally next turn");
        if (u) disorder(changes, *u, r.text);
    }
    if (r.has("no-move")) {
        say("may not move this turn");
        if (u) stamp(changes, *u, key::no_move, r.text);
    }
    if (r.has("half-move")) {
        say("may make a half move this turn");
        if (u) stamp(changes, *u, key::half_move, r.text);
    }
    if (r.has("charge") && !casualties_check) {
        say("must charge an enemy within 1 charge move immediately");
        if (u) stamp(changes, *u, key::must_charge, r.text);
        if (u && ctx.inputs.choice("check") == "rally" && ctx.inputs.flag("enemy-in-reach"))
            ctx.owe(out, *u, "seven-must-charge", "rallied with a 7");
    }
    if (r.has("stand")) say("stands its ground");
    if (r.has("square")) {
        if (infantry && by_cavalry)
            form_square(": infantry charged by cavalry MUST form square when the result calls for it");
        else
            say("is not infantry charged by cavalry: no square");
    }
    if (r.has("first-fire")) {
        if (ctx.inputs.flag("moved")) {
            say("moved this turn: no first fire");
        } else {
            say("may fire first at the charging unit (that shot is its melee)");
            if (u) stamp(changes, *u, key::first_fire, r.text);
        }
    }
    if (r.has("respond")) {
        // The player's choice, asked (kit/ask.h): cavalry charged by cavalry has none (it MUST
        // counter-charge, line 229), infantry charged by cavalry may not charge it (line 133).
        std::vector<std::string> open;
        if (cavalry && by_cavalry) open = {"counter-charge"};
        else if (infantry && by_cavalry) open = {"stand", "square"};
        else if (!infantry) open = {"counter-charge", "stand"};
        const std::optional<std::string> chosen = kit::ask(ctx.inputs, kit::player_choice(t.choices, "response"), out, open);
        if (!chosen) return;
        std::string response = *chosen;
        if (cavalry && by_cavalry && response != "counter-charge") {
            response = "counter-charge";
            out.steps.push_back({"Cavalry charged by cavalry MUST counter-charge if called for", cite(kMoraleCite)});
        }
        if (response == "square" && !infantry) {
            response = "stand";
            out.steps.push_back({"Only infantry form square", cite(kMoraleCite)});
        }
        if (response == "counter-charge") {
            say("counter-charges");
            if (u) kit::record(ctx.battle, out, *u, Deed::Charged, How::Charge, 0, "counter-charged");
        } else if (response == "square") {
            form_square("");
        } else {
            say("stands its ground");
        }
        out.results["response"] = response == "counter-charge" ? 1 : response == "square" ? 2 : 3;
    }
}

// What the Charged column asks of the unit, as the battle knows it (lines 133, 228-229): the form
// may not say it was not charged by cavalry when it was, nor have infantry counter-charge cavalry.
void refuse_out_of_column(const Context& ctx, const std::string& who, rules::Resolution& out) {
    const Tables& t = ctx.tables;
    const TroopType* type = t.troop_type(ctx.inputs.choice("type"));
    const bool by_cavalry = ctx.inputs.flag("charged-by-cavalry");
    if (ctx.unit && !by_cavalry)
        if (const model::Unit* charger = cavalry_charger(t, ctx.battle, *ctx.unit))
            ctx.forbid(out, who + " was charged by " + charger->name + ", cavalry, this turn: infantry charged by cavalry "
                                  "MUST form square if the result calls for it, cavalry charged by cavalry MUST "
                                  "counter-charge if called for",
                       cite("Morale (lines 228-229)"));
    if (type && type->arm == Arm::Infantry && by_cavalry && ctx.inputs.has("response") &&
        ctx.inputs.choice("response") == "counter-charge")
        ctx.forbid(out, "infantry may not charge cavalry: on a 7 " + who + " stands its ground or forms square",
                   cite("Melee (line 133)"));
}

// The chance of each of the column's results: the score is read at the table's rows (below the
// first reads the first, above the last the last), and rows with the same words are one result
// ("1-3: Fall back 1 move. Disorder.").
void result_chances(const Morale& m, Column column, const dice::Distribution& score, rules::Resolution& out) {
    std::string rows, text;
    double p = 0;
    auto flush = [&] {
        if (p > 0) out.chances.push_back({rows + ": " + text, p});
    };
    int from = 0;
    for (const auto& row : m.rows) {
        double here = 0;
        for (int s = score.min(); s <= score.max(); ++s)
            if (&m.row_for(s) == &row) here += score.p_exactly(s);
        const std::string& words = row.column(column).text;
        if (text != words || rows.empty()) {
            flush();
            from = row.roll;
            text = words;
            p = 0;
        }
        rows = from == row.roll ? std::to_string(row.roll) : std::to_string(from) + "-" + std::to_string(row.roll);
        p += here;
    }
    flush();
}

// Infantry charged by cavalry: the chance, in one line, that it forms square, where the Charged
// column says it MUST (lines 228-229) and where a 7 lets the player choose it (lines 212-214).
// A charged unit due a check from casualties reaches the Charged column only if it stands.
void square_chance(const Context& ctx, const std::string& check, int modifier, int plain, rules::Resolution& out) {
    const Morale& m = ctx.tables.morale;
    const TroopType* type = ctx.tables.troop_type(ctx.inputs.choice("type"));
    const bool charged = check == "charged" || check == "charged-after-casualties";
    if (!charged || !type || type->arm != Arm::Infantry || !ctx.inputs.flag("charged-by-cavalry")) return;
    double must = 0;
    std::set<int> must_rows, may_rows;
    for (int die = 1; die <= m.die; ++die) {
        const MoraleResult* read = nullptr;
        if (check == "charged") {
            read = &m.row_for(die + modifier).charged;
        } else if (m.row_for(die + modifier).rally.stands()) {
            read = &m.row_for(die + plain).charged;
        }
        if (!read) continue;
        const int row = m.row_for(check == "charged" ? die + modifier : die + plain).roll;
        if (read->has("square")) {
            must += 1.0 / m.die;
            must_rows.insert(row);
        } else if (read->has("respond")) {
            may_rows.insert(row);
        }
    }
    auto rows_text = [](const std::set<int>& rows) {
        std::string s;
        for (int r : rows) s += (s.empty() ? "" : ", ") + std::to_string(r);
        return s;
    };
    std::string label = "forming square";
    if (!must_rows.empty()) label += " (it MUST on " + rows_text(must_rows) + (may_rows.empty() ? ")" : "");
    if (!may_rows.empty())
        label += std::string(must_rows.empty() ? " (" : "; ") + "on " + rows_text(may_rows) +
                 " only if the player chooses it, not counted here)";
    out.chances.push_back({label, must});
}

} // namespace

void resolve_morale(const Context& ctx, rules::Resolution& out) {
    const Tables& t = ctx.tables;
    const Morale& m = t.morale;
    const std::string who = ctx.unit_name();
    const std::string check = ctx.inputs.choice("check");
    const bool rally = check == "rally";
    const bool rally_column = rally || check == "casualties" || check == "charged-after-casualties";
    if (rally && ctx.unit) {
        if (!ctx.unit->has(model::Flag::Disordered) && !ctx.unit->has(model::Flag::NeedsRally))
            ctx.forbid(out, who + " is neither disordered nor marked to rally: there is nothing to rally from",
                       cite("Morale, Marking Units for Rally"));
        if (kit::did(ctx.battle, *ctx.unit, Deed::Rallied, Within::Turn))
            ctx.forbid(out, who + " has already made its rally check this turn (a mandatory check, once, at the start "
                                  "of the turn)",
                       cite("Marking Units for Rally"));
    }
    if (check == "charged" || check == "charged-after-casualties") refuse_out_of_column(ctx, who, out);
    const std::string why = rally ? "a rally check at the start of the turn to recover from disorder"
                            : check == "charged" ? "charged"
                            : check == "casualties" ? "casualties received while charging (read on the Rally column)"
                            : check == "lost-melee" ? "lost a melee"
                                                    : "charged and due a check from casualties: the Rally column first, "
                                                      "then the same roll on the Charged column if it stands";
    out.steps.push_back({who + " checks morale: " + why + "; one die, modified, read at 0 to 7", cite(kMoraleCite)});

    int modifier = 0;
    auto add = [&](int v, const std::string& text, const std::string& where = kMoraleCite) {
        if (v == 0 && text.empty()) return;
        modifier += v;
        out.steps.push_back({text + " " + signed_text(v), cite(where)});
    };
    const Quality* q = t.quality(ctx.inputs.choice("quality"));
    if (q && q->grade) add(q->grade, q->name);
    const int strength = ctx.inputs.count("strength");
    const int lost = ctx.inputs.count("lost");
    if (strength < 1) throw rules::InputError("strength", "a unit has at least 1 figure at its original strength");
    if (lost > strength)
        throw rules::InputError("lost", "cannot have lost more than its original strength of " + std::to_string(strength));
    const int steps = lost * m.loss_step.second / (strength * m.loss_step.first);
    if (steps)
        add(steps * m.per_step, std::to_string(lost) + " of " + std::to_string(strength) + " lost: " +
                                    plural(steps, "full step", "full steps") + " of " + fraction_text(m.loss_step) +
                                    " of the original strength");
    const std::string near = ctx.inputs.choice("general-near");
    const std::string attached = ctx.inputs.choice("general-attached");
    if (near != "none")
        add(general_value(near), "General within " + kit::table_distance(ctx.battle, m.general_within) + " of the unit");
    if (attached != "none") add(general_value(attached), "General attached to the unit");
    if (ctx.inputs.flag("leader-killed")) add(m.leader_killed, "Its unit commander was killed", "Design Notes");
    int threat = 0;
    if (ctx.inputs.flag("threatened")) {
        threat = m.threat;
        if (rally_column)
            add(m.threat, std::string("In ") + (t.options.threat_range == "canister" ? "canister" : "close canister") +
                              " range of enemy artillery or in contact (rally only)");
        else
            out.steps.push_back({"Canister range or contact counts for rally checks only", cite(kMoraleCite)});
    }
    const int plain = modifier - (rally_column ? threat : 0);  // the Charged reading drops the rally-only -1

    // The exact odds of each result of the column read first.
    const Column first = check == "charged" ? Column::Charged : check == "lost-melee" ? Column::Lost : Column::Rally;
    result_chances(m, first, dice::Distribution::die(m.die) + dice::Distribution::constant(modifier), out);
    square_chance(ctx, check, modifier, plain, out);
    // An unattached general using his influence near the enemy risks a stray round.
    const bool influence = near != "none";
    const bool safe = ctx.inputs.flag("safe");
    const model::Commander* general = nullptr;
    if (ctx.inputs.has("general") && ctx.inputs.count("general") > 0) {
        general = ctx.battle.commander(ctx.inputs.count("general"));
        if (!general) throw rules::InputError("general", "no commander with id " + std::to_string(ctx.inputs.count("general")));
        if (general->status != model::CommanderStatus::Active)
            throw rules::InputError("general", general->name + " is " + std::string(model::commander_status_id(general->status)));
    }
    if (general && (influence || attached != "none") &&
        kit::counter(ctx.battle.counters, overrun_key(general->id)) == ctx.battle.turn)
        ctx.forbid(out, general->name + " was overrun this turn: he may not influence any unit for the rest of the turn",
                   cite("Death of a leader"));
    if (influence && !safe)
        out.steps.push_back({(general ? general->name : std::string("The general")) + " uses his influence: a die, and " +
                                 on_faces(t.leaders.influence_hit_on) + " a stray round kills him",
                             cite("Death of a leader")});
    else if (influence)
        out.steps.push_back({"No enemy within " + kit::table_distance(ctx.battle, t.leaders.safe_beyond) +
                                 " threatens the unit: the general's influence is out of harm's way",
                             cite("Death of a leader")});
    if (!ctx.dice) {
        out.outcome = who + ": morale " + signed_text(modifier) + " on the " + column_name(first) + " column";
        return;
    }

    const int die = kit::roll_one(*ctx.dice, out, "Morale die", "the morale die");
    const int total = die + modifier;
    out.results["die"] = die;
    out.results["score"] = total;
    std::vector<Reading> readings;
    const MoraleRow& row = m.row_for(total);
    readings.push_back({first, total, &row.column(first)});
    out.steps.push_back({"Rolled " + std::to_string(die) + ", modified " + std::to_string(total) +
                             (total != row.roll ? " (read as " + std::to_string(row.roll) + ")" : std::string()) + ": " +
                             column_name(first) + ": " + row.column(first).text,
                         cite(kMoraleCite)});
    if (check == "charged-after-casualties") {
        if (row.column(first).stands()) {
            const MoraleRow& charged = m.row_for(die + plain);
            out.steps.push_back({"It stands: the same roll on the Charged column" +
                                     (plain != modifier ? " (without the rally-only modifier): " + std::to_string(die + plain)
                                                        : std::string()) +
                                     ": " + charged.charged.text,
                                 cite(kMoraleCite)});
            readings.push_back({Column::Charged, die + plain, &charged.charged});
        } else {
            out.steps.push_back({"It does not stand: the Charged column is not read", cite(kMoraleCite)});
        }
    }
    int influence_die = 0;
    if (influence && !safe) {
        influence_die = kit::roll_one(*ctx.dice, out, "General's die", "the general's influence die");
        const bool hit = shows(t.leaders.influence_hit_on, influence_die);
        out.results["general-killed"] = hit ? 1 : 0;
        out.steps.push_back({"The general's die: " + std::to_string(influence_die) +
                                 (hit ? ": a stray round hits the leader and kills him" : ": unhurt"),
                             cite("Death of a leader")});
        if (hit && general) {
            kit::change(ctx.battle, out, model::Entity::Commander, general->id, "status",
                        static_cast<std::int64_t>(model::CommanderStatus::Killed), "killed using his influence");
            kit::change(ctx.battle, out, model::Entity::Commander, general->id, "attached-unit", -1, "killed");
        }
    }
    Changes changes(ctx.battle, out);
    for (const Reading& r : readings) apply_result(ctx, *r.result, changes, out);
    if (ctx.unit) {
        if (rally) kit::record(ctx.battle, out, *ctx.unit, Deed::Rallied, How::Plain, 0, "rally check");
        else kit::record(ctx.battle, out, *ctx.unit, Deed::Reacted, How::Plain, 0, "morale check");
    }
    const MoraleResult& last = *readings.back().result;
    out.outcome = who + ": " + std::to_string(total) + ", " + last.text;
    out.results["row"] = m.row_for(readings.back().score).roll;
}

} // namespace umpire::featherstone
