#include "rulesets/edwardian/joint.h"

#include <stdexcept>
#include <utility>

namespace umpire::edwardian {

namespace {

std::vector<double> convolve(const std::vector<double>& x, const std::vector<double>& y) {
    std::vector<double> out(x.size() + y.size() - 1, 0.0);
    for (std::size_t i = 0; i < x.size(); ++i) {
        if (x[i] == 0.0) continue;
        for (std::size_t j = 0; j < y.size(); ++j) out[i + j] += x[i] * y[j];
    }
    return out;
}

} // namespace

Joint::Joint() : a_{1.0}, b_{1.0}, diff_{1.0} {}

Joint Joint::outcome(double none, double a_only, double b_only, double both) {
    return from_table(2, 2, {none, b_only, a_only, both});  // [a=0,b=0], [0,1], [1,0], [1,1]
}

Joint Joint::from_table(int na, int nb, const std::vector<double>& p) {
    if (na < 1 || nb < 1 || p.size() != static_cast<std::size_t>(na) * static_cast<std::size_t>(nb))
        throw std::invalid_argument("a joint table needs na * nb probabilities");
    Joint j;
    j.a_.assign(static_cast<std::size_t>(na), 0.0);
    j.b_.assign(static_cast<std::size_t>(nb), 0.0);
    j.low_ = -(nb - 1);
    j.diff_.assign(static_cast<std::size_t>(na + nb - 1), 0.0);
    for (int a = 0; a < na; ++a)
        for (int b = 0; b < nb; ++b) {
            const double pab = p[static_cast<std::size_t>(a * nb + b)];
            j.a_[static_cast<std::size_t>(a)] += pab;
            j.b_[static_cast<std::size_t>(b)] += pab;
            j.diff_[static_cast<std::size_t>(a - b - j.low_)] += pab;
        }
    return j;
}

Joint Joint::operator+(const Joint& other) const {
    Joint sum;
    sum.a_ = convolve(a_, other.a_);
    sum.b_ = convolve(b_, other.b_);
    sum.diff_ = convolve(diff_, other.diff_);
    sum.low_ = low_ + other.low_;
    return sum;
}

Joint Joint::times(int n) const {
    if (n < 0) throw std::invalid_argument("cannot sum a negative number of copies");
    Joint total;
    Joint power = *this;
    for (unsigned remaining = static_cast<unsigned>(n); remaining != 0; remaining >>= 1) {
        if (remaining & 1U) total = total + power;
        if (remaining > 1) power = power + power;
    }
    return total;
}

dice::Distribution Joint::marginal_a() const { return dice::Distribution::from_probabilities(0, a_); }

dice::Distribution Joint::marginal_b() const { return dice::Distribution::from_probabilities(0, b_); }

double Joint::p_a_greater() const {
    double s = 0;
    for (std::size_t i = 0; i < diff_.size(); ++i)
        if (static_cast<int>(i) + low_ > 0) s += diff_[i];
    return s;
}

double Joint::p_b_greater() const {
    double s = 0;
    for (std::size_t i = 0; i < diff_.size(); ++i)
        if (static_cast<int>(i) + low_ < 0) s += diff_[i];
    return s;
}

} // namespace umpire::edwardian
