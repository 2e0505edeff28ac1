#pragma once
// Every outcome of n six-sided dice, for tests that check exact odds against counting.
#include <vector>

namespace umpire::test {

// Calls `visit` with every one of the 6^n ordered outcomes of n dice.
template <typename Visit>
void each_outcome(int n, Visit visit) {
    std::vector<int> faces(static_cast<std::size_t>(n), 1);
    for (;;) {
        visit(faces);
        std::size_t i = 0;
        while (i < faces.size() && faces[i] == 6) faces[i++] = 1;
        if (i == faces.size()) return;
        ++faces[i];
    }
}

} // namespace umpire::test
