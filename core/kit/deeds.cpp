#include "kit/deeds.h"

#include "kit/effects.h"

#include <algorithm>
#include <stdexcept>
#include <vector>

namespace umpire::kit {

namespace {

struct DeedName {
    Deed deed;
    const char* id;
    const char* past;
};
constexpr DeedName kDeeds[] = {
    {Deed::Activated, "activated", "has been activated"}, {Deed::Ordered, "ordered", "has been ordered"},
    {Deed::Moved, "moved", "has moved"},                   {Deed::Fired, "fired", "has fired"},
    {Deed::Reacted, "reacted", "has reacted"},             {Deed::Charged, "charged", "has charged"},
    {Deed::Melee, "melee", "has fought in melee"},         {Deed::Rallied, "rallied", "has rallied"},
    {Deed::Worked, "worked", "has worked"},
};

constexpr const char* kHows[] = {"plain", "half", "full", "charge", "march", "maneuver", "stood", "reaction",
                                 "retreat", "pursuit"};

// The counters a deed is kept in, made once: the turn status asks after a deed of every unit
// (2,000 in a big battle) whenever the battle changes.
struct DeedKeys {
    std::string stamp, how, count, turn_count;
};

const DeedKeys& keys_of(Deed d) {
    static const std::vector<DeedKeys> keys = [] {
        std::vector<DeedKeys> out;
        for (const auto& n : kDeeds) {
            const std::string stamp = std::string("did:") + n.id;
            out.push_back({stamp, stamp + ":how", stamp + ":n", stamp + ":t"});
        }
        return out;
    }();
    for (std::size_t i = 0; i < std::size(kDeeds); ++i)
        if (kDeeds[i].deed == d) return keys[i];
    throw std::logic_error("a deed with no name");
}

const std::string& stamp_key(Deed d) { return keys_of(d).stamp; }
const std::string& how_key(Deed d) { return keys_of(d).how; }
const std::string& count_key(Deed d) { return keys_of(d).count; }
const std::string& turn_count_key(Deed d) { return keys_of(d).turn_count; }

Moment moment_of(int stamp) { return {stamp / 100, stamp % 100}; }

bool within(const Moment& at, const Moment& now_, Within w) {
    return at.turn == now_.turn && (w == Within::Turn || at.phase == now_.phase);
}

} // namespace

std::string_view deed_id(Deed deed) {
    for (const auto& d : kDeeds)
        if (d.deed == deed) return d.id;
    return "";
}

std::optional<Deed> deed_from_id(std::string_view id) {
    for (const auto& d : kDeeds)
        if (id == d.id) return d.deed;
    return std::nullopt;
}

std::string deed_past(Deed deed) {
    for (const auto& d : kDeeds)
        if (d.deed == deed) return d.past;
    return "";
}

std::string_view how_id(How how) { return kHows[static_cast<int>(how)]; }

std::optional<How> how_from_id(std::string_view id) {
    for (int i = 0; i < static_cast<int>(std::size(kHows)); ++i)
        if (id == kHows[i]) return static_cast<How>(i);
    return std::nullopt;
}

std::string_view within_id(Within w) { return w == Within::Turn ? "this turn" : "this phase"; }

Moment now(const model::Battle& battle) { return {battle.turn, counter(battle.counters, kPhaseCounter)}; }

// The deed as `read` (a counter's value by key) gives it.
template <typename Read>
Done done_as_read(const model::Battle& battle, Deed deed, Within w, const Read& read) {
    Done d;
    const auto stamp = read(stamp_key(deed));
    if (stamp <= 0) return d;
    d.at = moment_of(static_cast<int>(stamp));
    if (!within(d.at, now(battle), w)) return d;
    d.happened = true;
    d.how = static_cast<How>(read(how_key(deed)));
    // A phase's count, or the turn's: what was done in every phase of it. A file written before
    // the turn's count was kept has the last phase's only.
    const auto phase_count = read(count_key(deed));
    const auto turn_count = read(turn_count_key(deed));
    d.count = static_cast<int>(w == Within::Phase ? phase_count : std::max(phase_count, turn_count));
    return d;
}

Done done(const model::Battle& battle, const rules::Resolution& out, const model::Unit& unit, Deed deed,
          Within w) {
    return done_as_read(battle, deed, w, [&](const std::string& key) { return counter_now(battle, out, unit, key); });
}

std::optional<Moment> last_done(const model::Unit& unit, Deed deed) {
    const int stamp = counter(unit, stamp_key(deed));
    if (stamp <= 0) return std::nullopt;
    return moment_of(stamp);
}

// No resolution under way: the unit's own counters are the answer, read without the search
// through a resolution's effects.
Done done(const model::Battle& battle, const model::Unit& unit, Deed deed, Within w) {
    return done_as_read(battle, deed, w, [&](const std::string& key) { return counter(unit, key); });
}

bool did(const model::Battle& battle, const model::Unit& unit, Deed deed, Within w) {
    return done(battle, unit, deed, w).happened;
}

void record(const model::Battle& battle, rules::Resolution& out, const model::Unit& unit, Deed deed, How how,
            int count, const std::string& reason) {
    const Moment at = now(battle);
    const Done in_phase = done(battle, out, unit, deed, Within::Phase);
    const Done in_turn = done(battle, out, unit, deed, Within::Turn);
    const std::string why = reason.empty() ? std::string(deed_id(deed)) : reason;
    set_counter(battle, out, unit, stamp_key(deed), at.stamp(), why);
    set_counter(battle, out, unit, how_key(deed), static_cast<int>(how), why);
    set_counter(battle, out, unit, count_key(deed), (in_phase.happened ? in_phase.count : 0) + count, why);
    set_counter(battle, out, unit, turn_count_key(deed), (in_turn.happened ? in_turn.count : 0) + count, why);
}

bool acted_this_turn(const model::Battle& battle, const model::Unit& unit) {
    return did(battle, unit, Deed::Activated) || did(battle, unit, Deed::Moved);
}

void carry_deeds(const model::Unit& from, model::Unit& to) {
    for (const auto& [key, value] : from.counters)
        if (key.rfind("did:", 0) == 0) to.counters[key] = value;
}

std::vector<std::string> deeds_this_turn(const model::Battle& battle, const model::Unit& unit) {
    std::vector<std::string> out;
    // Most units have done nothing recorded: no "did:" counter at all, nothing to look up (the
    // roster asks this of every unit every frame).
    const auto first_deed = unit.counters.lower_bound("did:");
    if (first_deed == unit.counters.end() || first_deed->first.rfind("did:", 0) != 0) return out;
    for (Deed deed : kAllDeeds) {
        const Done d = done(battle, unit, deed, Within::Turn);
        if (!d.happened) continue;
        // "Rallied" is the deed of taking the test, passed or not: beside [SHAKEN] or [ROUTED] the
        // word would read as recovered, so the badge says what happened.
        std::string word = deed == Deed::Rallied ? std::string("rally test taken") : std::string(deed_id(deed));
        if (d.how != How::Plain) word += " (" + std::string(how_id(d.how)) + ")";
        if (deed == Deed::Fired && d.count > 0) word += " " + std::to_string(d.count);
        out.push_back(word);
    }
    return out;
}

} // namespace umpire::kit
