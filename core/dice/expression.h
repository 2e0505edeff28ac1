#pragma once
// Dice expressions as written in rules and typed by umpires: "d6", "2d6", "3d6+1d6", "2d6+1",
// "4d6-1d6". Only six-sided dice exist in these rulesets, so "d8" is rejected with a reason.
#include "dice/dice_source.h"
#include "dice/distribution.h"

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace umpire::dice {

class ExpressionError : public std::runtime_error {
public:
    ExpressionError(std::string message, std::size_t position);
    // 0-based offset into the text where parsing failed.
    std::size_t position() const { return position_; }

private:
    std::size_t position_;
};

struct Term {
    int sign = 1;   // +1 or -1
    int count = 0;  // number of dice; 0 for a plain number
    int value = 0;  // the number, for a plain number term
};

class Expression {
public:
    // Throws ExpressionError with the position of the first bad character.
    static Expression parse(std::string_view text);

    const std::vector<Term>& terms() const { return terms_; }
    // Total number of dice the expression rolls.
    int dice_count() const;
    // Rolls every die from `dice` and returns the total.
    int roll(DiceSource& dice) const;
    Distribution distribution() const;
    // Normalised text, e.g. "3d6+1".
    std::string text() const;

private:
    std::vector<Term> terms_;
};

} // namespace umpire::dice
