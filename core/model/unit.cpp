#include "model/unit.h"

#include <array>
#include <utility>

namespace umpire::model {

namespace {
constexpr std::array<std::pair<Flag, std::string_view>, 9> kFlagIds{{
    {Flag::Shaken, "shaken"},
    {Flag::Disordered, "disordered"},
    {Flag::Routed, "routed"},
    {Flag::Pinned, "pinned"},
    {Flag::Activated, "activated"},
    {Flag::Fired, "fired"},
    {Flag::NeedsRally, "needs-rally"},
    {Flag::Reserve, "reserve"},
    {Flag::Hidden, "hidden"},
}};
} // namespace

std::string_view flag_id(Flag flag) {
    for (const auto& [f, id] : kFlagIds)
        if (f == flag) return id;
    return "unknown";
}

std::optional<Flag> flag_from_id(std::string_view id) {
    for (const auto& [f, name] : kFlagIds)
        if (name == id) return f;
    return std::nullopt;
}

bool Unit::has(Flag flag) const {
    auto it = flags.find(flag);
    return it != flags.end() && it->second;
}

bool same_unit(const Unit& a, const Unit& b) {
    if (a.id != b.id || a.name != b.name || a.side != b.side || a.commander != b.commander ||
        a.troop_type != b.troop_type || a.quality != b.quality || a.weapon != b.weapon ||
        a.formed != b.formed || a.start_figures != b.start_figures || a.figures != b.figures ||
        a.hits != b.hits || a.hit_capacity != b.hit_capacity || a.traits != b.traits)
        return false;
    for (Flag f : kAllFlags)
        if (a.has(f) != b.has(f)) return false;
    auto counter = [](const Unit& u, const std::string& key) {
        auto it = u.counters.find(key);
        return it == u.counters.end() ? 0 : it->second;
    };
    for (const Unit* u : {&a, &b})
        for (const auto& [key, value] : u->counters)
            if (counter(a, key) != counter(b, key)) return false;
    return true;
}

void Unit::set(Flag flag, bool on) {
    if (on)
        flags[flag] = true;
    else
        flags.erase(flag);
}

} // namespace umpire::model
