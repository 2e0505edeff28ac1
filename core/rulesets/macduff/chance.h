#pragma once
// Shared by the chance-card actions (Optional Rules 2, Sample cards: chance_*.cpp) and the rules
// that read their markers (move and the charge reactions read For Want of a Nail; move reads
// Huzzah!'s inches; melee reads Huzzah!'s bonus and I'll Try Sir!'s extra die). A drawn card
// reaches its action as a follow-up fixing `card` and `side` (core/turn/chance.cpp), so every
// chance action declares both. Internal to the MacDuff target.
#include "rulesets/macduff/action_def.h"

#include <optional>
#include <string>
#include <vector>

namespace umpire::macduff {

// Each file's chance action.
void add_sniper_action(const Tables& t, ActionDefs& out);     // sniper
void add_recovery_action(const Tables& t, ActionDefs& out);   // never-say-die
void add_huzzah_action(const Tables& t, ActionDefs& out);     // huzzah
void add_nominate_action(const Tables& t, ActionDefs& out);   // nominate
void add_rising_action(const Tables& t, ActionDefs& out);     // rising
void add_reinforce_action(const Tables& t, ActionDefs& out);  // reinforce

// ---- Inputs every chance action declares ---------------------------------------------------------

// The card being resolved. `cards` are the ids the action resolves; with one, it is the fallback.
rules::InputSpec card_input(const std::vector<rules::Choice>& cards);
// The side that drew the card, by id (a drawn card's follow-up gives it).
rules::InputSpec side_input();
// The side defaults to the selected unit's.
void side_defaults(const DefaultsContext& c, Defaults& d);

// ---- What they share -------------------------------------------------------------------------------

// The `side` input checked against the battle's sides, else the acting unit's side, else none.
std::optional<int> side_input_value(const Context& ctx);
// Thrown when a battle with sides needs to know which side drew the card.
[[noreturn]] void side_needed(const Context& ctx, const std::string& card_name);
// The card's text as the drawing side's set words it (the battle's deck, by the side's colour;
// the first set with the card when the side is unknown), or "" when the deck does not have it.
std::string card_text(const model::Battle& battle, std::optional<int> side, const std::string& card);
// A step quoting the card, when the deck has it: the card's text is the rule.
void quote_card(const Context& ctx, std::optional<int> side, const std::string& card, rules::Resolution& out);
std::string chance_citation(const Tables& t);

// ---- Read by other actions -------------------------------------------------------------------------

// Rising to the Occasion: the unit's officer acts like a commander who has joined it (R59).
bool officer_commands(const model::Unit& unit);
// A commander has joined the unit, or its officer acts as one: what Follow Me! and the rally ask.
bool led_as_joined(const model::Battle& battle, const model::Unit& unit);
// Huzzah! inches the unit may still add to a move this turn (0: none).
int huzzah_inches(const model::Battle& battle, const model::Unit& unit);
// The units a front end offers `nominate` with no acting unit: the side the chance card being
// resolved names (the turn state's current card), else every unit on the table.
std::vector<int> nominate_candidates(const Tables& t, const model::Battle& battle);

} // namespace umpire::macduff
