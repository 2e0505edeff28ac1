#pragma once
// The exact odds of two counts that come from the same dice (our losses a, their losses b): a
// mutual pair kills one figure or the other, never both, so the two are not independent and
// P(a > b) cannot come from the two counts' own distributions. What the melee reports of them is
// each count's distribution and who loses more, so that is what is kept: the distribution of a,
// of b and of a - b, each summed by convolution over the independent fights. One dimension each
// keeps a melee of a thousand figures a side exact and quick (a table of every (a, b) grew with
// the square of the figures and its sums with the fourth power).
#include "dice/distribution.h"

#include <vector>

namespace umpire::edwardian {

class Joint {
public:
    // Always (0, 0).
    Joint();
    // One fight whose outcome is (a, b) with probability p[a][b]; a, b in 0..1.
    static Joint outcome(double none, double a_only, double b_only, double both);
    // From a table of probabilities: p[a * nb + b] is P(a, b), for a < na and b < nb.
    static Joint from_table(int na, int nb, const std::vector<double>& p);

    // The odds of the sums of two independent fights.
    Joint operator+(const Joint& other) const;
    // n independent copies summed.
    Joint times(int n) const;

    dice::Distribution marginal_a() const;
    dice::Distribution marginal_b() const;
    double p_a_greater() const;  // P(a > b)
    double p_b_greater() const;

private:
    std::vector<double> a_;     // P(a = i)
    std::vector<double> b_;     // P(b = i)
    std::vector<double> diff_;  // P(a - b = i - low_)
    int low_ = 0;               // the least a - b can be
};

} // namespace umpire::edwardian
