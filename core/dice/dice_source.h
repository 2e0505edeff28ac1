#pragma once
// Where dice values come from: the app's own seeded roller, or the values the umpire typed in
// from real dice on the table. Rules only ever see a DiceSource, so resolution is a pure
// function of (request, state, dice values) and the journal can store the values themselves.
#include "dice/rng.h"

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace umpire::dice {

// Too few, too many or impossible typed dice. The message is written for the umpire.
class DiceError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

class DiceSource {
public:
    virtual ~DiceSource() = default;

    // One d6. `why` names the roll for the error message when typed dice run out.
    int d6(std::string_view why = {});
    std::vector<int> d6s(int count, std::string_view why = {});

    // Every value handed out so far, in order: what the journal stores.
    const std::vector<int>& used() const { return used_; }

    // Called when a resolution is complete: throws DiceError if typed values were left unused.
    virtual void finish() const {}

protected:
    virtual int next_value(std::string_view why) = 0;

private:
    std::vector<int> used_;
};

class RandomDice final : public DiceSource {
public:
    explicit RandomDice(std::uint64_t seed) : rng_(seed) {}

protected:
    int next_value(std::string_view why) override;

private:
    Rng rng_;
};

class TypedDice final : public DiceSource {
public:
    // Throws DiceError if any value is outside 1..6.
    explicit TypedDice(std::vector<int> values);

    // Parses what the umpire typed: "6 5 5 2 1", "6,5,1" or "6, 5, 1".
    // Throws DiceError naming the bad token and its position.
    static std::vector<int> parse(std::string_view text);

    void finish() const override;
    std::size_t remaining() const { return values_.size() - next_; }

protected:
    int next_value(std::string_view why) override;

private:
    std::vector<int> values_;
    std::size_t next_ = 0;
};

// The values of an earlier roll again, in order, then `then`'s: a roll resolved again once the
// player has made the choice it asked (rules::Question) keeps the dice it already showed, and
// any die it needs beyond them is rolled as the first roll's were.
class ReplayDice final : public DiceSource {
public:
    ReplayDice(std::vector<int> first, DiceSource& then) : first_(std::move(first)), then_(then) {}

protected:
    int next_value(std::string_view why) override {
        return next_ < first_.size() ? first_[next_++] : then_.d6(why);
    }

private:
    std::vector<int> first_;
    std::size_t next_ = 0;
    DiceSource& then_;
};

} // namespace umpire::dice
