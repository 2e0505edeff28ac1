#include "kit/phase_counts.h"

#include "kit/effects.h"

namespace umpire::kit {

namespace {

std::string stamp_key(const std::string& key) { return key + ":at"; }

} // namespace

PhaseCount latest_phase_count(const model::Battle& battle, const rules::Resolution& out, const model::Unit& unit,
                              const std::string& key) {
    PhaseCount c;
    c.count = static_cast<int>(counter_now(battle, out, unit, key));
    const auto stamp = static_cast<int>(counter_now(battle, out, unit, stamp_key(key)));
    c.at = {stamp / 100, stamp % 100};
    return c;
}

int phase_count_now(const model::Battle& battle, const rules::Resolution& out, const model::Unit& unit,
                    const std::string& key) {
    const PhaseCount c = latest_phase_count(battle, out, unit, key);
    return c.at.stamp() == now(battle).stamp() ? c.count : 0;
}

int phase_count_now(const model::Battle& battle, const model::Unit& unit, const std::string& key) {
    static const rules::Resolution none;
    return phase_count_now(battle, none, unit, key);
}

void add_phase_count(const model::Battle& battle, rules::Resolution& out, const model::Unit& unit,
                     const std::string& key, int delta, const std::string& reason) {
    const int before = phase_count_now(battle, out, unit, key);
    set_counter(battle, out, unit, key, before + delta, reason);
    set_counter(battle, out, unit, stamp_key(key), now(battle).stamp(), reason);
}

void clear_phase_count(const model::Battle& battle, rules::Resolution& out, const model::Unit& unit,
                       const std::string& key, const std::string& reason) {
    set_counter(battle, out, unit, key, 0, reason);
}

} // namespace umpire::kit
