#include "turn/turn_state.h"

#include "rules/inputs.h"
#include "turn/turn_text_reader.h"

#include <nlohmann/json.hpp>

#include <stdexcept>
#include <utility>

namespace umpire::turn {

using nlohmann::json;

namespace {

json card_json(const ActivationCard& c) {
    return {{"kind", card_kind_id(c.kind)}, {"side", c.side}, {"commander", c.commander}};
}

ActivationCard card_from(const json& j) {
    ActivationCard c;
    const std::string kind = j.at("kind").get<std::string>();
    bool known = false;
    for (CardKind k : {CardKind::Commander, CardKind::General, CardKind::Joker, CardKind::Side})
        if (card_kind_id(k) == kind) {
            c.kind = k;
            known = true;
        }
    if (!known) throw std::runtime_error("unknown card kind \"" + kind + "\"");
    c.side = j.at("side").get<int>();
    c.commander = j.at("commander").get<int>();
    return c;
}

json cards_json(const std::vector<ActivationCard>& cards) {
    json out = json::array();
    for (const auto& c : cards) out.push_back(card_json(c));
    return out;
}

std::vector<ActivationCard> cards_from(const json& j) {
    std::vector<ActivationCard> out;
    for (const auto& item : j) out.push_back(card_from(item));
    return out;
}

} // namespace

bool operator==(const ActivationCard& a, const ActivationCard& b) {
    return a.kind == b.kind && a.side == b.side && a.commander == b.commander;
}

std::string_view card_kind_id(CardKind kind) {
    switch (kind) {
    case CardKind::Commander: return "commander";
    case CardKind::General: return "general";
    case CardKind::Joker: return "joker";
    case CardKind::Side: return "side";
    }
    return "commander";
}

const OrderRoll* TurnState::order_for(int turn) const {
    for (const auto& o : orders)
        if (o.turn == turn) return &o;
    return nullptr;
}

std::string to_text(const TurnState& s) {
    json options{{"activation", s.options.activation}, {"assignment", s.options.assignment},
                 {"handicapped_side", s.options.handicapped_side},
                 {"chance_cards", s.options.chance_cards}, {"blanks", s.options.blanks},
                 {"wind", s.options.wind}, {"seed", s.options.seed}};
    json orders = json::array();
    for (const auto& o : s.orders) {
        json rolls = json::array();
        for (const auto& [side, score] : o.rolls) rolls.push_back({side, score});
        orders.push_back({{"turn", o.turn}, {"rolls", rolls}, {"winner", o.winner}, {"first", o.first}});
    }
    json wind = json::array();
    for (const auto& w : s.wind_history)
        wind.push_back({{"turn", w.turn}, {"roll", w.roll}, {"direction_before", w.direction_before},
                        {"direction_after", w.direction_after}, {"strength", w.strength},
                        {"text", w.text}});
    json j{{"version", 1},
           {"options", options},
           {"started", s.started},
           {"phase", s.phase},
           {"shuffles", s.shuffles},
           {"deck", cards_json(s.deck)},
           {"discards", cards_json(s.discards)},
           {"current", s.current ? card_json(*s.current) : json(nullptr)},
           {"active_commander", s.active_commander},
           {"joker_pending", s.joker_pending},
           {"chance_due_side", s.chance_due_side},
           {"commanders_done", s.commanders_done},
           {"orders", orders},
           {"moving_side", s.moving_side},
           {"sides_done", s.sides_done},
           {"chance_piles", s.chance_piles},
           {"chance_discards", s.chance_discards},
           {"chance_current", s.chance_current ? json{s.chance_current->first, s.chance_current->second}
                                               : json(nullptr)},
           {"wind_history", wind}};
    // Written only when set, so the turn state of a battle that never uses it reads as before.
    if (s.step_first) j["step_first"] = s.step_first;
    return j.dump();
}

TurnState turn_state_from_text(const std::string& text) {
    // The text as to_text writes it, read straight (turn_text_reader.h); anything else by JSON.
    if (std::optional<TurnState> read = read_turn_text(text)) return std::move(*read);
    return turn_state_from_json(text);
}

TurnState turn_state_from_json(const std::string& text) {
    TurnState s;
    try {
        const json j = json::parse(text);
        if (j.at("version").get<int>() > 1)
            throw rules::InputError("battle", "the battle's turn state was written by a newer Umpire");
        const json& o = j.at("options");
        s.options.activation = o.at("activation").get<std::string>();
        s.options.assignment = o.at("assignment").get<std::string>();
        s.options.handicapped_side = o.at("handicapped_side").get<int>();
        s.options.chance_cards = o.at("chance_cards").get<bool>();
        s.options.blanks = o.at("blanks").get<int>();
        s.options.wind = o.at("wind").get<bool>();
        s.options.seed = o.at("seed").get<std::uint64_t>();
        s.started = j.at("started").get<bool>();
        s.phase = j.at("phase").get<int>();
        s.shuffles = j.at("shuffles").get<int>();
        s.deck = cards_from(j.at("deck"));
        s.discards = cards_from(j.at("discards"));
        if (!j.at("current").is_null()) s.current = card_from(j.at("current"));
        s.active_commander = j.at("active_commander").get<int>();
        s.joker_pending = j.at("joker_pending").get<bool>();
        s.chance_due_side = j.at("chance_due_side").get<int>();
        s.commanders_done = j.at("commanders_done").get<std::vector<int>>();
        for (const auto& item : j.at("orders")) {
            OrderRoll r;
            r.turn = item.at("turn").get<int>();
            for (const auto& pair : item.at("rolls")) r.rolls.emplace_back(pair.at(0).get<int>(), pair.at(1).get<int>());
            r.winner = item.at("winner").get<int>();
            r.first = item.at("first").get<int>();
            s.orders.push_back(std::move(r));
        }
        s.moving_side = j.at("moving_side").get<int>();
        s.sides_done = j.at("sides_done").get<std::vector<int>>();
        if (j.contains("step_first")) s.step_first = j.at("step_first").get<int>();
        s.chance_piles = j.at("chance_piles").get<std::map<std::string, std::vector<std::string>>>();
        s.chance_discards = j.at("chance_discards").get<std::map<std::string, std::vector<std::string>>>();
        if (!j.at("chance_current").is_null())
            s.chance_current = std::make_pair(j.at("chance_current").at(0).get<std::string>(),
                                              j.at("chance_current").at(1).get<std::string>());
        for (const auto& item : j.at("wind_history"))
            s.wind_history.push_back({item.at("turn").get<int>(), item.at("roll").get<int>(),
                                      item.at("direction_before").get<int>(),
                                      item.at("direction_after").get<int>(),
                                      item.at("strength").get<int>(), item.at("text").get<std::string>()});
    } catch (const rules::InputError&) {
        throw;
    } catch (const std::exception& e) {  // JSON that does not parse or fit, a card of no known kind
        // The file's doing, not the program's: a bad battle is bad input, as any other damage is.
        throw rules::InputError("battle", std::string("the battle's turn state is damaged: ") + e.what());
    }
    return s;
}

TurnState turn_state(const model::Battle& battle) {
    auto it = battle.texts.find(kTurnText);
    if (it == battle.texts.end()) return TurnState{};
    // One status asks for the turn state several times, and every Apply, Undo and Redo asks
    // again though a casualty leaves the text as it was: parsing it (10 KB with 200 commanders)
    // each time was a third of a desk operation. The text read last is kept with what it reads as.
    thread_local std::string last_text;
    thread_local TurnState last_state;
    if (it->second != last_text || last_text.empty()) {
        last_state = turn_state_from_text(it->second);
        last_text = it->second;
    }
    return last_state;
}

} // namespace umpire::turn
