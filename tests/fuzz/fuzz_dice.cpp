// libFuzzer target: dice expressions ("3d6+1") and typed dice ("6 5 1") on any bytes. The
// expected refusals are ExpressionError and DiceError; a parsed expression's distribution must
// be a distribution (probabilities summing to 1 over min..max).
#include "dice/dice_source.h"
#include "dice/expression.h"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        const auto expression = umpire::dice::Expression::parse(text);
        if (expression.dice_count() <= 200) {
            const auto d = expression.distribution();
            double total = 0;
            for (int k = d.min(); k <= d.max(); ++k) total += d.p_exactly(k);
            if (std::fabs(total - 1.0) > 1e-6) __builtin_trap();
        }
        (void)umpire::dice::Expression::parse(expression.text());  // its own text reads back
    } catch (const umpire::dice::ExpressionError&) {
    }
    try {
        (void)umpire::dice::TypedDice::parse(text);
    } catch (const umpire::dice::DiceError&) {
    }
    return 0;
}
