#pragma once
// Edwardian Splendour, a kriegspiel for toy soldiers: the ruleset. Source text: shared seed 003
// (see reference/edwardian/rulings.md for how ambiguities were decided and how it is cited).
#include "rules/ruleset.h"
#include "rulesets/edwardian/tables.h"

#include <memory>

namespace umpire::edwardian {

class Edwardian final : public rules::Ruleset {
public:
    // `reference` is the merged TOML the tables were read from.
    Edwardian(Tables tables, std::string reference);

    std::string_view id() const override { return "edwardian"; }
    std::string_view name() const override { return tables_.name; }
    const std::vector<rules::ActionSpec>& actions() const override { return actions_; }
    const std::string& reference_toml() const override { return reference_; }
    std::optional<std::string> check_unit_value(std::string_view field,
                                                std::string_view value) const override;
    std::map<std::string, std::string> defaults(const rules::ActionSpec& action,
                                                const model::Battle& battle,
                                                std::optional<int> unit,
                                                std::optional<int> target) const override;
    // Enemies on the table for most actions; friends for draft, anyone for shell and shot hits,
    // abandoned intact guns for claim-gun (targets.cpp). resolve() refuses every other target.
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
    std::vector<rules::ActionSpec> actions_;
};

// The ruleset with a battle's house rules laid over the reference tables (for the registry).
std::unique_ptr<rules::Ruleset> make(std::string_view house_rules);

// The declared actions for these tables (actions.cpp); optional rules switched off are absent.
std::vector<rules::ActionSpec> declare_actions(const Tables& tables);

// Form values from the selected unit and target (defaults.cpp).
std::map<std::string, std::string> unit_defaults(const Tables& tables, const rules::ActionSpec& action,
                                                 const model::Battle& battle, const model::Unit* unit,
                                                 const model::Unit* target);

} // namespace umpire::edwardian
