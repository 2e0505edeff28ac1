#pragma once
// Validation of an ActionRequest against its ActionSpec: every value is parsed and checked
// before a rule runs, so a bad request is refused with a clear message and changes nothing.
#include "model/battle.h"
#include "rules/action_spec.h"
#include "rules/grid.h"
#include "rules/request.h"

#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>

namespace umpire::rules {

// Bad input from the umpire: names the input and says what was expected.
class InputError : public std::runtime_error {
public:
    // Said as "input: message", or "shown: message" when the input has a name people read.
    InputError(std::string input, std::string message);
    InputError(std::string input, std::string message, const std::string& shown);
    const std::string& input() const { return input_; }
    const std::string& message() const { return message_; }

private:
    std::string input_;
    std::string message_;
};

// The error said with the label of the action's input it is about ("Defer (Army General): "4"
// is not yes or no", not "defer: ..."), so the umpire reads the name of the field he sees;
// nullopt when it is about no input of `spec` (the unit, a refusal). Catch sites rethrow it.
std::optional<InputError> labelled(const InputError& error, const ActionSpec& spec);

// An action the rules text forbids (a second volley, a move without an order), refused with the
// rule and its section. Input errors and refusals alike change nothing; a refusal can be
// overruled on purpose (ActionRequest::overrule), an input error cannot.
class Refusal : public InputError {
public:
    Refusal(std::string rule, std::string citation);
    const std::string& rule() const { return rule_; }
    const std::string& citation() const { return citation_; }

private:
    std::string rule_;
    std::string citation_;
};

// Validated, typed values. Distances are already in rulebook inches; areas (a grid's steps) are
// in areas, under distance() too, with how they were counted under steps().
class Inputs {
public:
    int count(const std::string& id) const;
    double distance(const std::string& id) const;
    const Steps& steps(const std::string& id) const;
    const std::string& choice(const std::string& id) const;
    const std::set<std::string>& modifiers(const std::string& id) const;
    bool flag(const std::string& id) const;
    bool has(const std::string& id) const;

    std::map<std::string, int> counts;
    std::map<std::string, double> distances;
    std::map<std::string, Steps> step_counts;
    std::map<std::string, std::string> choices;
    std::map<std::string, std::set<std::string>> modifier_sets;
    std::map<std::string, bool> flags;
};

// Parses `request.values`, falling back to `defaults` (from the selected unit) and then to each
// input's fallback. Unknown inputs, out-of-range numbers, unknown choices: InputError.
Inputs validate(const ActionSpec& spec, const ActionRequest& request,
                const std::map<std::string, std::string>& defaults, const model::Battle& battle);

} // namespace umpire::rules
