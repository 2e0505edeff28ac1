// Chance cards: each side draws from its colour's pile, shuffled with blanks; a drawn card is
// discarded. A card that needs dice or names a unit hands its ruleset action on as a follow-up.
#include "turn/engine_detail.h"

namespace umpire::turn {

using namespace detail;

namespace {

const ChanceCard* find_card(const ChanceDeck& deck, const std::string& colour, const std::string& id) {
    for (const auto& card : deck.cards)
        if (card.colour == colour && card.id == id) return &card;
    return nullptr;
}

} // namespace

TurnStep draw_chance(const model::Battle& battle, const TurnRules& rules, int side) {
    Change c(battle, rules, "turn-chance");
    TurnState& s = c.state;
    if (!s.options.chance_cards) refuse("chance", "this battle does not use chance cards (turn options)");
    const std::string citation = rules.chance_citation.value_or(rules.citation);
    if (!side) side = s.chance_due_side;
    if (!side) refuse("side", "no chance card is due: name the side to draw one anyway");
    const model::Side* drawing = battle.side(side);
    if (!drawing) refuse("side", "there is no side " + std::to_string(side));
    const std::string colour = drawing->colour;
    auto pile = s.chance_piles.find(colour);
    if (pile == s.chance_piles.end()) refuse("side", drawing->name + "'s colour \"" + colour + "\" has no chance set");
    if (pile->second.empty()) {
        pile->second = s.chance_discards[colour];
        s.chance_discards[colour].clear();
        if (pile->second.empty()) refuse("chance", "the " + colour + " chance set is empty");
        shuffle(pile->second, s, battle.turn);
        c.cite("The " + colour + " pile is used up: its discards are shuffled into a new pile", citation);
    }
    const std::string id = pile->second.front();
    pile->second.erase(pile->second.begin());
    s.chance_discards[colour].push_back(id);
    s.chance_current = std::make_pair(colour, id);
    if (side == s.chance_due_side) s.chance_due_side = 0;
    c.step.request.values = {{"side", std::to_string(side)}};
    if (id.empty()) {
        c.cite(drawing->name + " draws a blank card: nothing happens", citation);
        return c.finish(drawing->name + " draws a blank chance card");
    }
    auto deck = deck_for_battle(battle);
    const ChanceCard* card = deck ? find_card(*deck, colour, id) : nullptr;
    if (!card) {
        c.cite(drawing->name + " draws \"" + id + "\", which the deck no longer has (it was edited): no effect", citation);
        return c.finish(drawing->name + " draws a card no longer in the deck");
    }
    c.cite(drawing->name + " draws " + card->title + ": " + card->text, citation);
    if (!card->action.empty()) {
        rules::FollowUp follow;
        follow.action = card->action;
        follow.reason = "Chance card " + card->title + " (" + drawing->name + ")";
        follow.citation = citation;
        follow.values = {{"card", card->id}, {"side", std::to_string(side)}};
        c.step.resolution.follow_ups.push_back(follow);
    }
    return c.finish(drawing->name + " draws " + card->title);
}

TurnStep set_chance_deck(const model::Battle& battle, const TurnRules& rules, const ChanceDeck& deck) {
    Change c(battle, rules, "turn-chance-deck");
    const std::string text = write_chance_deck(deck);
    parse_chance_deck(text, "the edited deck");  // what is stored must read back
    auto it = battle.texts.find(std::string(kBattleDeckText));
    std::optional<std::string> was;
    if (it != battle.texts.end()) was = it->second;
    if (was == text) refuse("deck", "the deck is unchanged");
    c.effect(model::text_effect(model::Entity::Battle, 0, "text:" + std::string(kBattleDeckText), was, text,
                                "the battle's chance deck: " + deck.name));
    int copies = 0;
    for (const auto& card : deck.cards) copies += card.count;
    c.cite("The battle's chance deck is now \"" + deck.name + "\": " + std::to_string(deck.cards.size()) +
               " designs, " + std::to_string(copies) + " cards, " + std::to_string(deck.blanks) + " blanks per colour",
           rules.chance_citation.value_or(rules.citation));
    TurnStep step = c.finish("Chance deck changed");
    if (c.state.options.chance_cards) {
        // Rebuild the piles from the new deck, as configure does, on a battle that has it.
        model::Battle with = battle;
        with.texts[std::string(kBattleDeckText)] = text;
        TurnOptions options = c.state.options;
        model::Battle cleared = with;
        TurnState state = c.state;
        state.chance_piles.clear();
        cleared.texts[kTurnText] = to_text(state);
        TurnStep rebuilt = configure(cleared, rules, options);
        // The turn-state effect must start from the battle's real state, not the cleared copy.
        for (auto& e : rebuilt.resolution.effects)
            if (e.field == std::string("text:") + kTurnText) {
                auto now = battle.texts.find(kTurnText);
                e.text_before = now == battle.texts.end() ? std::nullopt : std::optional<std::string>(now->second);
            }
        for (auto& e : rebuilt.resolution.effects) step.resolution.effects.push_back(e);
        for (auto& st : rebuilt.resolution.steps) step.resolution.steps.push_back(st);
    }
    return step;
}

} // namespace umpire::turn
