#include "rules/dice_needed.h"

#include "dice/dice_source.h"

#include <exception>

namespace umpire::rules {

namespace {

// The typed values, then ones for as long as the roll asks; counts what it hands out.
class PaddedDice final : public dice::DiceSource {
public:
    explicit PaddedDice(const std::vector<int>& typed) : typed_(typed) {}
    std::size_t drawn() const { return drawn_; }

protected:
    int next_value(std::string_view) override {
        const int v = drawn_ < typed_.size() ? typed_[drawn_] : 1;
        ++drawn_;
        return v;
    }

private:
    const std::vector<int>& typed_;
    std::size_t drawn_ = 0;
};

} // namespace

std::optional<std::size_t> dice_needed(const Ruleset& ruleset, const ActionRequest& request,
                                       const model::Battle& battle, const std::vector<int>& typed) {
    PaddedDice dice(typed);
    try {
        ruleset.resolve(request, battle, dice);
    } catch (const std::exception&) {
        return std::nullopt;
    }
    return dice.drawn();
}

} // namespace umpire::rules
