#include "rules/inputs.h"
#include "rules/trim.h"

#include "model/names.h"
#include "rules/distance.h"

#include <cctype>
#include <charconv>
#include <string_view>

namespace umpire::rules {

using model::lower;

InputError::InputError(std::string input, std::string message)
    : std::runtime_error(input.empty() ? message : input + ": " + message),
      input_(std::move(input)), message_(std::move(message)) {}

InputError::InputError(std::string input, std::string message, const std::string& shown)
    : std::runtime_error(shown.empty() ? message : shown + ": " + message),
      input_(std::move(input)), message_(std::move(message)) {}

std::optional<InputError> labelled(const InputError& error, const ActionSpec& spec) {
    if (dynamic_cast<const Refusal*>(&error)) return std::nullopt;
    const InputSpec* in = spec.input(error.input());
    if (!in || in->label.empty()) return std::nullopt;
    return InputError(error.input(), error.message(), in->label);
}

Refusal::Refusal(std::string rule, std::string citation)
    : InputError("refused", rule + " (" + citation + ")"), rule_(std::move(rule)), citation_(std::move(citation)) {}

namespace {


std::string choice_list(const InputSpec& spec) {
    std::string out;
    for (const auto& c : spec.choices) out += (out.empty() ? "" : ", ") + c.id;
    return out;
}

int parse_count(const InputSpec& spec, std::string_view raw) {
    std::string_view s = trim(raw);
    long long value = 0;
    auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
    if (s.empty() || ec == std::errc::invalid_argument || ptr != s.data() + s.size())
        throw InputError(spec.id, "\"" + std::string(raw) + "\" is not a whole number");
    if (ec == std::errc::result_out_of_range || value < spec.min || value > spec.max)
        throw InputError(spec.id, "must be from " + std::to_string(spec.min) + " to " +
                                      std::to_string(spec.max) + ", got " + std::string(s));
    return static_cast<int>(value);
}

double parse_distance_input(const InputSpec& spec, std::string_view raw,
                            const model::Battle& battle) {
    auto parsed = parse_distance(raw, battle.distance_unit);
    if (!parsed.inches) throw InputError(spec.id, parsed.error);
    double rulebook = to_rulebook_inches(*parsed.inches, battle.distance_scale);
    if (rulebook < spec.min || (spec.max > 0 && rulebook > spec.max))
        throw InputError(spec.id, "must be from " + std::to_string(spec.min) + " to " +
                                      std::to_string(spec.max) + " rulebook inches, got " +
                                      format_inches(rulebook));
    return rulebook;
}

double parse_areas_input(const InputSpec& spec, std::string_view raw, const model::Battle& battle, Steps& steps) {
    const auto parsed = parse_steps(raw, grid_of(battle));
    if (!parsed.steps) throw InputError(spec.id, parsed.error);
    steps = *parsed.steps;
    if (steps.areas < spec.min || (spec.max > 0 && steps.areas > spec.max))
        throw InputError(spec.id, "must be from " + areas_text(spec.min) + " to " + areas_text(spec.max) + ", got " +
                                      steps_text(steps));
    return steps.areas;
}

std::string parse_choice(const InputSpec& spec, std::string_view raw) {
    std::string id = lower(trim(raw));
    if (!spec.choice(id))
        throw InputError(spec.id, "\"" + std::string(raw) + "\" is not one of: " +
                                      choice_list(spec));
    return id;
}

std::set<std::string> parse_modifiers(const InputSpec& spec, std::string_view raw) {
    std::set<std::string> chosen;
    std::string_view rest = raw;
    while (!rest.empty()) {
        auto comma = rest.find(',');
        std::string id = lower(trim(rest.substr(0, comma)));
        rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 1);
        if (id.empty()) continue;
        if (!spec.choice(id))
            throw InputError(spec.id, "unknown modifier \"" + id + "\"; expected any of: " +
                                          choice_list(spec));
        chosen.insert(id);
    }
    return chosen;
}

bool parse_flag(const InputSpec& spec, std::string_view raw) {
    std::string v = lower(trim(raw));
    if (v == "yes" || v == "true" || v == "1" || v == "on" || v == "y") return true;
    if (v == "no" || v == "false" || v == "0" || v == "off" || v == "n") return false;
    throw InputError(spec.id, "\"" + std::string(raw) + "\" is not yes or no");
}

} // namespace

Inputs validate(const ActionSpec& spec, const ActionRequest& request,
                const std::map<std::string, std::string>& defaults, const model::Battle& battle) {
    for (const auto& [id, value] : request.values)
        if (!spec.input(id)) {
            std::string known;
            for (const auto& i : spec.inputs) known += (known.empty() ? "" : ", ") + i.id;
            throw InputError(id, "not an input of " + spec.id + "; its inputs are: " + known);
        }

    Inputs out;
    for (const auto& input : spec.inputs) {
        const std::string* raw = nullptr;
        if (auto it = request.values.find(input.id); it != request.values.end())
            raw = &it->second;
        else if (auto d = defaults.find(input.id); d != defaults.end())
            raw = &d->second;
        else if (!input.fallback.empty() || input.kind == InputKind::Modifiers ||
                 input.kind == InputKind::Flag || !input.required)
            raw = &input.fallback;
        if (!raw) throw InputError(input.id, "a value is needed (" + input.label + ")");
        if (raw->empty() && input.kind != InputKind::Modifiers && input.kind != InputKind::Flag) {
            if (input.required) throw InputError(input.id, "a value is needed (" + input.label + ")");
            continue;
        }
        switch (input.kind) {
        case InputKind::Count: out.counts[input.id] = parse_count(input, *raw); break;
        case InputKind::Distance:
            out.distances[input.id] = parse_distance_input(input, *raw, battle);
            break;
        case InputKind::Choice: out.choices[input.id] = parse_choice(input, *raw); break;
        case InputKind::Modifiers: out.modifier_sets[input.id] = parse_modifiers(input, *raw); break;
        case InputKind::Flag: out.flags[input.id] = !raw->empty() && parse_flag(input, *raw); break;
        case InputKind::Areas:
            out.distances[input.id] = parse_areas_input(input, *raw, battle, out.step_counts[input.id]);
            break;
        }
    }
    return out;
}

namespace {
template <typename Map>
const typename Map::mapped_type& must(const Map& map, const std::string& id) {
    auto it = map.find(id);
    if (it == map.end()) throw InputError(id, "a value is needed");
    return it->second;
}
} // namespace

int Inputs::count(const std::string& id) const { return must(counts, id); }
double Inputs::distance(const std::string& id) const { return must(distances, id); }
const Steps& Inputs::steps(const std::string& id) const { return must(step_counts, id); }
const std::string& Inputs::choice(const std::string& id) const { return must(choices, id); }
const std::set<std::string>& Inputs::modifiers(const std::string& id) const {
    static const std::set<std::string> none;
    auto it = modifier_sets.find(id);
    return it == modifier_sets.end() ? none : it->second;
}
bool Inputs::flag(const std::string& id) const {
    auto it = flags.find(id);
    return it != flags.end() && it->second;
}
bool Inputs::has(const std::string& id) const {
    return counts.count(id) || distances.count(id) || choices.count(id) ||
           modifier_sets.count(id) || flags.count(id);
}

} // namespace umpire::rules
