#include "rulesets/edwardian/joint.h"

#include <stdexcept>
#include <utility>

namespace umpire::edwardian {

Joint::Joint() : p_{1.0} {}

Joint Joint::outcome(double none, double a_only, double b_only, double both) {
    Joint j;
    j.na_ = 2;
    j.nb_ = 2;
    j.p_ = {none, b_only, a_only, both};  // [a=0,b=0], [0,1], [1,0], [1,1]
    return j;
}

Joint Joint::from_table(int na, int nb, std::vector<double> p) {
    if (na < 1 || nb < 1 || p.size() != static_cast<std::size_t>(na) * static_cast<std::size_t>(nb))
        throw std::invalid_argument("a joint table needs na * nb probabilities");
    Joint j;
    j.na_ = na;
    j.nb_ = nb;
    j.p_ = std::move(p);
    return j;
}

Joint Joint::operator+(const Joint& other) const {
    Joint sum;
    sum.na_ = na_ + other.na_ - 1;
    sum.nb_ = nb_ + other.nb_ - 1;
    sum.p_.assign(static_cast<std::size_t>(sum.na_) * static_cast<std::size_t>(sum.nb_), 0.0);
    for (int a = 0; a < na_; ++a)
        for (int b = 0; b < nb_; ++b) {
            const double pab = p_[static_cast<std::size_t>(a * nb_ + b)];
            if (pab == 0.0) continue;
            for (int c = 0; c < other.na_; ++c)
                for (int d = 0; d < other.nb_; ++d)
                    sum.p_[static_cast<std::size_t>((a + c) * sum.nb_ + (b + d))] +=
                        pab * other.p_[static_cast<std::size_t>(c * other.nb_ + d)];
        }
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

double Joint::p(int a, int b) const {
    if (a < 0 || b < 0 || a >= na_ || b >= nb_) return 0.0;
    return p_[static_cast<std::size_t>(a * nb_ + b)];
}

dice::Distribution Joint::marginal_a() const {
    std::vector<double> m(static_cast<std::size_t>(na_), 0.0);
    for (int a = 0; a < na_; ++a)
        for (int b = 0; b < nb_; ++b) m[static_cast<std::size_t>(a)] += p(a, b);
    return dice::Distribution::from_probabilities(0, m);
}

dice::Distribution Joint::marginal_b() const {
    std::vector<double> m(static_cast<std::size_t>(nb_), 0.0);
    for (int a = 0; a < na_; ++a)
        for (int b = 0; b < nb_; ++b) m[static_cast<std::size_t>(b)] += p(a, b);
    return dice::Distribution::from_probabilities(0, m);
}

double Joint::p_a_greater() const {
    double s = 0;
    for (int a = 0; a < na_; ++a)
        for (int b = 0; b < a && b < nb_; ++b) s += p(a, b);
    return s;
}

double Joint::p_b_greater() const {
    double s = 0;
    for (int b = 0; b < nb_; ++b)
        for (int a = 0; a < b && a < na_; ++a) s += p(a, b);
    return s;
}

} // namespace umpire::edwardian
