#include "dice/expression.h"
#include "dice/blank.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <limits>
#include <utility>

namespace umpire::dice {

ExpressionError::ExpressionError(std::string message, std::size_t position)
    : std::runtime_error(std::move(message)), position_(position) {}

namespace {

// Limits keep every total well inside int and reject what is almost certainly a typo:
// no rule in these games rolls a hundred dice at once or adds a four-digit number.
constexpr int max_dice = 100;
constexpr int max_number = 1000;
constexpr std::size_t max_terms = 100;

bool is_digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }
bool is_d(char c) { return c == 'd' || c == 'D'; }

// Messages count characters from 1, as a person reading the text does; position() stays 0-based.
std::string at(std::size_t position) { return " at character " + std::to_string(position + 1); }

// Distribution of -X: the same probabilities read from the other end.
Distribution negated(const Distribution& d) {
    std::vector<double> reversed;
    for (int k = d.max(); k >= d.min(); --k) reversed.push_back(d.p_exactly(k));
    return Distribution::from_probabilities(-d.max(), std::move(reversed));
}

class Parser {
public:
    explicit Parser(std::string_view text) : text_(text) {}

    std::vector<Term> parse() {
        skip_blanks();
        if (at_end()) throw ExpressionError("empty expression", 0);
        std::vector<Term> terms{term(+1)};
        skip_blanks();
        while (!at_end()) {
            const int sign = sign_or_fail();
            skip_blanks();
            if (terms.size() == max_terms)
                fail("at most " + std::to_string(max_terms) + " terms in one expression");
            terms.push_back(term(sign));
            skip_blanks();
        }
        return terms;
    }

private:
    [[noreturn]] void fail(const std::string& what) const { fail(what, pos_); }
    [[noreturn]] void fail(const std::string& what, std::size_t position) const {
        throw ExpressionError(what + at(position), position);
    }

    bool at_end() const { return pos_ == text_.size(); }
    char peek() const { return text_[pos_]; }
    void skip_blanks() {
        while (!at_end() && is_blank(peek())) ++pos_;
    }

    int sign_or_fail() {
        if (peek() == '+' || peek() == '-') return text_[pos_++] == '+' ? +1 : -1;
        fail("unexpected '" + std::string(1, peek()) + "': expected + or -");
    }

    // Digits are read with saturation so an absurdly long number is reported, not overflowed.
    int number() {
        std::int64_t value = 0;
        while (!at_end() && is_digit(peek())) {
            value = std::min<std::int64_t>(value * 10 + (text_[pos_++] - '0'), std::numeric_limits<int>::max());
        }
        return static_cast<int>(value);
    }

    Term term(int sign) {
        const std::size_t start = pos_;
        const bool has_count = !at_end() && is_digit(peek());
        const int count_or_value = has_count ? number() : 1;
        if (!at_end() && is_d(peek())) return dice_term(sign, has_count ? count_or_value : 1, start);
        if (!has_count) fail("expected a number or NdS");
        reject_space_inside_dice_term();
        if (count_or_value > max_number)
            fail("numbers above " + std::to_string(max_number) + " are not used in dice expressions: " +
                     std::to_string(count_or_value), start);
        return Term{sign, 0, count_or_value};
    }

    // "2 d6" would otherwise be reported as a missing '+', which does not tell the umpire why.
    void reject_space_inside_dice_term() {
        std::size_t after = pos_;
        while (after < text_.size() && is_blank(text_[after])) ++after;
        if (after > pos_ && after < text_.size() && is_d(text_[after]))
            fail("write dice without spaces, like 2d6: space");
    }

    Term dice_term(int sign, int count, std::size_t start) {
        ++pos_;  // the 'd'
        const std::size_t sides_at = pos_;
        if (at_end() || !is_digit(peek())) fail("expected 6 after d");
        const std::string sides_text(text_.substr(sides_at, digits_from(sides_at)));
        if (number() != 6) fail("only six-sided dice are used: d" + sides_text, sides_at);
        const std::string written(text_.substr(start, pos_ - start));
        if (count == 0) fail("a dice term needs at least one die: " + written, start);
        dice_so_far_ += count;
        if (dice_so_far_ > max_dice)
            fail("at most " + std::to_string(max_dice) + " dice in one expression: " + written, start);
        return Term{sign, count, 0};
    }

    std::size_t digits_from(std::size_t position) const {
        std::size_t end = position;
        while (end < text_.size() && is_digit(text_[end])) ++end;
        return end - position;
    }

    std::string_view text_;
    std::size_t pos_ = 0;
    std::int64_t dice_so_far_ = 0;
};

} // namespace

Expression Expression::parse(std::string_view text) {
    Expression expression;
    expression.terms_ = Parser(text).parse();
    return expression;
}

int Expression::dice_count() const {
    int count = 0;
    for (const auto& term : terms_) count += term.count;
    return count;
}

int Expression::roll(DiceSource& dice) const {
    // Phrased to complete "not enough dice typed: N given, <why> need more".
    const std::string why = "the dice for " + text();
    int total = 0;
    for (const auto& term : terms_) {
        int term_total = term.value;
        if (term.count > 0) {
            term_total = 0;
            for (int value : dice.d6s(term.count, why)) term_total += value;
        }
        total += term.sign * term_total;
    }
    return total;
}

Distribution Expression::distribution() const {
    Distribution total;
    for (const auto& term : terms_) {
        const Distribution part =
            term.count > 0 ? Distribution::die(6).times(term.count) : Distribution::constant(term.value);
        total = total + (term.sign < 0 ? negated(part) : part);
    }
    return total;
}

std::string Expression::text() const {
    std::string out;
    for (const auto& term : terms_) {
        if (!out.empty() || term.sign < 0) out += term.sign < 0 ? '-' : '+';
        out += term.count > 0 ? std::to_string(term.count) + "d6" : std::to_string(term.value);
    }
    return out;
}

} // namespace umpire::dice
