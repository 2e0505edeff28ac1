#include "rules/resolution.h"

namespace umpire::rules {

int DiceGroup::successes() const {
    int n = 0;
    for (int v : values)
        if (is_success(v)) ++n;
    return n;
}

std::vector<int> Resolution::all_dice() const {
    std::vector<int> all;
    for (const auto& g : dice) all.insert(all.end(), g.values.begin(), g.values.end());
    return all;
}

int Resolution::result(const std::string& name, int fallback) const {
    auto it = results.find(name);
    return it == results.end() ? fallback : it->second;
}

} // namespace umpire::rules
