#pragma once
// An exact joint distribution of two counts (our losses, their losses), built by convolution the
// way dice::Distribution builds one count. Melee needs it because both sides' losses come from
// the same dice: a mutual pair kills one figure or the other, never both.
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
    static Joint from_table(int na, int nb, std::vector<double> p);

    // The distribution of the sums of two independent joints.
    Joint operator+(const Joint& other) const;
    // n independent copies summed.
    Joint times(int n) const;

    int max_a() const { return na_ - 1; }
    int max_b() const { return nb_ - 1; }
    double p(int a, int b) const;
    dice::Distribution marginal_a() const;
    dice::Distribution marginal_b() const;
    double p_a_greater() const;  // P(a > b)
    double p_b_greater() const;

private:
    int na_ = 1, nb_ = 1;
    std::vector<double> p_;  // row-major: p_[a * nb_ + b]
};

} // namespace umpire::edwardian
