// umpire actions RULESET [--json]: the declared actions of a ruleset and their inputs.
#include "cli/commands.h"

#include "cli/output.h"
#include "cli/request_flags.h"
#include "cli/ruleset_argument.h"
#include "rules/resolution_json.h"
#include "rulesets/registry.h"

#include <iostream>

namespace umpire::cli {

void add_actions(CLI::App& app, Run& run) {
    auto* cmd = app.add_subcommand("actions", "List a ruleset's actions and their inputs");
    auto ruleset_id = std::make_shared<std::string>();
    auto json = std::make_shared<bool>(false);
    add_ruleset_argument(cmd, *ruleset_id, true);
    add_json_flag(cmd, *json);
    cmd->callback([=, &run] {
        run = [=] {
            auto ruleset = rulesets::make(*ruleset_id);
            if (*json) {
                nlohmann::json actions = nlohmann::json::array();
                for (const auto& a : ruleset->actions()) actions.push_back(rules::to_json(a));
                std::cout << nlohmann::json{{"ruleset", ruleset->id()}, {"name", ruleset->name()},
                                            {"actions", actions}}
                                 .dump(2)
                          << "\n";
            } else {
                std::cout << ruleset->name() << " (" << ruleset->id() << ")\n";
                for (const auto& a : ruleset->actions()) std::cout << "\n" << a.id << ": " << action_help(a);
            }
            return 0;
        };
    });
}

} // namespace umpire::cli
