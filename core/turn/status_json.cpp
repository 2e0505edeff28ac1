#include "turn/status_json.h"

#include "turn/compass.h"
#include "turn/turn_state.h"

namespace umpire::turn {

nlohmann::json status_json(const model::Battle& battle, const TurnStatus& st) {
    auto card = [&](const ActivationCard& c) {
        return nlohmann::json{{"kind", card_kind_id(c.kind)}, {"side", c.side}, {"commander", c.commander},
                              {"label", card_label(battle, c)}};
    };
    nlohmann::json discards = nlohmann::json::array();
    for (const auto& c : st.discards) discards.push_back(card(c));
    // Strengths count from 1 here, as --strength takes them (the engine's counter is 0-based).
    nlohmann::json history = nlohmann::json::array();
    for (const auto& w : turn_state(battle).wind_history)
        history.push_back({{"turn", w.turn}, {"roll", w.roll}, {"from", std::string(compass_name(w.direction_before))},
                           {"to", std::string(compass_name(w.direction_after))}, {"strength", w.strength + 1},
                           {"text", w.text}});
    nlohmann::json j{{"turn", st.turn}, {"started", st.started}, {"phase", st.phase_id}, {"phase_name", st.phase_name},
                     {"phase_text", st.phase_text},
                     {"phase_kind", phase_kind_id(st.phase_kind)}, {"next", st.next}, {"method", st.method},
                     {"cards_left", st.cards_left}, {"discards", discards},
                     {"current", st.current ? card(*st.current) : nlohmann::json(nullptr)},
                     {"active_commander", st.active_commander}, {"active_side", st.active_side},
                     {"first_side", st.first_side}, {"units_to_move", st.units_to_move},
                     {"units_to_order", st.units_to_order}, {"chance_due_side", st.chance_due_side},
                     {"wind", {{"in_use", st.wind_in_use}, {"direction", std::string(compass_name(st.wind_direction))},
                               {"strength", st.wind_strength + 1}, {"label", st.wind_label}, {"history", history}}},
                     {"can_advance", st.can_advance}, {"advance_blocked", st.advance_blocked}};
    nlohmann::json odds = nlohmann::json::array();
    for (const auto& c : st.order_chances) odds.push_back({{"label", c.label}, {"probability", c.probability}});
    j["order_chances"] = odds;
    if (st.chance_card)
        j["chance_card"] = {{"colour", st.chance_colour}, {"title", st.chance_card->title}, {"text", st.chance_card->text}};
    if (st.phase_kind == PhaseKind::Rally) j["units_to_check"] = st.units_to_check;
    // What the units owe (the text's "must"): due ones hold the turn at this phase.
    nlohmann::json owed = nlohmann::json::array();
    for (const OwedItem& o : st.owed)
        owed.push_back({{"id", o.obligation->id}, {"unit", o.unit}, {"unit_name", o.unit_name}, {"action", o.action},
                        {"due_now", o.due_now}, {"due", o.due}, {"text", o.text}, {"citation", o.citation},
                        {"unpaid", o.obligation->unpaid}});
    j["owed"] = owed;
    if (st.high_roller) j["high_roller"] = st.high_roller;
    if (st.can_choose_first) j["can_choose_first"] = true;
    return j;
}

} // namespace umpire::turn
