// Orders (line 15): each commander rolls 1d6, the orders he may give this turn. The Army General
// may defer his roll to the next turn, and then defer again or roll 2 dice; he decides before any
// order die of his side is rolled. Each commander's orders left are kept in battle counters, and
// a move spends one (movement.cpp).
#include "rulesets/square-hearts/mechanics.h"

#include "kit/side_phase.h"
#include "rules/grid.h"
#include "rules/inputs.h"

#include <algorithm>

namespace umpire::square_hearts {

namespace {

const std::string kOrders = "Orders (line 15)";
// The [turn] phases in which a player rolls his commanders' orders.
const std::vector<std::string> kOrdersPhases = {"first-orders", "second-orders"};

int battle_counter(const model::Battle& b, const rules::Resolution& out, const std::string& key) {
    return static_cast<int>(kit::current(b, out, model::Entity::Battle, 0, "counter:" + key));
}

void set_battle_counter(const model::Battle& b, rules::Resolution& out, const std::string& key, int value,
                        const std::string& why) {
    kit::change(b, out, model::Entity::Battle, 0, "counter:" + key, value, why);
}

bool rolled_this_turn(const model::Battle& b, int commander) {
    return kit::counter(b.counters, orders_turn_key(commander)) == b.turn;
}

} // namespace

void resolve_orders(const Context& ctx, rules::Resolution& out) {
    const Tables& t = ctx.tables;
    const model::Battle& b = ctx.battle;
    const bool defer = ctx.inputs.flag("defer");
    const model::Commander* k = nullptr;
    if (ctx.inputs.counts.count("commander")) {
        k = b.commander(ctx.inputs.count("commander"));
        if (!k) throw rules::InputError("commander", "no commander with id " + std::to_string(ctx.inputs.count("commander")));
    } else if (!b.commanders.empty()) {
        throw rules::InputError("commander", "name the commander who rolls for his orders");
    }

    int dice = t.commanders.order_dice;
    std::string who = "The commander";
    if (k) {
        who = k->name;
        if (k->status != model::CommanderStatus::Active)
            throw rules::InputError("commander", k->name + " is " + std::string(model::commander_status_id(k->status)) +
                                                     ": he gives no orders" +
                                                     (k->status == model::CommanderStatus::Killed
                                                          ? " until his replacement takes over"
                                                          : ""));
        if (const int active = kit::acting_side(b); active && k->side != active)
            ctx.forbid(out, "orders are rolled in the player's own turn: it is " + kit::side_name(b, active) + "'s",
                       cite("Turn (line 13)"));
        if (rolled_this_turn(b, k->id))
            ctx.forbid(out, k->name + " has already rolled for his orders this turn", cite(kOrders));
        if (defer && !k->is_general)
            throw rules::InputError("defer", "only the Army General may defer his order die; " + k->name + " is not");
        if (k->is_general) {
            if (defer)
                for (const auto& other : b.commanders)
                    if (other.side == k->side && other.id != k->id && rolled_this_turn(b, other.id))
                        ctx.forbid(out, "the General's decision to defer is made before any order dice are rolled; " +
                                            other.name + " has rolled",
                                   cite(kOrders));
            if (kit::counter(b.counters, deferred_key(k->id)) == b.turn - 1 && b.turn > 1) {
                if (!defer) {
                    dice = t.commanders.deferred_dice;
                    out.steps.push_back({k->name + " deferred his roll last turn: he rolls " + kit::dice_text(dice),
                                         cite(kOrders)});
                } else {
                    out.steps.push_back({k->name + " deferred last turn and defers again", cite(kOrders)});
                }
            }
        } else {
            // The General decides first: his subordinates roll once he has rolled or deferred.
            for (const auto& g : b.commanders)
                if (g.side == k->side && g.is_general && g.status == model::CommanderStatus::Active &&
                    !rolled_this_turn(b, g.id))
                    ctx.forbid(out, "the Army General first decides whether to defer his roll (" + g.name +
                                        " has not rolled or deferred yet)",
                               cite(kOrders));
        }
    }
    if (defer) {
        out.steps.push_back({who + " defers his order die to next turn: no orders this turn; next turn he may "
                                   "defer again or roll " + kit::dice_text(t.commanders.deferred_dice),
                             cite(kOrders)});
        out.outcome = who + " defers his orders";
        out.results["orders"] = 0;
        if (k) {
            set_battle_counter(b, out, deferred_key(k->id), b.turn, "deferred his order die");
            set_battle_counter(b, out, orders_turn_key(k->id), b.turn, "deferred his order die");
            set_battle_counter(b, out, orders_left_key(k->id), 0, "deferred: no orders this turn");
        }
        return;
    }
    out.steps.push_back({who + " rolls " + kit::dice_text(dice) + " for the orders he may give this turn",
                         cite(kOrders)});
    out.odds.push_back({"orders", dice::Distribution::die(6).times(dice)});
    if (!ctx.dice) return;
    rules::DiceGroup g{"Order dice", ctx.dice->d6s(dice, "order dice"), 0, 0};
    int orders = 0;
    for (int v : g.values) orders += v;
    out.dice.push_back(g);
    out.results["orders"] = orders;
    out.outcome = who + ": " + kit::plural(orders, "order", "orders") + " this turn";
    out.steps.push_back({out.outcome, cite(kOrders)});
    if (k) {
        set_battle_counter(b, out, orders_turn_key(k->id), b.turn, "rolled his orders");
        set_battle_counter(b, out, orders_left_key(k->id), orders, "orders this turn");
        if (battle_counter(b, out, deferred_key(k->id)) != 0)
            set_battle_counter(b, out, deferred_key(k->id), 0, "rolled his orders");
    }
}

int orders_left(const model::Battle& b, const rules::Resolution& out, int commander) {
    if (kit::counter(b.counters, orders_turn_key(commander)) != b.turn) return 0;
    return battle_counter(b, out, orders_left_key(commander));
}

std::vector<std::string> orders_notes(const model::Battle& b) {
    std::vector<std::string> lines;
    if (kit::now(b).phase <= 0) return lines;
    const int acting = kit::acting_side(b);  // in a player's phase, his orders alone
    for (const auto& side : b.sides) {
        if (acting && side.id != acting) continue;
        std::string line;
        for (const auto& k : b.commanders) {
            if (k.side != side.id || k.status != model::CommanderStatus::Active) continue;
            std::string state = "not rolled yet";
            if (kit::counter(b.counters, deferred_key(k.id)) == b.turn)
                state = "deferred";
            else if (rolled_this_turn(b, k.id))
                state = std::to_string(kit::counter(b.counters, orders_left_key(k.id))) + " left";
            line += (line.empty() ? "" : ", ") + k.name + " " + state;
        }
        if (!line.empty()) lines.push_back("Orders, " + side.name + ": " + line);
    }
    return lines;
}

std::string orders_unrolled(const model::Battle& b, std::string_view phase_id) {
    if (std::find(kOrdersPhases.begin(), kOrdersPhases.end(), phase_id) == kOrdersPhases.end()) return "";
    const int acting = kit::acting_side(b);
    std::vector<std::string> names;
    for (const auto& k : b.commanders)
        if ((!acting || k.side == acting) && k.status == model::CommanderStatus::Active && !rolled_this_turn(b, k.id))
            names.push_back(k.name);
    if (names.empty()) return "";
    return kit::list_text(names) + (names.size() == 1 ? " has" : " have") +
           " not rolled for orders: each commander rolls 1d6 (" + kOrders + ")";
}

void spend_order(const Context& ctx, const model::Commander& k, const std::optional<Measure>& from,
                 rules::Resolution& out) {
    const model::Battle& b = ctx.battle;
    const model::Unit& u = *ctx.unit;
    if (k.side != u.side) throw rules::InputError("commander", k.name + " is not of " + u.name + "'s side");
    if (k.status != model::CommanderStatus::Active)
        throw rules::InputError("commander", k.name + " is " + std::string(model::commander_status_id(k.status)) +
                                                 ": he gives no orders");
    const int range = ctx.tables.commanders.order_range;
    if (k.is_general) {
        out.steps.push_back({"The General may order any unit: " + k.name + " orders " + u.name, cite(kOrders)});
    } else {
        const bool his = u.commander == k.id;
        const bool same_area = from && from->areas <= 0;
        if (same_area)
            out.steps.push_back({k.name + " is in " + u.name + "'s area: he may order it", cite(kOrders)});
        else if (!his)
            ctx.forbid(out, k.name + " may order only units of his command, or a unit in his area; " + u.name +
                                " is not of his command",
                       cite(kOrders));
        else if (from && from->areas > range)
            ctx.forbid(out, u.name + " is " + from->text + " from " + k.name + ": a subordinate orders units of his "
                                "command within " + rules::areas_text(range),
                       cite(kOrders));
        else
            out.steps.push_back({u.name + " is of " + k.name + "'s command" +
                                     (from ? ", " + from->text + " from him (within " + rules::areas_text(range) + ")"
                                           : std::string(", taken to be within ") + rules::areas_text(range)),
                                 cite(kOrders)});
    }
    const int left = orders_left(b, out, k.id);
    if (left <= 0) {
        const bool rolled = kit::counter(b.counters, orders_turn_key(k.id)) == b.turn;
        ctx.forbid(out, rolled ? k.name + " has no order left this turn: a unit needs an order to move"
                               : k.name + " has not rolled for his orders this turn: a unit needs an order to move",
                   cite(kOrders));
        return;
    }
    set_battle_counter(b, out, orders_left_key(k.id), left - 1, "an order to " + u.name);
    kit::record(b, out, u, Deed::Ordered, How::Plain, 0, "ordered by " + k.name);
    out.steps.push_back({k.name + " gives " + u.name + " an order: " + kit::plural(left - 1, "order", "orders") +
                             " left this turn",
                         cite(kOrders)});
}

} // namespace umpire::square_hearts
