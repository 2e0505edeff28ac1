// umpire actions RULESET [--json]: the declared actions of a ruleset and their inputs, where each
// belongs in the turn (its phases and who takes it) and what the rules make a unit do.
#include "cli/commands.h"

#include "cli/output.h"
#include "cli/request_flags.h"
#include "cli/ruleset_argument.h"
#include "rules/resolution_json.h"
#include "rulesets/registry.h"
#include "turn/places.h"
#include "turn/turn_rules.h"

#include <iostream>

namespace umpire::cli {

namespace {

std::vector<std::string> phase_ids(const turn::TurnRules& rules, const std::vector<int>& phases) {
    std::vector<std::string> ids;
    for (int i : phases) ids.push_back(rules.phases[static_cast<std::size_t>(i)].id);
    return ids;
}

nlohmann::json places_json(const turn::TurnRules& rules, const std::string& action) {
    nlohmann::json out = nlohmann::json::array();
    for (const turn::PlaceRule* p : turn::places_of(rules, action)) {
        nlohmann::json j{{"phases", phase_ids(rules, p->phases)},
                         {"by", p->by == turn::PlaceBy::Acting ? "acting" : p->by == turn::PlaceBy::Either ? "either" : "reaction"},
                         {"text", p->text}, {"citation", p->citation}};
        if (!p->to.empty()) j["to"] = p->to, j["reactor"] = p->near ? "near" : "target";
        if (!p->when.empty()) j["when"] = p->when;
        out.push_back(j);
    }
    return out;
}

nlohmann::json obligations_json(const turn::TurnRules& rules) {
    nlohmann::json out = nlohmann::json::array();
    for (const kit::Obligation& o : rules.obligations)
        out.push_back({{"id", o.id}, {"paid_by", o.actions}, {"due", o.due_text}, {"unpaid", o.unpaid},
                       {"text", o.text}, {"citation", o.citation}});
    return out;
}

// "Taken in: Card activation, by the acting side (4.1 Card Activation)", one line a place.
void print_places(std::ostream& out, const turn::TurnRules& rules, const std::string& action) {
    for (const turn::PlaceRule* p : turn::places_of(rules, action)) {
        std::vector<std::string> names;
        for (int i : p->phases) names.push_back(rules.phases[static_cast<std::size_t>(i)].name);
        std::string phases;
        for (const auto& n : names) phases += (phases.empty() ? "" : ", ") + n;
        out << "  Taken in: " << (phases.empty() ? "any phase" : phases) << ", by " << turn::place_side_words(*p)
            << " (" << p->citation << ")\n";
    }
}

} // namespace

void add_actions(CLI::App& app, Run& run) {
    auto* cmd = app.add_subcommand("actions", "List a ruleset's actions and their inputs");
    auto ruleset_id = std::make_shared<std::string>();
    auto json = std::make_shared<bool>(false);
    add_ruleset_argument(cmd, *ruleset_id, true);
    add_json_flag(cmd, *json);
    cmd->callback([=, &run] {
        run = [=] {
            auto ruleset = rulesets::make(*ruleset_id);
            const turn::TurnRules turn_rules = turn::turn_rules(*ruleset);
            if (*json) {
                nlohmann::json actions = nlohmann::json::array();
                for (const auto& a : ruleset->actions()) {
                    nlohmann::json j = rules::to_json(a);
                    j["places"] = places_json(turn_rules, a.id);
                    actions.push_back(j);
                }
                std::cout << nlohmann::json{{"ruleset", ruleset->id()}, {"name", ruleset->name()},
                                            {"actions", actions}, {"owed", obligations_json(turn_rules)}}
                                 .dump(2)
                          << "\n";
            } else {
                std::cout << ruleset->name() << " (" << ruleset->id() << ")\n";
                for (const auto& a : ruleset->actions()) {
                    std::cout << "\n" << a.id << ": " << action_help(a);
                    print_places(std::cout, turn_rules, a.id);
                }
                if (!turn_rules.obligations.empty()) std::cout << "\nWhat the rules make a unit do:\n";
                for (const kit::Obligation& o : turn_rules.obligations)
                    std::cout << "  " << o.id << ": " << o.text << ", " << o.due_text << " (" << o.citation
                              << "; done by " << (o.standing() ? std::string(kit::deed_id(*o.done)) : o.actions.front())
                              << (o.unpaid == "rout" ? "; if not, routed and removed" : "") << ")\n";
            }
            return 0;
        };
    });
}

} // namespace umpire::cli
