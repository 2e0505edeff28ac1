#include "rules/battle_names.h"

#include "model/names.h"
#include "rules/inputs.h"

#include <algorithm>
#include <cctype>
#include <vector>

namespace umpire::rules {

using model::iequals;
using model::all_digits;
using model::istarts_with;

namespace {

// Views of the battle's own names: a battle of 2,000 units is searched without copying them.
struct Named {
    int id;
    std::string_view name;
    std::string_view also;  // another word that names it exactly (a side's colour)
};

// Those `wanted` names by the start of their name or, when none starts so, of one of its words
// (never a piece inside a word: "8e" is not "108e Ligne"), in the battle's order.
std::vector<const Named*> named_by_start(const std::vector<Named>& all, std::string_view wanted) {
    std::vector<const Named*> starts, words;
    for (const auto& n : all) {
        const model::NameMatch how = model::name_match(n.name, wanted);
        if (how >= model::NameMatch::Start) starts.push_back(&n);
        else if (how == model::NameMatch::WordStart) words.push_back(&n);
    }
    return starts.empty() ? words : starts;
}

// A name of the list with a space in it, for the hint about quotes.
std::string_view spaced_example(const std::vector<Named>& all) {
    for (const auto& n : all)
        if (n.name.find(' ') != std::string_view::npos) return n.name;
    return {};
}

// Whether the name begins with the whole number typed: "104th" with 104, not with 10.
bool begins_with_number(std::string_view name, std::string_view digits) {
    return all_digits(digits) && istarts_with(name, digits) &&
           (name.size() == digits.size() || !std::isdigit(static_cast<unsigned char>(name[digits.size()])));
}

// The one name of `all` that begins with the number typed, if one only does.
const Named* numbered(const std::vector<Named>& all, std::string_view digits) {
    const Named* only = nullptr;
    for (const auto& n : all)
        if (begins_with_number(n.name, digits)) {
            if (only) return nullptr;
            only = &n;
        }
    return only;
}

// The one thing `wanted` names: its whole name or another exact word, the name its number begins
// (names before ids: "104" is 104th Pennsylvania whatever unit has id 104), its id, or the start
// of one name, or of a word in one name, only.
int pick(const std::vector<Named>& all, const std::string& wanted, const char* input, const std::string& what) {
    for (const auto& n : all)
        if (iequals(n.name, wanted) || (!n.also.empty() && iequals(n.also, wanted))) return n.id;
    if (const Named* n = numbered(all, wanted)) return n->id;
    for (const auto& n : all)
        if (std::to_string(n.id) == wanted) return n.id;
    const std::vector<const Named*> found = named_by_start(all, wanted);
    if (found.size() == 1) return found.front()->id;
    // Two or more start so: those are the ones to tell apart. None: every name there is.
    std::string known;
    if (found.empty())
        for (const auto& n : all) known += (known.empty() ? "" : ", ") + std::string(n.name);
    for (const Named* n : found) known += (known.empty() ? "" : ", ") + std::string(n->name);
    const bool by_word = !found.empty() && !istarts_with(found.front()->name, wanted);
    const std::string_view example = spaced_example(all);
    const std::string quotes = example.empty() ? std::string() : "; a name with spaces goes in quotes: \"" + std::string(example) + "\"";
    std::string why;
    if (found.empty())
        why = "no single " + what + " is called \"" + wanted + "\" (a unique start of a name or of a word in it will do" +
              quotes + "); " + what + "s: ";
    else if (by_word)
        why = "more than one " + what + " has a word starting with \"" + wanted + "\" (type more of the name" + quotes +
              "); which: ";
    else
        why = "more than one " + what + " starts with \"" + wanted + "\" (a unique start of a name will do); " + what +
              "s: ";
    throw InputError(input, why + (known.empty() ? "none" : known));
}

std::vector<Named> named_units(const model::Battle& battle) {
    std::vector<Named> all;
    all.reserve(battle.units.size());
    for (const auto& u : battle.units) all.push_back({u.id, u.name, {}});
    return all;
}

std::vector<Named> named_commanders(const model::Battle& battle) {
    std::vector<Named> all;
    for (const auto& c : battle.commanders) all.push_back({c.id, c.name, {}});
    return all;
}

std::vector<Named> named_sides(const model::Battle& battle) {
    std::vector<Named> all;
    for (const auto& s : battle.sides) all.push_back({s.id, s.name, s.colour});
    return all;
}

} // namespace

int unit_id(const model::Battle& battle, const std::string& name, const char* input) {
    return pick(named_units(battle), name, input, "unit");
}

int commander_id(const model::Battle& battle, const std::string& name, const char* input) {
    return pick(named_commanders(battle), name, input, "commander");
}

int side_id(const model::Battle& battle, const std::string& name, const char* input) {
    return pick(named_sides(battle), name, input, "side");
}

std::size_t how_many_named(const model::Battle& battle, IdOf of, std::string_view typed) {
    switch (of) {
    case IdOf::Unit: return named_by_start(named_units(battle), typed).size();
    case IdOf::Commander: return named_by_start(named_commanders(battle), typed).size();
    case IdOf::Side: return named_by_start(named_sides(battle), typed).size();
    case IdOf::Nothing: break;
    }
    return 0;
}

std::optional<int> unit_by_number(const model::Battle& battle, std::string_view digits, const std::vector<int>& among) {
    std::vector<Named> units = named_units(battle);
    if (!among.empty())
        units.erase(std::remove_if(units.begin(), units.end(),
                                   [&](const Named& n) { return std::find(among.begin(), among.end(), n.id) == among.end(); }),
                    units.end());
    if (const Named* n = numbered(units, digits)) return n->id;
    return std::nullopt;
}

void names_to_ids(const ActionSpec& spec, const model::Battle& battle, ActionRequest& request) {
    for (const auto& in : spec.inputs) {
        auto it = request.values.find(in.id);
        if (in.id_of == IdOf::Nothing || it == request.values.end() || it->second.empty()) continue;
        const std::string& v = it->second;
        if (all_digits(v)) continue;
        // Said with the input's label, as every other error about an input.
        try {
            switch (in.id_of) {
            case IdOf::Unit: it->second = std::to_string(unit_id(battle, v, in.id.c_str())); break;
            case IdOf::Commander: it->second = std::to_string(commander_id(battle, v, in.id.c_str())); break;
            case IdOf::Side: it->second = std::to_string(side_id(battle, v, in.id.c_str())); break;
            case IdOf::Nothing: break;
            }
        } catch (const InputError& e) {
            if (auto said = labelled(e, spec)) throw *said;
            throw;
        }
    }
}

} // namespace umpire::rules
