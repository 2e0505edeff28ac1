#include "rulesets/registry.h"

#include "rulesets/edwardian/edwardian.h"
#include "rulesets/macduff/macduff.h"

#include <stdexcept>

namespace umpire::rulesets {

std::vector<RulesetInfo> available() {
    return {{"macduff", "With MacDuff to the Frontier"}, {"edwardian", "Edwardian Splendour"}};
}

std::unique_ptr<rules::Ruleset> make(std::string_view id, std::string_view house_rules) {
    if (id == "macduff") {
        auto reference = macduff::merged_reference(house_rules);
        return std::make_unique<macduff::MacDuff>(macduff::load_tables(house_rules), std::move(reference));
    }
    if (id == "edwardian") return edwardian::make(house_rules);
    std::string known;
    for (const auto& r : available()) known += (known.empty() ? "" : ", ") + r.id;
    throw std::invalid_argument("unknown ruleset \"" + std::string(id) + "\"; known: " + known);
}

} // namespace umpire::rulesets
