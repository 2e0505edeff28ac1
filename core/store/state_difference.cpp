#include "store/state_difference.h"

#include "store/checksum.h"

#include <sstream>
#include <vector>

namespace umpire::store::detail {

namespace {

std::string flags_text(const model::Unit& u) {
    std::string out;
    for (auto f : model::kAllFlags)
        if (u.has(f)) out += (out.empty() ? "" : " ") + std::string(model::flag_id(f));
    return out.empty() ? "none" : out;
}

std::uint64_t unit_checksum(const model::Unit& u) {
    model::Battle alone;
    alone.units = {u};
    return state_checksum(alone);
}

} // namespace

std::string state_difference(const model::Battle& stored, const model::Battle& replayed) {
    std::vector<std::string> found;
    auto differ = [&](const std::string& what, const auto& a, const auto& b) {
        if (a != b) {
            std::ostringstream out;
            out << what << ": " << a << " stored, " << b << " from the journal";
            found.push_back(out.str());
        }
    };
    differ("turn", stored.turn, replayed.turn);
    if (stored.units.size() != replayed.units.size())
        differ("units", stored.units.size(), replayed.units.size());
    for (const auto& u : stored.units) {
        const model::Unit* r = replayed.unit(u.id);
        const std::string who = "unit " + std::to_string(u.id) + " (" + u.name + ")";
        if (!r) {
            found.push_back(who + ": stored, not in the journal's battle");
            continue;
        }
        differ(who + " figures", u.figures, r->figures);
        differ(who + " hits", u.hits, r->hits);
        differ(who + " flags", flags_text(u), flags_text(*r));
        if (unit_checksum(u) != unit_checksum(*r) &&
            u.figures == r->figures && u.hits == r->hits && flags_text(u) == flags_text(*r))
            found.push_back(who + ": its counters, traits or other fields differ");
    }
    for (const auto& c : stored.commanders)
        if (const model::Commander* r = replayed.commander(c.id))
            differ("commander " + c.name + " status", std::string(model::commander_status_id(c.status)),
                   std::string(model::commander_status_id(r->status)));
    if (found.empty()) found.push_back("the sides', the battle's counters or texts differ");
    std::string out;
    for (std::size_t i = 0; i < found.size() && i < 5; ++i) out += (i ? "; " : "") + found[i];
    if (found.size() > 5) out += "; and " + std::to_string(found.size() - 5) + " more";
    return out;
}

} // namespace umpire::store::detail
