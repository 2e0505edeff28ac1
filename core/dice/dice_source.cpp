#include "dice/dice_source.h"
#include "dice/blank.h"

#include <cctype>
#include <stdexcept>
#include <utility>

namespace umpire::dice {

namespace {

bool is_face(int value) { return value >= 1 && value <= 6; }

std::string count_of_dice(std::size_t n) { return std::to_string(n) + (n == 1 ? " die" : " dice"); }

std::string not_a_face(std::size_t position, const std::string& shown) {
    return "die " + std::to_string(position) + " is " + shown + ": a die shows 1 to 6";
}


// Reads one typed die; `position` is 1-based because it is shown to the umpire.
int parse_die(std::string_view token, std::size_t position) {
    const std::string quoted = "\"" + std::string(token) + "\"";
    for (char c : token) {
        if (!std::isdigit(static_cast<unsigned char>(c)))
            throw DiceError("die " + std::to_string(position) + " is " + quoted +
                            ": type each die as a number 1 to 6");
    }
    // "65" is far more likely two dice with a missing separator than a typo for one die.
    if (token.size() > 1)
        throw DiceError("die " + std::to_string(position) + " is " + quoted +
                        ": each die is one value 1 to 6; separate dice with spaces or commas");
    const int value = token.front() - '0';
    if (!is_face(value)) throw DiceError(not_a_face(position, std::to_string(value)));
    return value;
}

// A comma with nothing typed on one side usually means a die was left out, so it is refused
// rather than skipped: the umpire should see that the count is off before dice are used.
void reject_empty_entry(std::size_t position) {
    throw DiceError("die " + std::to_string(position) +
                    " is missing: every comma must sit between two dice");
}

} // namespace

int DiceSource::d6(std::string_view why) {
    const int value = next_value(why);
    used_.push_back(value);
    return value;
}

std::vector<int> DiceSource::d6s(int count, std::string_view why) {
    if (count < 0) throw std::invalid_argument("DiceSource::d6s needs a count of at least 0");
    std::vector<int> values;
    values.reserve(static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i) values.push_back(d6(why));
    return values;
}

int RandomDice::next_value(std::string_view /*why*/) { return rng_.d6(); }

TypedDice::TypedDice(std::vector<int> values) : values_(std::move(values)) {
    for (std::size_t i = 0; i < values_.size(); ++i) {
        if (!is_face(values_[i])) throw DiceError(not_a_face(i + 1, std::to_string(values_[i])));
    }
}

std::vector<int> TypedDice::parse(std::string_view text) {
    std::vector<int> values;
    std::size_t commas_since_last_die = 0;
    std::size_t i = 0;
    while (i < text.size()) {
        if (is_blank(text[i])) {
            ++i;
        } else if (text[i] == ',') {
            ++commas_since_last_die;
            if (values.empty() || commas_since_last_die > 1) reject_empty_entry(values.size() + 1);
            ++i;
        } else {
            const std::size_t start = i;
            while (i < text.size() && !is_blank(text[i]) && text[i] != ',') ++i;
            values.push_back(parse_die(text.substr(start, i - start), values.size() + 1));
            commas_since_last_die = 0;
        }
    }
    if (values.empty()) throw DiceError("no dice typed: type one value 1 to 6 per die");
    if (commas_since_last_die > 0) reject_empty_entry(values.size() + 1);
    return values;
}

void TypedDice::finish() const {
    if (remaining() == 0) return;
    throw DiceError(count_of_dice(values_.size()) + " typed but only " + std::to_string(next_) +
                    " used");
}

int TypedDice::next_value(std::string_view why) {
    if (next_ < values_.size()) return values_[next_++];
    const std::string who = why.empty() ? std::string("more are needed") : std::string(why) + " need more";
    throw DiceError("not enough dice typed: " + std::to_string(values_.size()) + " given, " + who);
}

} // namespace umpire::dice
