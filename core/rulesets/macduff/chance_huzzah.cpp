// Huzzah! (Optional Rules 2, Sample cards): a unit of the drawing side's choice either adds 1d6"
// to a move this turn or fights at +1 on each melee die this turn. The player chooses when the card
// is played; the unit keeps the choice as turn-stamped counters that the move and melee actions
// read (rulings.md R54).
#include "rulesets/macduff/chance.h"

#include <numeric>

namespace umpire::macduff {

int huzzah_inches(const model::Battle& battle, const model::Unit& unit) {
    if (!this_turn(battle, unit, key::kHuzzahMoveTurn)) return 0;
    auto it = unit.counters.find(key::kHuzzahMoveInches);
    return it == unit.counters.end() ? 0 : it->second;
}

namespace {

void resolve_huzzah(const Context& ctx, rules::Resolution& out) {
    const HuzzahCard& card = ctx.tables.chance.huzzah;
    const std::string citation = chance_citation(ctx.tables);
    const model::Unit* u = ctx.unit;
    const std::optional<int> side = side_input_value(ctx);
    if (u && side && u->side != *side)
        throw rules::InputError("unit", u->name + " is not one of " + side_name(ctx.battle, *side) +
                                            "'s units: Huzzah! inspires a unit of your own");
    quote_card(ctx, side, card.card, out);
    const std::string name = who(u);
    const std::optional<std::string> use = kit::ask(ctx.inputs, kit::player_choice(ctx.tables.choices, "use"), out);
    if (!use) return;  // the player's, asked (R54)
    const bool move = *use == "move";
    if (!move) {
        const Modifier& m = *ctx.tables.melee_modifier(kHuzzahModifier);
        out.steps.push_back({name + " fights at " + signed_text(m.value) + " on each melee die this turn (the melee "
                             "form's \"" + m.name + "\" modifier)",
                             citation});
        out.outcome = name + ": " + signed_text(m.value) + " to each melee die this turn";
        if (u) set_counter(ctx.battle, out, *u, key::kHuzzahMeleeTurn, ctx.battle.turn, card.name + ": melee bonus");
        return;
    }
    out.steps.push_back({name + " rolls " + std::to_string(card.move_dice) + "d6 for the inches it may add to one move "
                         "this turn",
                         citation});
    out.odds.push_back({"extra inches", dice::Distribution::die().times(card.move_dice)});
    if (!ctx.dice) {
        out.outcome = name + ": roll " + std::to_string(card.move_dice) + "d6 for the extra inches";
        return;
    }
    const std::vector<int> dice = ctx.dice->d6s(card.move_dice, "Huzzah!'s inches");
    out.dice.push_back({card.name + " inches", dice, 0, 0});
    const int inches = std::accumulate(dice.begin(), dice.end(), 0);
    out.results["inches"] = inches;
    out.steps.push_back({"Rolled " + std::to_string(inches) + ": " + name + " may add " +
                             table_distance(ctx.battle, inches) + " to one move this turn (the move form's "
                             "Huzzah! box)",
                         citation});
    out.outcome = name + " may add " + table_distance(ctx.battle, inches) + " to a move this turn";
    if (u) {
        set_counter(ctx.battle, out, *u, key::kHuzzahMoveInches, inches, card.name + ": inches to add to a move");
        set_counter(ctx.battle, out, *u, key::kHuzzahMoveTurn, ctx.battle.turn, card.name + " this turn");
    }
}

} // namespace

void add_huzzah_action(const Tables& t, ActionDefs& out) {
    const HuzzahCard& card = t.chance.huzzah;
    ActionDef d;
    d.spec.id = "huzzah";
    d.spec.name = card.name;
    d.spec.summary = "Chance card: a unit of your choice adds " + std::to_string(card.move_dice) +
                     "d6\" to a move this turn, or " + signed_text(card.melee_modifier) + " to each melee die this turn";
    d.spec.citation = chance_citation(t);
    d.spec.needs_unit = true;
    d.spec.inputs.push_back(card_input({{card.card, card.name, 0, {}}}));
    d.spec.inputs.push_back(side_input());
    d.spec.inputs.push_back(kit::asked_input(kit::player_choice(t.choices, "use")));
    d.resolve = resolve_huzzah;
    d.defaults = side_defaults;
    out.push_back(d);
}

} // namespace umpire::macduff
