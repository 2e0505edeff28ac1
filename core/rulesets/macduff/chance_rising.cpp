// Rising to the Occasion (Optional Rules 2, Sample cards): "One fallen Commander may be replaced
// immediately or one unit's officer gains the ability to act like a commander who has joined the
// unit." The player chooses which when the card is played (rulings.md R59):
// - replace: the fallen commander's post is filled; the same commander entry comes back active
//   under his successor's name, so his units are under command again and the General's card is
//   the General's again;
// - officer: the unit keeps a marker that the rules for a joined commander read (Follow Me!, the
//   rally's "joined by a commander", Steady Men!).
#include "rulesets/macduff/chance.h"

namespace umpire::macduff {

using model::CommanderStatus;

namespace {

std::string successor_name(const RisingCard& card, const std::string& fallen) {
    std::string out = card.successor;
    const std::string slot = "{name}";
    if (auto at = out.find(slot); at != std::string::npos) out.replace(at, slot.size(), fallen);
    return out;
}

// The fallen commander named, or the drawing side's only fallen one.
const model::Commander& fallen_commander(const Context& ctx, std::optional<int> side, const std::string& card) {
    if (const model::Commander* c = commander_input(ctx)) {
        if (c->status == CommanderStatus::Active)
            throw rules::InputError("commander", c->name + " has not fallen: " + card + " replaces a commander "
                                                 "killed, wounded or captured");
        if (side && c->side != *side)
            throw rules::InputError("commander", c->name + " is not one of " + side_name(ctx.battle, *side) +
                                                     "'s commanders: " + card + " replaces your own");
        return *c;
    }
    std::vector<const model::Commander*> fallen;
    for (const auto& c : ctx.battle.commanders)
        if (c.status != CommanderStatus::Active && (!side || c.side == *side)) fallen.push_back(&c);
    if (fallen.size() == 1) return *fallen.front();
    const std::string whose = side ? side_name(ctx.battle, *side) : std::string("the battle");
    if (fallen.empty())
        throw rules::InputError("commander", whose + " has no fallen commander to replace: choose the officer "
                                                     "instead");
    std::string list;
    for (const auto* c : fallen) list += (list.empty() ? "" : ", ") + std::to_string(c->id) + " " + c->name;
    throw rules::InputError("commander", "which fallen commander is replaced? Give his id (" + list + ")");
}

void replace_commander(const Context& ctx, const RisingCard& card, std::optional<int> side, rules::Resolution& out) {
    const model::Commander& c = fallen_commander(ctx, side, card.name);
    const std::string citation = chance_citation(ctx.tables);
    const std::string successor = successor_name(card, c.name);
    out.steps.push_back({c.name + " (" + std::string(model::commander_status_id(c.status)) + ") is replaced at "
                             "once: " + successor + " takes his place" + (c.is_general ? " as General" : "") +
                             ", and his units are under command again",
                         citation});
    out.steps.push_back({"The loss already counted against army morale stands: the commander did fall",
                         cite("10 Army Morale")});
    out.outcome = card.name + ": " + successor + " replaces " + c.name;
    change(ctx.battle, out, model::Entity::Commander, c.id, "status", static_cast<std::int64_t>(CommanderStatus::Active),
           card.name + ": replaced");
    out.effects.push_back(model::text_effect(model::Entity::Commander, c.id, "name", c.name, successor,
                                             card.name + ": " + c.name + "'s successor"));
}

void officer_rises(const Context& ctx, const RisingCard& card, std::optional<int> side, rules::Resolution& out) {
    const model::Unit* u = ctx.unit;
    if (!u) {
        if (!ctx.battle.units.empty())
            throw rules::InputError("unit", card.name + ": which unit's officer? Select one of your units");
    } else {
        if (side && u->side != *side)
            throw rules::InputError("unit", u->name + " is not one of " + side_name(ctx.battle, *side) +
                                                "'s units: " + card.name + " raises one of your own officers");
        if (!u->on_table()) throw rules::InputError("unit", u->name + " is not on the table");
        if (officer_commands(*u))
            throw rules::InputError("unit", u->name + "'s officer already acts as a joined commander");
    }
    const std::string name = who(u);
    out.steps.push_back({name + "'s officer acts like a commander who has joined the unit from now on: Follow Me! "
                         "(3.3), Steady Men! (3.4) and the rally's \"joined by a commander\" (9.3) are the unit's",
                         chance_citation(ctx.tables)});
    out.outcome = card.name + ": " + name + "'s officer acts as a joined commander";
    if (u) set_counter(ctx.battle, out, *u, key::kOfficerCommands, 1, card.name + ": the officer rises");
}

void resolve_rising(const Context& ctx, rules::Resolution& out) {
    const RisingCard& card = ctx.tables.chance.rising;
    const std::optional<int> side = side_input_value(ctx);
    if (!side && !ctx.battle.sides.empty()) side_needed(ctx, card.name);
    quote_card(ctx, side, card.card, out);
    const std::optional<std::string> choice = kit::ask(ctx.inputs, kit::player_choice(ctx.tables.choices, "choice"), out);
    if (!choice) return;  // the player's, asked (R59)
    if (*choice == "replace")
        replace_commander(ctx, card, side, out);
    else
        officer_rises(ctx, card, side, out);
}

} // namespace

bool officer_commands(const model::Unit& unit) {
    auto it = unit.counters.find(key::kOfficerCommands);
    return it != unit.counters.end() && it->second != 0;
}

bool led_as_joined(const model::Battle& battle, const model::Unit& unit) {
    return battle.joined_commander(unit.id) != nullptr || officer_commands(unit);
}

void add_rising_action(const Tables& t, ActionDefs& out) {
    const RisingCard& card = t.chance.rising;
    ActionDef d;
    d.spec.id = "rising";
    d.spec.name = card.name;
    d.spec.summary = "Chance card: a fallen commander is replaced at once, or a unit's officer acts like a "
                     "commander who has joined it";
    d.spec.citation = chance_citation(t);
    d.spec.unit_optional = true;  // the unit whose officer rises; not needed to replace a commander
    d.spec.inputs.push_back(card_input({{card.card, card.name, 0, {}}}));
    d.spec.inputs.push_back(side_input());
    d.spec.inputs.push_back(kit::asked_input(kit::player_choice(t.choices, "choice")));
    d.spec.inputs.push_back(commander_input_spec("Replace: the fallen commander (his side's only one if not given)"));
    d.resolve = resolve_rising;
    d.defaults = side_defaults;
    out.push_back(d);
}

} // namespace umpire::macduff
