#pragma once
// With MacDuff to the Frontier (Ross Macfarlane, 2014): the ruleset. Source text:
// shared seeds 004 (see reference/macduff/rulings.md for how ambiguities were decided).
#include "kit/ruleset_base.h"
#include "rulesets/macduff/tables.h"

#include <memory>

namespace umpire::macduff {

class MacDuff final : public kit::DeclaredRuleset<Tables> {
public:
    // `reference` is the merged reference the tables were read from.
    MacDuff(Tables tables, const kit::Reference& reference);

    // `nominate` with no acting unit offers the units the chance card being resolved may name.
    std::vector<int> target_candidates(const rules::ActionSpec& action, const model::Battle& battle,
                                       std::optional<int> unit) const override;

protected:
    std::string reserve_words() const override { return "is a spare unit in reserve"; }
    std::string reserve_hint() const override;
};

} // namespace umpire::macduff
