// Charges (Melee, lines 130-134; Skirmish Infantry, lines 266-269), pursuit (Morale, lines
// 224-226) and the cavalry's recall (Special Rules, lines 279-283). A charge is a move: the
// charged unit checks morale on the Charged column, skirmishers flee before it instead.
#include "rulesets/featherstone/mechanics.h"

namespace umpire::featherstone {

namespace {

const TroopType& type_of(const Context& ctx, const std::string& input) {
    const TroopType* tt = ctx.tables.troop_type(ctx.inputs.choice(input));
    if (!tt) throw rules::InputError(input, "\"" + ctx.inputs.choice(input) + "\" is not a troop type");
    return *tt;
}

bool charged_in(const model::Unit& u, int turn) {
    const auto at = kit::last_done(u, Deed::Charged);
    return at && at->turn == turn;
}

} // namespace

void resolve_charge(const Context& ctx, rules::Resolution& out) {
    const Tables& t = ctx.tables;
    const TroopType& tt = type_of(ctx, "type");
    const TroopType& enemy = type_of(ctx, "target-type");
    const std::string who = ctx.unit_name();
    const std::string target = ctx.target_name();
    if (tt.arm == Arm::Artillery) throw rules::InputError("type", "artillery does not charge");
    if (tt.arm == Arm::Infantry && enemy.arm == Arm::Cavalry)
        ctx.forbid(out, "infantry may not charge cavalry", cite("Melee"));
    const Formation* f = t.formation(ctx.inputs.choice("formation"));
    if (!f) throw rules::InputError("formation", "\"" + ctx.inputs.choice("formation") + "\" is not a formation");
    out.steps.push_back({who + " charges " + target + ": a charge move is a straight line forward, the unit facing "
                                "perpendicular to its line of advance",
                         cite("Movement")});
    if (ctx.unit && stamped(ctx.battle, *ctx.unit, key::must_charge))
        out.steps.push_back({who + " rallied with a 7: it must charge an enemy within 1 charge move", cite("Morale")});
    const double reach = base_allowance(ctx, tt, *f, false, ctx.inputs.flag("terrain"), out);
    if (ctx.inputs.has("distance")) {
        const double d = ctx.inputs.distance("distance");
        if (d > reach + 1e-9)
            ctx.forbid(out, target + " is " + kit::table_distance(ctx.battle, d) + " away, beyond " + who + "'s " +
                                kit::table_distance(ctx.battle, reach) + " charge move",
                       cite("Movement"));
    }
    const bool cavalry = tt.arm == Arm::Cavalry;
    if (cavalry && enemy.arm == Arm::Infantry && (tt.heavy || t.options.impetus_all_cavalry))
        out.steps.push_back({"Cavalry charging infantry: its figures count " + std::to_string(t.melee.impetus) +
                                 " times in this turn's melee",
                             cite("Melee")});
    const bool evades = enemy.skirmish && ctx.inputs.flag("target-evades");
    if (evades)
        out.steps.push_back({target + " are skirmishers: they flee before the charge up to their normal move, staying "
                                      "more than 2\" away if they can, and are disordered at the end of it; this is "
                                      "their move for the turn",
                             cite("Skirmish Infantry")});
    else
        out.steps.push_back({target + " is charged: it checks morale on the Charged column", cite("Morale")});
    out.outcome = who + " charges " + target + (evades ? "; the skirmishers evade" : "");
    if (!ctx.unit || !ctx.dice) return;
    Changes changes(ctx.battle, out);
    kit::record(ctx.battle, out, *ctx.unit, Deed::Moved, How::Charge, 0, "charged");
    kit::record(ctx.battle, out, *ctx.unit, Deed::Charged, How::Charge, 0, "charged " + target);
    if (!ctx.target) return;
    const model::Unit& tu = *ctx.target;
    stamp(changes, tu, key::charged_at, "charged by " + who);
    changes.set_unit_counter(tu, key::charged_by, ctx.unit->id, "charged by " + who);
    if (evades) {
        kit::record(ctx.battle, out, tu, Deed::Moved, How::Retreat, 0, "evaded the charge");
        disorder(changes, tu, "evaded a charge");
        return;
    }
    // It checks at once, while the charging side moves; one due a check from casualties makes that
    // check now, read on the Charged column if it stands (lines 231-234).
    const bool due = tu.has(model::Flag::NeedsRally) && !kit::did(ctx.battle, tu, Deed::Rallied, Within::Turn);
    const char* owed = due ? "charged-due-must-check" : "charged-must-check";
    ctx.owe(out, tu, owed, "charged by " + who);
    if (!out.follow_ups.empty() && out.follow_ups.back().owed == owed)
        out.follow_ups.back().values["charged-by-cavalry"] = kit::yes_no(cavalry);
}

void resolve_pursue(const Context& ctx, rules::Resolution& out) {
    const Tables& t = ctx.tables;
    const TroopType& tt = type_of(ctx, "type");
    const std::string who = ctx.unit_name();
    if (tt.arm == Arm::Artillery) throw rules::InputError("type", "artillery does not pursue");
    const bool cavalry = tt.arm == Arm::Cavalry;
    const bool wild = cavalry && ctx.inputs.flag("impetuous");
    const int dice = !cavalry ? t.pursuit.infantry_dice : wild ? t.pursuit.impetuous_dice : t.pursuit.cavalry_dice;
    out.steps.push_back({cavalry ? "Victorious cavalry pursue the rest of their move +" + std::to_string(dice) + "D6\"" +
                                       (wild ? " (impetuous this turn)" : "")
                                 : "Victorious infantry may pursue " + std::to_string(dice) + "D6\"",
                         cite("Morale")});
    const auto odds = dice::Distribution::die(6).times(dice);
    out.odds.push_back({"pursuit (inches)", odds});
    if (!ctx.dice) {
        out.outcome = who + ": pursues " + std::to_string(dice) + "D6\"";
        return;
    }
    const auto faces = ctx.dice->d6s(dice, "the pursuit dice");
    out.dice.push_back({"Pursuit dice", faces, 0, 0});
    int inches = 0;
    for (int f : faces) inches += f;
    out.results["inches"] = inches;
    out.steps.push_back({"Pursuit: " + kit::table_distance(ctx.battle, inches) +
                             (cavalry ? " beyond the rest of its move" : std::string()),
                         cite("Morale")});
    out.outcome = who + " pursues " + kit::table_distance(ctx.battle, inches) + (cavalry ? " more" : "");
    if (ctx.unit) kit::record(ctx.battle, out, *ctx.unit, Deed::Moved, How::Pursuit, 0, "pursued");
}

void resolve_recall(const Context& ctx, rules::Resolution& out) {
    const Tables& t = ctx.tables;
    const TroopType& tt = type_of(ctx, "type");
    const std::string who = ctx.unit_name();
    const std::string citation = cite("Special Rules");
    if (tt.arm != Arm::Cavalry) ctx.forbid(out, "only cavalry may be recalled", citation);
    if (ctx.unit && !stamped(ctx.battle, *ctx.unit, key::no_move))
        ctx.forbid(out, who + " has no morale result of \"No Move\" this turn", citation);
    if (!ctx.inputs.flag("enemy-near"))
        ctx.forbid(out, who + " is not within " + kit::table_distance(ctx.battle, t.recall_within) + " of an enemy",
                   citation);
    if (ctx.unit && ctx.battle.turn > 1 && charged_in(*ctx.unit, ctx.battle.turn - 1))
        ctx.forbid(out, who + " was impetuous (charged) in the previous turn", citation);
    out.steps.push_back({"Sound the recall: " + who + " retreats 1 move and is disordered at the end of it", citation});
    out.outcome = who + " is recalled: 1 move back, disordered";
    if (!ctx.unit || !ctx.dice) return;
    Changes changes(ctx.battle, out);
    kit::record(ctx.battle, out, *ctx.unit, Deed::Moved, How::Retreat, 0, "recalled");
    disorder(changes, *ctx.unit, "recalled");
}

} // namespace umpire::featherstone
