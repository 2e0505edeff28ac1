#include "rules/command_line.h"

#include "model/names.h"
#include "rules/battle_names.h"
#include "rules/dice_needed.h"
#include "rules/inputs.h"
#include "rules/trim.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <functional>
#include <optional>
#include <set>

namespace umpire::rules {

using model::all_digits;

namespace {

// "6,5,4" (at least one comma, only digits between): real dice.
bool looks_like_dice(std::string_view s) {
    if (s.find(',') == std::string_view::npos) return false;
    std::size_t start = 0;
    while (start <= s.size()) {
        const std::size_t comma = std::min(s.find(',', start), s.size());
        if (!all_digits(s.substr(start, comma - start))) return false;
        start = comma + 1;
    }
    return true;
}

const ActionSpec& pick_action(const Ruleset& ruleset, const std::string& word) {
    const std::string w = model::lower(word);
    for (const ActionSpec& a : ruleset.actions())
        if (a.id == w || model::lower(a.name) == w) return a;
    std::vector<const ActionSpec*> found;
    for (const ActionSpec& a : ruleset.actions())
        if (model::istarts_with(a.id, w) || model::istarts_with(a.name, w)) found.push_back(&a);
    if (found.size() == 1) return *found.front();
    std::string names;
    for (const ActionSpec& a : ruleset.actions())
        if (found.empty() || std::find(found.begin(), found.end(), &a) != found.end())
            names += (names.empty() ? "" : ", ") + a.id;
    throw InputError("action", (found.empty() ? "no action starts with \"" : "more than one action starts with \"") +
                                   word + "\"; " + (found.empty() ? "actions: " : "which: ") + names);
}

// The words from `at` on that go on with the name of the unit found (`104 pennsylvania`).
void take_rest_of_name(const model::Battle& battle, int id, std::string name, const std::vector<std::string>& words,
                       std::size_t& at) {
    const std::string& found = battle.unit(id)->name;
    for (; at < words.size() && model::name_match(found, name + " " + words[at]) >= model::NameMatch::WordStart; ++at)
        name += " " + words[at];
}

// A unit named by the words from `at` on: one word, or more while the start is shared; words
// that go on with the name found are its too (`heavy camel regiment` unquoted). When no longer
// start names one, the refusal is the one of the first word ("more than one unit...").
int pick_unit(const model::Battle& battle, const std::vector<std::string>& words, std::size_t& at, const char* input) {
    std::optional<InputError> first;
    std::string name = words[at];
    for (std::size_t extra = 0; at + extra < words.size(); ++extra) {
        if (extra > 0) name += " " + words[at + extra];
        try {
            const int id = unit_id(battle, name, input);
            at += extra + 1;
            take_rest_of_name(battle, id, name, words, at);
            return id;
        } catch (const InputError& e) {
            if (!first) first = e;
            if (how_many_named(battle, IdOf::Unit, name) < 2) break;
        }
    }
    throw *first;
}

// Whether the word names exactly one unit (a target given without a name= before it): the start
// of a name, or of a word in one name only when it is not one of the action's own words. (A
// number names one by unit_by_number.)
bool names_one_unit(const model::Battle& battle, const ActionSpec& spec, const std::string& word) {
    if (all_digits(word) || word.find('=') != std::string::npos || looks_like_dice(word)) return false;
    const auto n = std::count_if(battle.units.begin(), battle.units.end(),
                                 [&](const model::Unit& u) { return model::istarts_with(u.name, word); });
    if (n >= 1) return true;
    const bool own_word = std::any_of(spec.inputs.begin(), spec.inputs.end(), [&](const InputSpec& in) {
        return in.id == word || in.choice(word) != nullptr;
    });
    return !own_word && how_many_named(battle, IdOf::Unit, word) == 1;
}

// A unit, commander or side typed in order may take the words after it that go on with a name
// (`orders colonel burnaby 4` unquoted). A number in a unit's place is the unit whose name it
// begins ("12" for 12th Mississippi), names coming before numbers; else it stays a number (a die,
// as a unit is not numbered when typed in order).
void join_spaced_names(const model::Battle& battle, const std::vector<const InputSpec*>& order,
                       std::vector<std::string>& positional) {
    for (std::size_t i = 0; i < positional.size() && i < order.size(); ++i) {
        if (order[i]->id_of == IdOf::Unit && all_digits(positional[i]))
            if (const auto id = unit_by_number(battle, positional[i])) positional[i] = battle.unit(*id)->name;
        if (order[i]->id_of == IdOf::Nothing || all_digits(positional[i])) continue;
        while (i + 1 < positional.size() &&
               how_many_named(battle, order[i]->id_of, positional[i] + " " + positional[i + 1]) >= 1) {
            positional[i] += " " + positional[i + 1];
            positional.erase(positional.begin() + static_cast<std::ptrdiff_t>(i) + 1);
        }
    }
}

// The line's own names, beside the action's inputs: who acts, on whom, the real dice and the
// umpire's reason for overruling the rules (the desk's Overrule, apply's overrule).
constexpr std::array<const char*, 4> kLineNames{"unit", "target", "dice", "overrule"};

// A NAME=VALUE word whose name is one of the line's own (an input of that id comes first).
std::optional<std::pair<std::string, std::string>> line_name(const ActionSpec& spec, const std::string& word) {
    const auto eq = word.find('=');
    if (eq == std::string::npos || eq == 0) return std::nullopt;
    const std::string name = model::lower(word.substr(0, eq));
    if (spec.input(name) || std::find(kLineNames.begin(), kLineNames.end(), name) == kLineNames.end())
        return std::nullopt;
    return std::pair{name, word.substr(eq + 1)};
}

const InputSpec& pick_input(const ActionSpec& spec, const std::string& name) {
    if (const InputSpec* in = spec.input(name)) return *in;
    std::vector<const InputSpec*> found;
    for (const InputSpec& in : spec.inputs)
        if (model::istarts_with(in.id, name)) found.push_back(&in);
    if (found.size() == 1) return *found.front();
    std::string names;
    for (const InputSpec& in : spec.inputs) names += (names.empty() ? "" : ", ") + in.id;
    std::string own;
    for (const char* n : kLineNames) own += std::string(own.empty() ? "" : ", ") + n + "=";
    throw InputError(name, (found.empty() ? "not an input of " : "more than one input starts with that in ") +
                               spec.name + "; its inputs are: " + names + "; the line also takes " + own);
}

// A choice typed by a unique start of its id (`reaction=counter` for counter-charge), as names
// are: completed to the whole id. A start two share, or none, is left for the inputs' own check
// to refuse with the choices listed.
void complete_choices(const ActionSpec& spec, ActionRequest& request) {
    for (const InputSpec& in : spec.inputs) {
        if (in.kind != InputKind::Choice) continue;
        const auto typed = request.values.find(in.id);
        if (typed == request.values.end() || typed->second.empty() || in.choice(typed->second)) continue;
        const Choice* only = nullptr;
        int found = 0;
        for (const Choice& c : in.choices)
            if (model::istarts_with(c.id, typed->second)) {
                only = &c;
                ++found;
            }
        if (found == 1) typed->second = only->id;
    }
}

// Whether a bare number typed in order can be the value of `in`: a quantity or distance within
// its range, or a choice whose id is the number. A yes/no, a set of modifiers or a unit,
// commander or side (named, not numbered, when typed in order: behind=6 gives an id) cannot.
bool takes_number(const InputSpec& in, const std::string& word) {
    switch (in.kind) {
    case InputKind::Count: {
        if (in.id_of != IdOf::Nothing || word.size() > 9) return false;
        const int n = std::stoi(word);
        return n >= in.min && n <= in.max;
    }
    case InputKind::Distance: return true;
    case InputKind::Areas: return word.size() <= 9 && std::stoi(word) >= in.min && std::stoi(word) <= in.max;
    case InputKind::Choice: return in.choice(word) != nullptr;
    case InputKind::Modifiers:
    case InputKind::Flag: return false;
    }
    return false;
}

// Whether a number can be a die: the rulesets roll six-sided dice only (dice/expression.h).
bool could_be_a_die(const std::string& word) {
    return word.size() == 1 && word[0] >= '1' && word[0] <= '6';
}

// The last value typed in order, when it is a bare number and no dice were typed, may be a lone
// die (`orders brig 4`, one die being the commonest roll). It is not one when it cannot be a die
// (7 or more). It is one when it cannot be the input it would fill, or when there is none left to
// fill. When it could be either, it is the input when the action rolls no dice with it (`charge
// 8e 1/28 4`: a charge rolls none), else the umpire is asked to say which when the input has a
// value already or may be left blank. `rolls` says whether the action rolls dice.
bool last_is_a_die(const std::vector<std::string>& positional, const std::vector<const InputSpec*>& order,
                   const std::set<std::string>& optional_inputs, const std::function<bool()>& rolls) {
    if (positional.empty() || !could_be_a_die(positional.back())) return false;
    const std::size_t at = positional.size() - 1;
    if (at >= order.size()) return true;
    const InputSpec& in = *order[at];
    if (!takes_number(in, positional.back())) return true;
    if (!rolls()) return false;
    if (optional_inputs.count(in.id)) {
        const std::string& n = positional.back();
        throw InputError(in.id, "\"" + n + "\" could be " + in.label + " or a die: write the die as dice=" + n +
                                    ", or the value as " + in.id + "=" + n, "");
    }
    return false;
}

// Whether the action rolls dice with these values: resolved with dice that count what it draws.
// When it cannot be resolved yet (a value missing or wrong) it is taken to roll, as most do.
bool rolls_dice(const Ruleset& ruleset, const ActionSpec& spec, const model::Battle& battle, ActionRequest request,
                const std::vector<std::string>& positional, const std::vector<const InputSpec*>& order) {
    for (std::size_t i = 0; i < positional.size() && i < order.size(); ++i) request.values[order[i]->id] = positional[i];
    try {
        names_to_ids(spec, battle, request);
    } catch (const InputError&) {
        return true;
    }
    complete_choices(spec, request);
    const auto drawn = dice_needed(ruleset, request, battle, {});
    return !drawn || *drawn > 0;
}

// A modifier's choice id or a yes/no input's id typed alone.
bool take_bare_word(const ActionSpec& spec, const std::string& word, ActionRequest& request) {
    for (const InputSpec& in : spec.inputs) {
        if (in.kind == InputKind::Flag && in.id == word) {
            request.values[in.id] = "yes";
            return true;
        }
        if (in.kind == InputKind::Modifiers && in.choice(word)) {
            std::string& list = request.values[in.id];
            list += (list.empty() ? "" : ",") + word;
            return true;
        }
    }
    return false;
}

} // namespace

std::vector<std::string> command_words(std::string_view line) {
    std::vector<std::string> out;
    std::string word;
    bool quoted = false, any = false;
    for (char c : line) {
        if (c == '"') {
            quoted = !quoted;
            any = true;
        } else if (!quoted && std::isspace(static_cast<unsigned char>(c))) {
            if (any) out.push_back(word);
            word.clear();
            any = false;
        } else {
            word += c;
            any = true;
        }
    }
    if (any) out.push_back(word);
    return out;
}

TypedCommand parse_command(const std::vector<std::string>& words, const Ruleset& ruleset, const model::Battle& battle) {
    if (words.empty()) throw InputError("action", "type an action first, e.g. shoot");
    TypedCommand out;
    const ActionSpec& spec = pick_action(ruleset, words.front());
    out.request.action = spec.id;

    // unit= and target= name them anywhere on the line; the other words keep their order.
    std::vector<std::string> rest;
    for (std::size_t i = 1; i < words.size(); ++i) {
        const auto named = line_name(spec, words[i]);
        if (named && (named->first == "unit" || named->first == "target")) {
            if (named->second.empty())
                throw InputError(named->first, "type the start of a unit's name after " + named->first + "=");
            (named->first == "unit" ? out.request.unit : out.request.target) =
                unit_id(battle, named->second, named->first.c_str());
        } else {
            rest.push_back(words[i]);
        }
    }

    std::size_t at = 0;
    const auto in_order = [&] { return at < rest.size() && rest[at].find('=') == std::string::npos; };
    if ((spec.needs_unit || spec.unit_optional) && !out.request.unit && in_order())
        out.request.unit = pick_unit(battle, rest, at, "unit");
    if (spec.needs_unit && !out.request.unit)
        throw InputError("unit", spec.name + " needs the acting unit: type the start of its name");
    if (!out.request.target && in_order()) {
        const std::string& w = rest[at];
        if (spec.needs_target) {
            out.request.target = pick_unit(battle, rest, at, "target");
        } else if (spec.target_optional && all_digits(w)) {
            // Names before numbers: `shoot 5th 104 12` is at 104th Pennsylvania, at 12".
            if (const auto id = unit_by_number(battle, w, ruleset.target_candidates(spec, battle, out.request.unit))) {
                out.request.target = id;
                ++at;
                const std::string& name = battle.unit(*id)->name;
                take_rest_of_name(battle, *id, name.substr(0, name.find(' ')), rest, at);  // `104 pennsylvania`
            }
        } else if (spec.target_optional && names_one_unit(battle, spec, w)) {
            out.request.target = pick_unit(battle, rest, at, "target");
        }
    }
    if (spec.needs_target && !out.request.target)
        throw InputError("target", spec.name + " needs a target: type the start of its name");

    std::vector<std::string> positional;
    for (; at < rest.size(); ++at) {
        const std::string& w = rest[at];
        if (const auto named = line_name(spec, w)) {
            if (named->first == "dice") {
                out.dice = named->second;
            } else if (named->first == "overrule") {
                if (trim(named->second).empty())
                    throw InputError("overrule", "say why the umpire overrules after overrule= (in quotes: "
                                                 "overrule=\"the general's order\")");
                out.request.overrule = named->second;
            }
        } else if (const auto eq = w.find('='); eq != std::string::npos && eq > 0) {
            out.request.values[pick_input(spec, model::lower(w.substr(0, eq))).id] = w.substr(eq + 1);
        } else if (looks_like_dice(w)) {
            out.dice = w;
        } else if (!take_bare_word(spec, w, out.request)) {
            positional.push_back(w);
        }
    }

    // Values without a name: first the inputs the unit leaves open, then the rest, in order.
    const auto defaults = ruleset.defaults(spec, battle, out.request.unit, out.request.target);
    std::vector<const InputSpec*> order;
    std::set<std::string> optional_inputs;  // those with a value already, or that may be blank
    for (int pass = 0; pass < 2; ++pass)
        for (const InputSpec& in : spec.inputs) {
            const bool open = !defaults.count(in.id) && in.fallback.empty();
            if ((pass == 0) == open && !out.request.values.count(in.id)) order.push_back(&in);
            if (!open || !in.required) optional_inputs.insert(in.id);
        }
    join_spaced_names(battle, order, positional);
    const auto rolls = [&] { return rolls_dice(ruleset, spec, battle, out.request, positional, order); };
    if (out.dice.empty() && last_is_a_die(positional, order, optional_inputs, rolls)) {
        out.dice = positional.back();
        positional.pop_back();
    }
    if (positional.size() > order.size())
        throw InputError(spec.id, "\"" + positional[order.size()] + "\" is one value more than " + spec.name +
                                      " has inputs left to fill (dice are written with commas, 6,5,4, or as "
                                      "dice=6)");
    for (std::size_t i = 0; i < positional.size(); ++i) out.request.values[order[i]->id] = positional[i];
    names_to_ids(spec, battle, out.request);
    complete_choices(spec, out.request);
    return out;
}

std::string refused_on_line(const Refusal& refusal) {
    return "The rules refuse this: " + refusal.rule() + " (" + refusal.citation() +
           "); to apply it anyway, add the umpire's reason to the line: overrule=\"why\"";
}

} // namespace umpire::rules
