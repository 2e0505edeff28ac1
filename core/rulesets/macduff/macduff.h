#pragma once
// With MacDuff to the Frontier (Ross Macfarlane, 2014): the ruleset. Source text:
// shared seeds 004 (see reference/macduff/rulings.md for how ambiguities were decided).
#include "rules/ruleset.h"
#include "rulesets/macduff/tables.h"

namespace umpire::macduff {

struct ActionDef;  // rulesets/macduff/action_def.h: a declared action and the rule resolving it

class MacDuff final : public rules::Ruleset {
public:
    // `reference` is the merged TOML the tables were read from.
    MacDuff(Tables tables, std::string reference);
    ~MacDuff() override;

    std::string_view id() const override { return "macduff"; }
    std::string_view name() const override { return tables_.name; }
    const std::vector<rules::ActionSpec>& actions() const override { return actions_; }
    const std::string& reference_toml() const override { return reference_; }
    std::optional<std::string> check_unit_value(std::string_view field,
                                                std::string_view value) const override;
    std::map<std::string, std::string> defaults(const rules::ActionSpec& action,
                                                const model::Battle& battle,
                                                std::optional<int> unit,
                                                std::optional<int> target) const override;
    // `nominate` with no acting unit offers the units the chance card being resolved may name.
    std::vector<int> target_candidates(const rules::ActionSpec& action, const model::Battle& battle,
                                       std::optional<int> unit) const override;
    rules::Resolution preview(const rules::ActionRequest& request,
                              const model::Battle& battle) const override;
    rules::Resolution resolve(const rules::ActionRequest& request, const model::Battle& battle,
                              dice::DiceSource& dice) const override;

    const Tables& tables() const { return tables_; }

private:
    rules::Resolution run(const rules::ActionRequest& request, const model::Battle& battle,
                          dice::DiceSource* dice) const;

    Tables tables_;
    std::string reference_;
    std::vector<ActionDef> defs_;
    std::vector<rules::ActionSpec> actions_;
};

} // namespace umpire::macduff
