#pragma once
// An exact discrete probability distribution over integers, built by convolution.
// Used for the odds shown before anything is rolled: expected hits, P(at least k).
#include <functional>
#include <string>
#include <vector>

namespace umpire::dice {

class Distribution {
public:
    // Always 0 (probability 1).
    Distribution();

    static Distribution constant(int value);
    // One fair die with faces 1..sides.
    static Distribution die(int sides = 6);
    // Number of successes among n independent trials each succeeding with probability p.
    static Distribution successes(int n, double p);
    // Build from explicit probabilities: probabilities[i] is P(min_value + i).
    static Distribution from_probabilities(int min_value, std::vector<double> probabilities);

    // Distribution of the sum of two independent variables.
    Distribution operator+(const Distribution& other) const;
    // Distribution of n independent copies summed.
    Distribution times(int n) const;
    // The distribution of f(X): each value's probability moved to f(value) (hits halved, say).
    Distribution map(const std::function<int(int)>& f) const;
    // A two-stage chance: X first, then the distribution f(X) gives for that value (hits, then
    // the casualties left after a saving roll per hit). The mixture of f(k) weighted by P(X = k).
    Distribution compound(const std::function<Distribution(int)>& f) const;

    int min() const { return min_; }
    int max() const { return min_ + static_cast<int>(p_.size()) - 1; }
    double p_exactly(int k) const;
    double p_at_least(int k) const;
    double p_at_most(int k) const;
    double mean() const;

private:
    int min_ = 0;
    std::vector<double> p_;
};

} // namespace umpire::dice
