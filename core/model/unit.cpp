#include "model/unit.h"

#include <array>
#include <utility>

namespace umpire::model {

namespace {
constexpr std::array<std::pair<Flag, std::string_view>, 7> kFlagIds{{
    {Flag::Shaken, "shaken"},
    {Flag::Disordered, "disordered"},
    {Flag::Routed, "routed"},
    {Flag::Pinned, "pinned"},
    {Flag::Activated, "activated"},
    {Flag::Fired, "fired"},
    {Flag::NeedsRally, "needs-rally"},
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

void Unit::set(Flag flag, bool on) {
    if (on)
        flags[flag] = true;
    else
        flags.erase(flag);
}

} // namespace umpire::model
