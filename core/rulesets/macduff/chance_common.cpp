// What the chance-card actions share: the `card` and `side` inputs a drawn card's follow-up
// fixes, the card's own words from the battle's deck (each colour's set words some cards
// differently: rulings.md R51), and the list of the actions.
#include "rulesets/macduff/chance.h"

#include "turn/chance_deck.h"

namespace umpire::macduff {

void add_chance_actions(const Tables& t, ActionDefs& out) {
    add_sniper_action(t, out);
    add_recovery_action(t, out);
    add_huzzah_action(t, out);
    add_nominate_action(t, out);
    add_rising_action(t, out);
    add_reinforce_action(t, out);
}

rules::InputSpec card_input(const std::vector<rules::Choice>& cards) {
    // An unknown id is then refused by validation, naming the cards the action knows.
    return choice_input("card", "Chance card", cards, cards.size() == 1 ? cards.front().id : std::string{},
                        "The card drawn (its id in the chance deck)");
}

rules::InputSpec side_input() {
    rules::InputSpec s = count_input("side", "Side that drew the card",
                                     "The drawing side; from the unit when not given", 1, kMaxId);
    s.required = false;
    s.id_of = rules::IdOf::Side;
    return s;
}

void side_defaults(const DefaultsContext& c, Defaults& d) {
    if (c.unit) d["side"] = std::to_string(c.unit->side);
}

std::string chance_citation(const Tables& t) { return cite(t.chance.citation); }

namespace {

std::string sides_list(const model::Battle& battle) {
    std::string out;
    for (const auto& s : battle.sides) out += (out.empty() ? "" : ", ") + std::to_string(s.id) + " " + s.name;
    return out;
}

} // namespace

std::optional<int> side_input_value(const Context& ctx) {
    if (ctx.inputs.has("side")) {
        const int side = ctx.inputs.count("side");
        if (!ctx.battle.sides.empty() && !ctx.battle.side(side))
            throw rules::InputError("side", "no side " + std::to_string(side) + "; sides: " + sides_list(ctx.battle));
        return side;
    }
    if (ctx.unit) return ctx.unit->side;
    return std::nullopt;
}

void side_needed(const Context& ctx, const std::string& card_name) {
    throw rules::InputError("side", card_name + ": which side drew the card? Give its id (" +
                                        sides_list(ctx.battle) + ")");
}

std::string card_text(const model::Battle& battle, std::optional<int> side, const std::string& card) {
    std::optional<turn::ChanceDeck> deck;
    try {
        deck = turn::deck_for_battle(battle);
    } catch (const turn::DeckError&) {
        return {};  // only a quotation is lost: the battle's deck was checked when it was stored
    }
    if (!deck) return {};
    const model::Side* s = side ? battle.side(*side) : nullptr;
    for (const auto& c : deck->cards)
        if (c.id == card && (!s || c.colour == s->colour)) return c.title + ": " + c.text;
    return {};
}

void quote_card(const Context& ctx, std::optional<int> side, const std::string& card, rules::Resolution& out) {
    const std::string text = card_text(ctx.battle, side, card);
    if (!text.empty()) out.steps.push_back({"The card: " + text, chance_citation(ctx.tables)});
}

} // namespace umpire::macduff
