#pragma once
// The working's wording, shared by every ruleset: counts with their nouns, signed modifiers, the
// score a die needs, and distances as the umpire measures them on this battle's table.
#include "model/battle.h"

#include <string>
#include <vector>

namespace umpire::kit {

std::string plural(int n, const std::string& one, const std::string& many);  // "1 figure", "3 figures"
std::string dice_text(int n);      // "1 die", "3 dice"
std::string hits_text(int n);      // "1 hit", "3 hits"
std::string signed_text(int v);    // "+1", "-2", "+0"
std::string decimal(double v, int places = 1);
std::string yes_no(bool b);        // a flag input's value
std::string who(const model::Unit* unit, const char* fallback = "The unit");
std::string side_name(const model::Battle& battle, int side);  // "side 3" when the battle has none
std::string turn_note(const model::Battle& battle);              // "turn 3"
std::string possessive(const std::string& name);                // "Union's", "Confederates'"
std::string list_text(const std::vector<std::string>& items);   // "A", "A and B", "A, B and C"
std::string list_text(const std::vector<std::string>& items, const std::string& last);  // last = "or": "A or B"

// What a die needs, as a verb reads it: need_text(5, "hit") is "hits on 5-6"; a 6 alone, every
// die, or no score at all are said so ("no score can kill").
std::string need_text(int natural, const std::string& verb);

// A rulebook distance as the umpire measures it on this battle's table: 8" or, scaled or in
// centimetres, 8" (12" on the table) / 8" (20.3 cm on the table).
std::string table_distance(const model::Battle& battle, double rulebook_inches);

} // namespace umpire::kit
