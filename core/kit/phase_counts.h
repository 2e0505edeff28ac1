#pragma once
// Counts a rule reads for one phase only ("figures lost in the phase that caused the check",
// "figures killed this phase who still fire"). The count is kept in a unit counter with the
// moment it was last added to (kit/deeds.h Moment) in "KEY:at", so nothing needs clearing when a
// phase begins: the first addition in a new phase starts the count afresh, and a count of an
// earlier phase reads 0 as "this phase".
#include "kit/deeds.h"
#include "model/battle.h"
#include "rules/resolution.h"

#include <string>

namespace umpire::kit {

struct PhaseCount {
    int count = 0;
    Moment at;  // {0, 0}: never added to (or kept by a file written before the stamp)
};

// The count of the latest phase it was added in, whichever phase that was (effects in `out`
// count).
PhaseCount latest_phase_count(const model::Battle& battle, const rules::Resolution& out, const model::Unit& unit,
                              const std::string& key);
// The count of this phase: 0 unless it was added to in this phase.
int phase_count_now(const model::Battle& battle, const rules::Resolution& out, const model::Unit& unit,
                    const std::string& key);
// The same against the battle as it stands.
int phase_count_now(const model::Battle& battle, const model::Unit& unit, const std::string& key);

// Adds `delta` to this phase's count (a count of an earlier phase is replaced) and stamps it now.
void add_phase_count(const model::Battle& battle, rules::Resolution& out, const model::Unit& unit,
                     const std::string& key, int delta, const std::string& reason);
// Sets the count to 0 (a morale check has read it).
void clear_phase_count(const model::Battle& battle, rules::Resolution& out, const model::Unit& unit,
                       const std::string& key, const std::string& reason);

} // namespace umpire::kit
