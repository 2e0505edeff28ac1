#include "turn/turn_commands.h"

#include "turn/engine_detail.h"

#include "rules/battle_names.h"
#include "rules/inputs.h"

#include <algorithm>
#include <cctype>

namespace umpire::turn {

using detail::commander_name;
using detail::side_name;

namespace {

struct StepWord {
    StepKind kind;
    const char* word;
};
// The words the command line has always had for these steps (`umpire turn B done`).
constexpr StepWord kStepWords[] = {
    {StepKind::Next, "next"},   {StepKind::Draw, "draw"}, {StepKind::Choose, "choose"},
    {StepKind::Order, "order"}, {StepKind::Done, "done"}, {StepKind::First, "first"},
    {StepKind::Moved, "moved"}, {StepKind::Wind, "wind"}, {StepKind::Chance, "chance"},
};

std::string step_word(StepKind kind) {
    if (kind == StepKind::NameFirst) return "order";
    for (const StepWord& w : kStepWords)
        if (w.kind == kind) return w.word;
    return "next";
}

// A name as one word of a line: quoted when it holds a space.
std::string word_for(const std::string& name) {
    return name.find(' ') == std::string::npos ? name : "\"" + name + "\"";
}

std::string step_unit_name(const model::Battle& battle, int id) {
    const model::Unit* u = battle.unit(id);
    return u ? u->name : std::to_string(id);
}

// "5,2", "5": real dice, for a step that names nothing.
bool dice_word(const std::string& s) {
    return !s.empty() && s.front() != ',' && s.back() != ',' &&
           std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isdigit(c) || c == ','; });
}

bool wind_rolled(const model::Battle& battle) {
    const TurnState s = turn_state(battle);
    return std::any_of(s.wind_history.begin(), s.wind_history.end(),
                       [&](const WindRecord& w) { return w.turn == battle.turn && w.roll > 0; });
}

void add_offer(std::vector<TurnOffer>& out, const model::Battle& battle, std::string label, TurnCommand command) {
    out.push_back({std::move(label), turn_words(battle, command), command});
}

void order_offers(std::vector<TurnOffer>& out, const model::Battle& battle, const TurnRules& rules,
                  const OrderRules* order, const char* roll) {
    if (!order) return;
    add_offer(out, battle, std::string(roll) + ": the winner goes first", {StepKind::Order});
    TurnCommand second{StepKind::Order};
    second.second = true;
    add_offer(out, battle, std::string(roll) + ": the winner goes second", second);
    if (order == (rules.move_order ? &*rules.move_order : nullptr) && order->may_name_first)
        for (const model::Side& s : battle.sides)
            add_offer(out, battle, s.name + " goes first (named, no roll)", {StepKind::NameFirst, s.id});
}

void choose_offers(std::vector<TurnOffer>& out, const model::Battle& battle, int side, const char* does) {
    const TurnState state = turn_state(battle);
    for (const model::Commander& c : battle.commanders) {
        if (c.side != side || c.status != model::CommanderStatus::Active) continue;
        if (std::find(state.commanders_done.begin(), state.commanders_done.end(), c.id) != state.commanders_done.end())
            continue;
        add_offer(out, battle, c.name + does, {StepKind::Choose, c.id});
    }
}

void move_offers(std::vector<TurnOffer>& out, const model::Battle& battle, const std::vector<int>& units) {
    for (int id : units) {
        add_offer(out, battle, step_unit_name(battle, id) + " moved", {StepKind::Moved, id});
        TurnCommand stands{StepKind::Moved, id};
        stands.stationary = true;
        add_offer(out, battle, step_unit_name(battle, id) + " stands", stands);
    }
}

// The high roller's choice: he goes first, or second.
void first_or_second_offers(std::vector<TurnOffer>& out, const model::Battle& battle, int high_roller) {
    TurnCommand second{StepKind::First};
    second.second = true;
    add_offer(out, battle, side_name(battle, high_roller) + " goes first", {StepKind::First});
    add_offer(out, battle, side_name(battle, high_roller) + " goes second", second);
}

} // namespace

std::string turn_words(const model::Battle& battle, const TurnCommand& c) {
    std::string out = step_word(c.kind);
    switch (c.kind) {
    case StepKind::Choose: out += " " + word_for(commander_name(battle, c.id)); break;
    case StepKind::Moved: out += " " + word_for(step_unit_name(battle, c.id)); break;
    case StepKind::NameFirst: out += " --first " + word_for(side_name(battle, c.id)); break;
    case StepKind::Chance:
        if (c.id) out += " --side " + word_for(side_name(battle, c.id));
        break;
    default: break;
    }
    if (c.force) out += " --force";
    if (c.second) out += " --second";
    if (c.stationary) out += " --stationary";
    if (!c.dice.empty()) out += " --dice " + c.dice;
    return out;
}

std::vector<TurnOffer> turn_offers(const model::Battle& battle, const TurnRules& rules, const TurnStatus& st) {
    std::vector<TurnOffer> out;
    if (st.chance_due_side)
        add_offer(out, battle, side_name(battle, st.chance_due_side) + " draws the chance card", {StepKind::Chance});
    if (st.started) {
        switch (st.phase_kind) {
        case PhaseKind::Wind:
            if (rules.wind && !wind_rolled(battle)) add_offer(out, battle, "Roll the wind chart", {StepKind::Wind});
            break;
        case PhaseKind::Activation:
            if (st.method == "cards") {
                if (st.current && st.current->kind == CardKind::Side && !st.active_commander)
                    choose_offers(out, battle, st.current->side, " uses the card");
                if (st.can_draw) add_offer(out, battle, "Draw an activation card", {StepKind::Draw});
            } else if (!st.first_side) {
                order_offers(out, battle, rules, rules.initiative ? &*rules.initiative : nullptr, "Roll for initiative");
            } else if (st.active_side && !st.chance_due_side) {
                choose_offers(out, battle, st.active_side, " activates");
                add_offer(out, battle, side_name(battle, st.active_side) + " has finished activating", {StepKind::Done});
            }
            break;
        case PhaseKind::MoveOrder:
            if (!st.first_side)
                order_offers(out, battle, rules, rules.move_order ? &*rules.move_order : nullptr, "Roll for the move order");
            if (st.can_choose_first) first_or_second_offers(out, battle, st.high_roller);
            break;
        case PhaseKind::Moves: move_offers(out, battle, st.units_to_move); break;
        case PhaseKind::SideMoves:
            if (st.can_choose_first) first_or_second_offers(out, battle, st.high_roller);
            if (st.active_side) {
                move_offers(out, battle, st.units_to_move);
                add_offer(out, battle, side_name(battle, st.active_side) + " has finished", {StepKind::Done});
            }
            break;
        case PhaseKind::Resolve:
        case PhaseKind::Side:
        case PhaseKind::Rally: break;
        }
    }
    // Before the first phase, Next starts the battle (with the ruleset's default options if none
    // were set: the desk and the command line record them first).
    if (st.can_advance || !st.started) {
        add_offer(out, battle, st.started ? "Next phase" : "Start the battle: next phase", {StepKind::Next});
    } else if (st.started) {
        TurnCommand force{StepKind::Next};
        force.force = true;
        add_offer(out, battle, "End the phase anyway", force);
    }
    return out;
}

bool is_turn_line(const std::vector<std::string>& words) { return !words.empty() && words.front() == "turn"; }

TurnCommand parse_turn_command(const std::vector<std::string>& words, const model::Battle& battle) {
    std::size_t i = is_turn_line(words) ? 1 : 0;
    if (i >= words.size())
        throw rules::InputError("turn", "say which step: next, draw, choose, order, done, first, moved, wind or chance");
    TurnCommand c;
    const std::string& what = words[i++];
    const auto known = std::find_if(std::begin(kStepWords), std::end(kStepWords),
                                    [&](const StepWord& w) { return what == w.word; });
    if (known == std::end(kStepWords))
        throw rules::InputError("turn", "\"" + what + "\" is no step of the turn (next, draw, choose, order, done, first, "
                                        "moved, wind or chance)");
    c.kind = known->kind;
    const bool names_one = c.kind == StepKind::Choose || c.kind == StepKind::Moved;
    std::string name, first, side;
    auto value_after = [&](const std::string& flag) -> std::string {
        if (i >= words.size()) throw rules::InputError("turn", "\"" + flag + "\" needs a name after it");
        return words[i++];
    };
    while (i < words.size()) {
        const std::string& w = words[i++];
        if (w == "--force") c.force = true;
        else if (w == "--second") c.second = true;
        else if (w == "--stationary") c.stationary = true;
        else if (w == "--first") first = value_after(w);
        else if (w == "--side") side = value_after(w);
        else if (w == "--dice") c.dice = value_after(w);
        else if (w.rfind("dice=", 0) == 0) c.dice = w.substr(5);
        else if (!names_one && dice_word(w)) c.dice += (c.dice.empty() ? "" : ",") + w;
        else if (names_one && !w.empty() && w.front() != '-') name += (name.empty() ? "" : " ") + w;
        else throw rules::InputError("turn", "\"" + w + "\" is not part of the step \"" + what + "\"");
    }
    if (names_one && name.empty())
        throw rules::InputError("turn", what == "choose" ? "choose needs the commander who acts"
                                                         : "moved needs the unit that moved or stood");
    if (c.kind == StepKind::Choose) c.id = rules::commander_id(battle, name, "commander");
    if (c.kind == StepKind::Moved) c.id = rules::unit_id(battle, name, "unit");
    if (!first.empty()) {
        if (c.kind != StepKind::Order) throw rules::InputError("turn", "only the order step names a side to go first");
        c.kind = StepKind::NameFirst;
        c.id = rules::side_id(battle, first, "first");
    }
    if (!side.empty()) {
        if (c.kind != StepKind::Chance) throw rules::InputError("turn", "only the chance step names the side that draws");
        c.id = rules::side_id(battle, side, "side");
    }
    if (!c.dice.empty() && !rolls_dice(c))
        throw rules::InputError("turn", "\"" + what + "\" rolls no dice (" + c.dice + ")");
    return c;
}

bool rolls_dice(const TurnCommand& c) { return c.kind == StepKind::Order || c.kind == StepKind::Wind; }

TurnStep take_turn_command(const model::Battle& battle, const TurnRules& rules, const TurnCommand& c,
                           dice::DiceSource& dice, const std::vector<int>& observation,
                           const std::vector<int>& denied) {
    switch (c.kind) {
    case StepKind::Next: return next_phase(battle, rules, observation, c.force);
    case StepKind::Draw: return draw_card(battle, rules);
    case StepKind::Choose: return choose_commander(battle, rules, c.id);
    case StepKind::Order: return roll_order(battle, rules, dice, observation, !c.second, denied);
    case StepKind::NameFirst: return name_first(battle, rules, c.id);
    case StepKind::Done: return side_done(battle, rules);
    case StepKind::First: return choose_first(battle, rules, !c.second);
    case StepKind::Moved: return unit_moved(battle, rules, c.id, c.stationary);
    case StepKind::Wind: return roll_wind(battle, rules, dice);
    case StepKind::Chance: return draw_chance(battle, rules, c.id);
    }
    return next_phase(battle, rules, observation, c.force);
}

} // namespace umpire::turn
