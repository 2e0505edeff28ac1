#include "rules/battle_names.h"

#include "model/names.h"
#include "rules/inputs.h"

#include <algorithm>
#include <cctype>
#include <vector>

namespace umpire::rules {

using model::iequals;
using model::istarts_with;

namespace {

// Views of the battle's own names: a battle of 2,000 units is searched without copying them.
struct Named {
    int id;
    std::string_view name;
    std::string_view also;  // another word that names it exactly (a side's colour)
};

// The one thing `wanted` names: its id, its whole name or another exact word, or the start of
// one name only.
int pick(const std::vector<Named>& all, const std::string& wanted, const char* input, const std::string& what) {
    for (const auto& n : all)
        if (std::to_string(n.id) == wanted || iequals(n.name, wanted) || (!n.also.empty() && iequals(n.also, wanted)))
            return n.id;
    int found = 0, matches = 0;
    for (const auto& n : all)
        if (!wanted.empty() && istarts_with(n.name, wanted)) {
            found = n.id;
            ++matches;
        }
    if (matches == 1) return found;
    // Two or more start so: those are the ones to tell apart. None: every name there is.
    std::string known;
    for (const auto& n : all)
        if (matches == 0 || istarts_with(n.name, wanted)) {
            if (!known.empty()) known += ", ";
            known += n.name;
        }
    throw InputError(input, (matches > 1 ? "more than one " + what + " starts with \""
                                                : "no single " + what + " is called \"") +
                                       wanted + "\" (a unique start of a name will do); " + what + "s: " +
                                       (known.empty() ? "none" : known));
}

} // namespace

int unit_id(const model::Battle& battle, const std::string& name, const char* input) {
    std::vector<Named> all;
    all.reserve(battle.units.size());
    for (const auto& u : battle.units) all.push_back({u.id, u.name, {}});
    return pick(all, name, input, "unit");
}

int commander_id(const model::Battle& battle, const std::string& name, const char* input) {
    std::vector<Named> all;
    for (const auto& c : battle.commanders) all.push_back({c.id, c.name, {}});
    return pick(all, name, input, "commander");
}

int side_id(const model::Battle& battle, const std::string& name, const char* input) {
    std::vector<Named> all;
    for (const auto& s : battle.sides) all.push_back({s.id, s.name, s.colour});
    return pick(all, name, input, "side");
}

void names_to_ids(const ActionSpec& spec, const model::Battle& battle, ActionRequest& request) {
    for (const auto& in : spec.inputs) {
        auto it = request.values.find(in.id);
        if (in.id_of == IdOf::Nothing || it == request.values.end() || it->second.empty()) continue;
        const std::string& v = it->second;
        if (std::all_of(v.begin(), v.end(), [](unsigned char c) { return std::isdigit(c); })) continue;
        switch (in.id_of) {
        case IdOf::Unit: it->second = std::to_string(unit_id(battle, v, in.id.c_str())); break;
        case IdOf::Commander: it->second = std::to_string(commander_id(battle, v, in.id.c_str())); break;
        case IdOf::Side: it->second = std::to_string(side_id(battle, v, in.id.c_str())); break;
        case IdOf::Nothing: break;
        }
    }
}

} // namespace umpire::rules
