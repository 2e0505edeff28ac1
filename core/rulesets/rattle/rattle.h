#pragma once
// The Rattle of Dice (Ross Macfarlane, 2013, amended 29 April 2014): the ruleset, with the
// author's answers to his readers applied as errata. reference/rattle/rulings.md says how each
// ambiguity was read.
#include "kit/ruleset_base.h"
#include "rulesets/rattle/tables.h"

namespace umpire::rattle {

class Rattle final : public kit::DeclaredRuleset<Tables> {
public:
    // `reference` is the merged reference the tables were read from.
    Rattle(Tables tables, const kit::Reference& reference);
};

} // namespace umpire::rattle
