// The chance cards that name a unit (Optional Rules 2, Sample cards): Someone Has Blundered, Ammo
// Shortage, For Want of a Nail, Seizing the Moment, I'll Try Sir!. The player names the unit (the
// request's target, or the unit when no target is given); what the app tracks it records, the
// rest goes in the journal with the card's words (rulings.md R51, R55, R57).
#include "rulesets/macduff/chance.h"

#include "rules/distance.h"
#include "turn/turn_state.h"

#include <algorithm>
#include <stdexcept>

namespace umpire::macduff {

using model::Flag;

namespace {

// The side that drew the card: the `side` input or the acting unit's; else what the card and the
// named unit imply (an enemy card between two sides was drawn by the other side).
std::optional<int> drawing_side(const Context& ctx, const NominateCard& card, const model::Unit* named) {
    if (ctx.inputs.has("side") || (ctx.unit && ctx.target)) return side_input_value(ctx);
    if (named && card.whose == "own") return named->side;
    if (named && (card.whose == "enemy" || card.whose == "not-active") && ctx.battle.sides.size() == 2)
        for (const auto& s : ctx.battle.sides)
            if (s.id != named->side) return s.id;
    return std::nullopt;
}

std::string whose_text(const NominateCard& card) {
    if (card.whose == "enemy") return "an enemy unit";
    if (card.whose == "own") return "a unit of your own";
    if (card.whose == "not-active") return "a unit of the side which is not active";
    return "a unit";
}

// "One unit on the side which is not active" (R55): the side active in the turn (the card in play,
// or the side activating under the initiative method), else the side that drew the card.
void check_not_active(const Context& ctx, const NominateCard& card, const model::Unit& named, std::optional<int> side,
                      rules::Resolution& out) {
    if (card.whose != "not-active") return;
    const int in_turn = active_side(ctx.battle);
    const int active = in_turn ? in_turn : side.value_or(0);
    if (!active || named.side != active) return;
    ctx.forbid(out, named.name + " is on " + side_name(ctx.battle, active) + ", the side which is active" +
                        (in_turn ? " in the turn" : " (it drew the card)") + ": " + card.name +
                        " names one unit on the side which is not active",
               chance_citation(ctx.tables));
}

// The checks the card's words allow the app to make: whose unit, and in the red set's Someone Has
// Blundered, which troops.
void check_named(const Context& ctx, const NominateCard& card, const model::Unit& named, std::optional<int> side) {
    const std::string input = ctx.target ? "target" : "unit";
    if (side && card.whose == "enemy" && named.side == *side)
        throw rules::InputError(input, named.name + " is one of " + side_name(ctx.battle, *side) + "'s own units: " +
                                           card.name + " names an enemy unit");
    if (side && card.whose == "own" && named.side != *side)
        throw rules::InputError(input, named.name + " is not one of " + side_name(ctx.battle, *side) + "'s units: " +
                                           card.name + " names a unit of your own");
    const model::Side* s = side ? ctx.battle.side(*side) : nullptr;
    auto types = s ? card.troop_types.find(s->colour) : card.troop_types.end();
    if (types == card.troop_types.end()) return;
    const auto& allowed = types->second;
    if (std::find(allowed.begin(), allowed.end(), named.troop_type) != allowed.end()) return;
    std::string list;
    for (const auto& t : allowed) list += (list.empty() ? "" : ", ") + t;
    throw rules::InputError(input, named.name + " is " + named.troop_type + ": the " + s->colour + " set's " +
                                       card.name + " names only " + list + " (R51)");
}

// Ammo Shortage: falls back a full move facing the enemy (moving backwards is a maneuver, 5.3),
// limbering if artillery, and may not be activated this turn.
void not_activated(const Context& ctx, const NominateCard& card, const model::Unit* u, rules::Resolution& out) {
    const std::string citation = chance_citation(ctx.tables);
    const std::string name = who(u);
    const bool artillery = u && u->troop_type == "artillery";
    out.steps.push_back({name + " is low on ammunition or mistakes an order: it falls back a full move facing the enemy" +
                             std::string(artillery ? ", limbering" : "") + ", and may not be activated this turn",
                         citation});
    out.outcome = card.name + ": " + name + " falls back and may not be activated this turn";
    if (!u) return;
    if (kit::did(ctx.battle, *u, Deed::Ordered))
        out.steps.push_back({name + " was already ordered this turn: it may not be activated again", citation});
    set_counter(ctx.battle, out, *u, key::kNoActivationTurn, ctx.battle.turn, card.name + ": may not be activated this turn");
    // Owed at once: a maneuver (moving backwards), without an order (the limits let it through).
    std::map<std::string, std::string> hints{{"order", "maneuver"}};
    if (artillery && !u->counters.count(key::kLimbered)) hints["change"] = "limber";
    owe(ctx, out, *u, owed::kAmmoFallBack, card.name + " named " + name, hints);
}

// I'll Try Sir!: the unit's own marker for the turn; the melee action adds the dice only if it
// charges into the melee (R57), so nothing is added here.
void extra_melee_die(const Context& ctx, const NominateCard& card, const model::Unit* u, rules::Resolution& out) {
    const std::string name = who(u);
    const std::string dice = card.extra_dice == 1 ? "1 extra die" : std::to_string(card.extra_dice) + " extra dice";
    out.steps.push_back({name + " may add " + dice + " in a melee it charges into this turn (the melee form's \"" +
                             card.name + "\" box); not if it does not charge",
                         chance_citation(ctx.tables)});
    out.outcome = card.name + ": " + name + " adds " + dice + " in melee if it charges this turn";
    if (u)
        set_counter(ctx.battle, out, *u, key::kExtraDieTurn, ctx.battle.turn, card.name + ": " + dice + " if it charges");
}

// Seizing the Moment: the card gives the moment, not the order. The unit is activated now, out of
// turn, through the activation action, so its commander's distance and sight decide as in 3.1 (R55).
void out_of_turn(const Context& ctx, const NominateCard& card, const model::Unit* u, rules::Resolution& out) {
    const std::string citation = chance_citation(ctx.tables);
    const std::string name = who(u);
    out.steps.push_back({name + " may be activated now, out of turn: the activation follows (within " +
                             rules::format_inches(ctx.tables.commanders.command_range) +
                             " and in sight of its commander it is ordered, otherwise it rolls)",
                         citation});
    out.outcome = card.name + ": " + name + " may be activated now";
    if (!u) return;
    if (kit::did(ctx.battle, *u, Deed::Ordered))
        ctx.forbid(out, name + " has been ordered this turn: a unit may only be activated once per turn",
                   cite("4.1 Card Activation"));
    // The activation that follows may be given out of the cards' order (R17, R55).
    set_counter(ctx.battle, out, *u, key::kSeizedTurn, ctx.battle.turn, card.name + ": activated out of turn");
    out.follow_ups.push_back({"activate", u->id, card.name + ": activated now, out of turn", citation});
}

void resolve_nominate(const Context& ctx, rules::Resolution& out) {
    const NominateCard& card = *ctx.tables.nominate_card(ctx.inputs.choice("card"));  // a declared choice
    const std::string citation = chance_citation(ctx.tables);
    const model::Unit* named = ctx.target ? ctx.target : ctx.unit;
    if (!named && !ctx.battle.units.empty())
        throw rules::InputError("target", card.name + ": name " + whose_text(card) + " as the target");
    const std::optional<int> side = drawing_side(ctx, card, named);
    if (!side && card.whose != "any" && !ctx.battle.sides.empty()) side_needed(ctx, card.name);
    if (named) check_named(ctx, card, *named, side);
    if (named) check_not_active(ctx, card, *named, side, out);
    quote_card(ctx, side, card.id, out);
    const std::string name = who(named);
    out.steps.push_back({(side ? side_name(ctx.battle, *side) : std::string("The player")) + " names " + name,
                         citation});
    if (card.effect == "not-activated") {
        not_activated(ctx, card, named, out);
    } else if (card.effect == "no-move") {
        out.steps.push_back({"A courier has been delayed: " + name + " may not move this turn (the move action "
                             "refuses it)", citation});
        out.outcome = card.name + ": " + name + " may not move this turn";
        if (named)
            set_counter(ctx.battle, out, *named, key::kNoMoveTurn, ctx.battle.turn,
                        card.name + ": may not move this turn");
    } else if (card.effect == "extra-melee-die") {
        extra_melee_die(ctx, card, named, out);
    } else if (card.effect == "advance") {
        out.steps.push_back({name + " must immediately advance a full move and may charge. The umpire checks what "
                             "the app cannot see, as the card words it (cover, range)",
                             citation});
        out.outcome = card.name + ": " + name + " must advance a full move";
        if (named) ctx.owe(out, *named, owed::kBlunderedAdvance, card.name + " named " + name);  // without an order
    } else if (card.effect == "activate") {
        out_of_turn(ctx, card, named, out);
    } else {
        out.steps.push_back({"Noted for the umpire to apply: the app does not track this card's effect", citation});
        out.outcome = card.name + ": " + name;
    }
}

} // namespace

std::vector<int> nominate_candidates(const Tables& t, const model::Battle& battle) {
    std::vector<int> all;
    for (const auto& u : battle.units)
        if (u.on_table()) all.push_back(u.id);
    std::optional<std::pair<std::string, std::string>> current;
    try {
        current = turn::turn_state(battle).chance_current;
    } catch (const std::runtime_error&) {
        return all;  // a damaged turn state: offer every unit, resolve() still checks the choice
    }
    const NominateCard* card = current ? t.nominate_card(current->second) : nullptr;
    const model::Side* drawing = nullptr;
    for (const auto& s : battle.sides)
        if (current && s.colour == current->first) drawing = &s;
    if (!card || !drawing || card->whose == "any") return all;
    // Not active: the side active in the turn, else the drawing side, is left out (R55).
    const int active = card->whose == "not-active" && active_side(battle) ? active_side(battle) : drawing->id;
    std::vector<int> out;
    for (int id : all) {
        const model::Unit& u = *battle.unit(id);
        if ((card->whose == "own") == (u.side == active)) out.push_back(id);
    }
    return out;
}

void add_nominate_action(const Tables& t, ActionDefs& out) {
    ActionDef d;
    d.spec.id = "nominate";
    d.spec.name = "Chance card naming a unit";
    d.spec.summary = "Chance card: the player names the unit (Ammo Shortage, For Want of a Nail, Someone Has "
                     "Blundered, I'll Try Sir!, ...); what the app tracks is recorded, the rest noted";
    d.spec.citation = chance_citation(t);
    d.spec.target_optional = true;  // the named unit; own-unit cards may name the selected unit instead
    std::vector<rules::Choice> cards;
    for (const auto& c : t.chance.nominate) cards.push_back({c.id, c.name, 0, {}});
    d.spec.inputs.push_back(card_input(cards));
    d.spec.inputs.push_back(side_input());
    d.resolve = resolve_nominate;
    // No side from the selected unit: the unit selected may be the enemy unit the card names.
    out.push_back(d);
}

} // namespace umpire::macduff
