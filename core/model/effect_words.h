#pragma once
// Effects in a player's words: "2nd Sikhs: figures 12 -> 9 (3 hits from shooting)". The desk's
// result and journal panels and the command line's printout read them here, so they agree.
#include "model/battle.h"
#include "model/effect.h"

#include <string>
#include <string_view>

namespace umpire::model {

// "2nd Sikhs", "General Hamilton", or "unit 7" when the id is unknown.
std::string entity_name(const Battle& battle, Entity entity, int id);
// A unit's flag as a person says it, set ("routed", "needs a rally") or cleared ("no longer
// needs a rally"), by the flag's id ("needs-rally").
std::string flag_words(std::string_view flag_id, bool on);
// "2nd Sikhs: figures 12 → 9 (3 hits from shooting)", "Hamran spearmen: routed (broken)"; a
// ruleset's counters and records by the sentence the rules wrote for them.
std::string describe_effect(const Battle& battle, const Effect& effect);
// A deed's how and how-many, kept beside the deed itself ("did:fired:n" beside "did:fired"): the
// deed's line says it, so these are not listed again.
bool is_deed_detail(const Effect& effect);

} // namespace umpire::model
