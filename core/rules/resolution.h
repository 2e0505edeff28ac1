#pragma once
// The answer to a request: the dice, the working step by step with the rule each step applied,
// the outcome, the exact odds, the effects to apply and the rolls the result obliges next.
#include "dice/distribution.h"
#include "model/effect.h"
#include "rules/action_spec.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace umpire::rules {

struct Step {
    std::string text;      // "13 figures, 1 die per 2, remainder 1/2 or more counts: 7 dice"
    std::string citation;  // "MacDuff 7.5 Dice"
};

struct DiceGroup {
    std::string label;         // "Shooting dice", "Rerolled misses", "Zulu impi melee dice"
    std::vector<int> values;   // as rolled
    int modifier = 0;          // added to each die
    int success_on = 0;        // modified score needed; 0 when the dice are not hit rolls
    // Whether one rolled value reaches success_on after the modifier (false for plain dice).
    bool is_success(int value) const { return success_on > 0 && value + modifier >= success_on; }
    int successes() const;
};

struct Odds {
    std::string label;                 // "hits"
    dice::Distribution distribution;   // exact, before rolling
};

struct Chance {
    std::string label;   // "enemy defeated", "rally"
    double probability = 0;
};

struct FollowUp {
    std::string action;          // "rally"
    std::optional<int> unit;
    std::string reason;          // "shaken and took casualties"
    std::string citation;
    std::map<std::string, std::string> values = {};  // inputs it fixes (a chance card's id)
    // The obligation it is, when the rules say it must be done (kit/owed.h: "broken-must-rally"),
    // and by when, in words ("by the end of its side's next move, shoot or rally phase"); empty for
    // a roll the umpire may take or leave.
    std::string owed = {};
    std::string due = {};
    // The unit it is done to, where the rules know it (the melee's opponent): the form starts on it.
    std::optional<int> target = {};
};

// A choice the rules text leaves to the player ("Counter charge, stand ground or form square")
// that this result calls for and the request did not make: the input that carries it, the
// text's words, the options in the text's words. A resolution that asks applies nothing: the
// front ends ask the player and resolve again, with the same dice and the choice made.
struct Question {
    std::string input;            // "response"
    std::string text;             // "Counter charge, stand ground or form square"
    std::string citation;         // "Morale: the Charged column, 7"
    std::vector<Choice> options;  // the ones open to this unit, each {id, the text's words}
};

struct Resolution {
    std::string ruleset;
    std::string action;
    std::optional<int> unit;
    std::optional<int> target;
    bool rolled = false;              // false for a preview: odds and working up to the dice
    std::vector<DiceGroup> dice;
    std::vector<Step> steps;
    std::string outcome;              // one line: "3 hits on 2nd Sikhs"
    std::map<std::string, int> results;  // named numbers: {"hits": 3}
    std::vector<Odds> odds;
    std::vector<Chance> chances;
    std::vector<model::Effect> effects;
    std::vector<FollowUp> follow_ups;
    // The rules the umpire overruled to apply this action (each refusal with its citation) and
    // his reason; empty when the rules were followed.
    std::vector<Step> overruled;
    std::string overrule;
    std::optional<Question> question;  // set: nothing applies until the player chooses
    // The units whose loss (destroyed, removed, routed) the outcome already says in the rule's own
    // words; the headline says it for every other unit the effects rout (kit/headline.h).
    std::vector<int> outcome_says_lost;

    std::vector<int> all_dice() const;
    int result(const std::string& name, int fallback = 0) const;
};

} // namespace umpire::rules
