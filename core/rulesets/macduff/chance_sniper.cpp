// They Couldn't Hit an Elephant (Optional Rules 2, Sample cards): the drawing side's General rolls;
// on the table's score (a 1) he is wounded or dead and out of the game, which is a commander lost
// like any other (3, 4.1, 10): the same code as the commander-lost action (losses.cpp).
#include "rulesets/macduff/chance.h"

#include <algorithm>
#include <numeric>

namespace umpire::macduff {

using model::CommanderStatus;

namespace {

// "a 1", "a 1 or 2", "a 1, 2 or 3".
std::string scores_text(const std::vector<int>& scores) {
    std::string out;
    for (std::size_t i = 0; i < scores.size(); ++i)
        out += (i == 0 ? "" : i + 1 == scores.size() ? " or " : ", ") + std::to_string(scores[i]);
    return "a " + out;
}

// The side's General, if the battle names one.
const model::Commander* general_of(const model::Battle& battle, int side) {
    for (const auto& c : battle.commanders)
        if (c.side == side && c.is_general) return &c;
    return nullptr;
}

void resolve_sniper(const Context& ctx, rules::Resolution& out) {
    const SniperCard& card = ctx.tables.chance.sniper;
    const std::string citation = chance_citation(ctx.tables);
    const std::optional<int> side = side_input_value(ctx);
    if (!side && !ctx.battle.sides.empty()) side_needed(ctx, card.name);
    const model::Commander* general = side ? general_of(ctx.battle, *side) : nullptr;
    if (side && !ctx.battle.sides.empty()) {
        // Refused, not rolled: there is no one for the sniper to hit, and nothing changes.
        if (!general)
            throw rules::InputError("side", side_name(ctx.battle, *side) + " has no General for the sniper to hit");
        if (general->status != CommanderStatus::Active)
            throw rules::InputError("side", general->name + " is already " +
                                                std::string(model::commander_status_id(general->status)) +
                                                " and out of the game: the sniper has no one to hit");
    }
    quote_card(ctx, side, card.card, out);
    const std::string by = general ? general->name : std::string("The General");
    out.steps.push_back({by + " rolls " + dice_text(card.dice) + ": on " + scores_text(card.lost_on) +
                             " he is wounded or dead and out of the game",
                         citation});

    const auto total = dice::Distribution::die().times(card.dice);
    double p = 0;
    for (int score : card.lost_on) p += total.p_exactly(score);
    out.chances.push_back({"the General is out of the game", p});
    out.chances.push_back({"the General is unhurt", 1 - p});
    if (!ctx.dice) {
        out.outcome = by + ": roll " + dice_text(card.dice) + " for the sniper";
        return;
    }
    const std::vector<int> dice = ctx.dice->d6s(card.dice, "the sniper's die");
    out.dice.push_back({"Sniper's die", dice, 0, 0});
    const int score = std::accumulate(dice.begin(), dice.end(), 0);
    const bool hit = std::find(card.lost_on.begin(), card.lost_on.end(), score) != card.lost_on.end();
    out.results["die"] = score;
    out.results["lost"] = hit ? 1 : 0;
    if (!hit) {
        out.steps.push_back({"Rolled " + std::to_string(score) + ": they couldn't hit an elephant; " + by +
                                 " is unhurt", citation});
        out.outcome = by + " is unhurt";
        return;
    }
    const std::string status = ctx.inputs.choice("status");
    out.steps.push_back({"Rolled " + std::to_string(score) + ": " + by + " is hit: " + status +
                             " and out of the game", citation});
    out.outcome = by + " is " + status + " and out of the game";
    if (general)
        commander_lost(ctx, *general, *model::commander_status_from_id(status),
                       "hit by a sniper, a stray shell or friendly fire (" + card.name + ")", out);
}

} // namespace

void add_sniper_action(const Tables& t, ActionDefs& out) {
    const SniperCard& card = t.chance.sniper;
    ActionDef d;
    d.spec.id = "sniper";
    d.spec.name = card.name;
    d.spec.summary = "Chance card: the drawing side's General rolls " + dice_text(card.dice) + "; on " +
                     scores_text(card.lost_on) + " he is wounded or dead and out of the game";
    d.spec.citation = chance_citation(t);
    d.spec.inputs.push_back(card_input({{card.card, card.name, 0, {}}}));
    d.spec.inputs.push_back(side_input());
    d.spec.inputs.push_back(choice_input("status", "If hit, the General is",
                                         {{"wounded", "Wounded", 0, {}}, {"killed", "Dead", 0, {}}}, card.status,
                                         "\"Wounded or dead\": either way he is out of the game (R52)"));
    d.resolve = resolve_sniper;
    d.defaults = side_defaults;
    out.push_back(d);
}

} // namespace umpire::macduff
