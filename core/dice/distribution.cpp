#include "dice/distribution.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <utility>

namespace umpire::dice {

Distribution::Distribution() : p_{1.0} {}

Distribution Distribution::constant(int value) { return from_probabilities(value, {1.0}); }

Distribution Distribution::die(int sides) {
    if (sides < 1) throw std::invalid_argument("a die needs at least one face");
    const auto faces = static_cast<std::size_t>(sides);
    return from_probabilities(1, std::vector<double>(faces, 1.0 / sides));
}

Distribution Distribution::successes(int n, double p) {
    if (n < 0) throw std::invalid_argument("the number of trials cannot be negative");
    // Chances built by arithmetic such as p + (1 - p) * p can round a hair past 1; only a
    // real mistake should throw, not the last bit of a double.
    constexpr double rounding = 1e-12;
    if (!(p >= -rounding && p <= 1.0 + rounding))
        throw std::invalid_argument("a probability lies between 0 and 1");
    p = std::clamp(p, 0.0, 1.0);
    // Convolving single trials keeps every term a sum of products of p and 1-p, which stays
    // accurate where n-choose-k times powers would round badly for larger n.
    return from_probabilities(0, {1.0 - p, p}).times(n);
}

Distribution Distribution::from_probabilities(int min_value, std::vector<double> probabilities) {
    if (probabilities.empty()) throw std::invalid_argument("a distribution needs at least one value");
    for (double p : probabilities) {
        if (!std::isfinite(p) || p < 0.0)
            throw std::invalid_argument("probabilities must be finite and not negative");
    }
    Distribution d;
    d.min_ = min_value;
    d.p_ = std::move(probabilities);
    return d;
}

Distribution Distribution::operator+(const Distribution& other) const {
    std::vector<double> sum(p_.size() + other.p_.size() - 1, 0.0);
    for (std::size_t i = 0; i < p_.size(); ++i) {
        for (std::size_t j = 0; j < other.p_.size(); ++j) sum[i + j] += p_[i] * other.p_[j];
    }
    return from_probabilities(min_ + other.min_, std::move(sum));
}

Distribution Distribution::times(int n) const {
    if (n < 0) throw std::invalid_argument("cannot sum a negative number of copies");
    // Square-and-multiply: log2(n) convolutions instead of n.
    Distribution total;
    Distribution power = *this;
    for (unsigned remaining = static_cast<unsigned>(n); remaining != 0; remaining >>= 1) {
        if (remaining & 1U) total = total + power;
        if (remaining > 1) power = power + power;
    }
    return total;
}

Distribution Distribution::map(const std::function<int(int)>& f) const {
    return compound([&f](int k) { return constant(f(k)); });
}

Distribution Distribution::compound(const std::function<Distribution(int)>& f) const {
    std::vector<std::pair<double, Distribution>> parts;
    int low = 0, high = 0;
    for (std::size_t i = 0; i < p_.size(); ++i) {
        if (p_[i] <= 0.0) continue;
        Distribution d = f(min_ + static_cast<int>(i));
        low = parts.empty() ? d.min() : std::min(low, d.min());
        high = parts.empty() ? d.max() : std::max(high, d.max());
        parts.emplace_back(p_[i], std::move(d));
    }
    if (parts.empty()) return f(min_);
    std::vector<double> mixed(static_cast<std::size_t>(high - low + 1), 0.0);
    for (const auto& [weight, d] : parts)
        for (int k = d.min(); k <= d.max(); ++k) mixed[static_cast<std::size_t>(k - low)] += weight * d.p_exactly(k);
    return from_probabilities(low, std::move(mixed));
}

double Distribution::p_exactly(int k) const {
    if (k < min_ || k > max()) return 0.0;
    return p_[static_cast<std::size_t>(k - min_)];
}

// The out-of-range answers are returned exactly rather than summed, so "at least the minimum"
// is 1 and not 0.9999999999999998.
double Distribution::p_at_least(int k) const {
    if (k <= min_) return 1.0;
    if (k > max()) return 0.0;
    double tail = 0.0;
    for (auto i = static_cast<std::size_t>(k - min_); i < p_.size(); ++i) tail += p_[i];
    return std::min(tail, 1.0);
}

double Distribution::p_at_most(int k) const {
    if (k >= max()) return 1.0;
    if (k < min_) return 0.0;
    double head = 0.0;
    for (std::size_t i = 0; i <= static_cast<std::size_t>(k - min_); ++i) head += p_[i];
    return std::min(head, 1.0);
}

double Distribution::mean() const {
    double total = 0.0;
    for (std::size_t i = 0; i < p_.size(); ++i) total += (min_ + static_cast<double>(i)) * p_[i];
    return total;
}

} // namespace umpire::dice
