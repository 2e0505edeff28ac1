#include "rulesets/registry.h"

#include "rulesets/edwardian/edwardian.h"
#include "rulesets/macduff/macduff.h"
#include "rulesets/rattle/rattle.h"

#include <stdexcept>

namespace umpire::rulesets {

std::vector<RulesetInfo> available() {
    return {{"macduff", "With MacDuff to the Frontier"}, {"edwardian", "Edwardian Splendour"},
            {"rattle", "The Rattle of Dice"}};
}

std::unique_ptr<rules::Ruleset> make(std::string_view id, std::string_view house_rules) {
    // Each ruleset from its reference tables with the battle's house rules laid over them.
    if (id == "macduff") return kit::make_ruleset<macduff::MacDuff>(macduff::load_reference(house_rules), macduff::read_tables);
    if (id == "edwardian")
        return kit::make_ruleset<edwardian::Edwardian>(edwardian::load_reference(house_rules), edwardian::read_tables);
    if (id == "rattle") return kit::make_ruleset<rattle::Rattle>(rattle::load_reference(house_rules), rattle::read_tables);
    std::string known;
    for (const auto& r : available()) known += (known.empty() ? "" : ", ") + r.id;
    throw std::invalid_argument("unknown ruleset \"" + std::string(id) + "\"; known: " + known);
}

} // namespace umpire::rulesets
