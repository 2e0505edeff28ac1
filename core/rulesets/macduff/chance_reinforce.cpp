// We Marched All Night (Optional Rules 2, Sample cards): "An unexpected reinforcement arrives.
// Choose one independent unit selected from spare units on hand. Place the unit at the board edge
// at the most suitable place." Spare units are the roster's units in reserve (`reserve = true`):
// off the table, counted nowhere, until a card brings one on (rulings.md R60).
#include "rulesets/macduff/chance.h"

namespace umpire::macduff {

using model::Flag;

namespace {

std::string spare_units(const model::Battle& battle, std::optional<int> side) {
    std::string list;
    for (const auto& u : battle.units)
        if (u.has(Flag::Reserve) && (!side || u.side == *side)) list += (list.empty() ? "" : ", ") + u.name;
    return list.empty() ? std::string("none") : list;
}

void resolve_reinforce(const Context& ctx, rules::Resolution& out) {
    const ReinforceCard& card = ctx.tables.chance.reinforce;
    const std::string citation = chance_citation(ctx.tables);
    const std::optional<int> side = side_input_value(ctx);
    const model::Unit* u = ctx.unit;
    if (u) {
        if (side && u->side != *side)
            throw rules::InputError("unit", u->name + " is not one of " + side_name(ctx.battle, *side) +
                                                "'s units: " + card.name + " brings on your own spare unit");
        if (!u->has(Flag::Reserve))
            throw rules::InputError("unit", u->name + " is not a spare unit held in reserve; " +
                                                (side ? side_name(ctx.battle, *side) + "'s" : std::string("the")) +
                                                " spare units: " + spare_units(ctx.battle, side));
        if (u->commander)
            out.steps.push_back({"Note: " + u->name + " is assigned to a commander in the roster; the card asks "
                                 "for an independent unit",
                                 citation});
    } else if (!ctx.battle.units.empty()) {
        throw rules::InputError("unit", card.name + ": which spare unit arrives? " +
                                            (side ? side_name(ctx.battle, *side) + "'s" : std::string("The")) +
                                            " spare units: " + spare_units(ctx.battle, side));
    }
    quote_card(ctx, side ? side : (u ? std::optional<int>(u->side) : std::nullopt), card.card, out);
    const std::string name = who(u);
    out.steps.push_back({name + " arrives: the player places it at the board edge at the most suitable place",
                         citation});
    out.outcome = card.name + ": " + name + " arrives at the board edge";
    if (!u) return;
    army_reinforced(ctx, u->side, u->name, out);
    set_flag(ctx.battle, out, *u, Flag::Reserve, false, card.name + ": arrives at the board edge");
}

} // namespace

void add_reinforce_action(const Tables& t, ActionDefs& out) {
    const ReinforceCard& card = t.chance.reinforce;
    ActionDef d;
    d.spec.id = "reinforce";
    d.spec.name = card.name;
    d.spec.summary = "Chance card: one of the side's spare units (in reserve in the roster) arrives at the board edge";
    d.spec.citation = chance_citation(t);
    d.spec.needs_unit = true;
    d.spec.inputs.push_back(card_input({{card.card, card.name, 0, {}}}));
    d.spec.inputs.push_back(side_input());
    d.resolve = resolve_reinforce;
    d.defaults = side_defaults;
    d.acting = kit::Acting::FromReserve;
    out.push_back(d);
}

} // namespace umpire::macduff
