// umpire resolve RULESET ACTION [--INPUT VALUE ...] [--dice 6,5,1] [--seed N] [--json]:
// resolve an action without a battle file, from the inputs alone.
#include "cli/commands.h"
#include "cli/files.h"

#include "cli/output.h"
#include "cli/request_flags.h"
#include "cli/ruleset_argument.h"
#include "rules/inputs.h"
#include "rules/resolution_json.h"
#include "rulesets/registry.h"

#include <iostream>

namespace umpire::cli {

void add_resolve(CLI::App& app, Run& run) {
    auto* cmd = app.add_subcommand("resolve",
                                   "Resolve an action from typed inputs, without a battle file.\n"
                                   "Inputs are flags named after the action's declared inputs: see\n"
                                   "`umpire actions RULESET` or `umpire resolve RULESET ACTION --help`.");
    auto ruleset_id = std::make_shared<std::string>();
    auto action_id = std::make_shared<std::string>();
    auto typed = std::make_shared<std::string>();
    auto seed = std::make_shared<std::uint64_t>(0);
    auto json = std::make_shared<bool>(false);
    auto preview = std::make_shared<bool>(false);
    add_ruleset_argument(cmd, *ruleset_id, true);
    cmd->add_option("action", *action_id, "Action id, e.g. shoot")->required();
    cmd->add_option("--dice", *typed, "The real dice, e.g. 6,5,5,4,2,1 (else the app rolls)");
    auto* seed_opt = add_seed_option(cmd, *seed, "Seed for the app's dice");
    add_json_flag(cmd, *json);
    cmd->add_flag("--odds", *preview, "Show the working and exact odds without rolling");
    auto overrule = std::make_shared<std::string>();
    cmd->add_option("--overrule", *overrule, "Resolve it although the rules refuse it, for this reason");
    cmd->allow_extras();
    cmd->callback([=, &run] {
        auto extras = cmd->remaining();
        run = [=] {
            auto ruleset = rulesets::make(*ruleset_id);
            const rules::ActionSpec* spec = ruleset->action(*action_id);
            if (!spec) {
                std::string known;
                for (const auto& a : ruleset->actions()) known += (known.empty() ? "" : ", ") + a.id;
                throw rules::InputError("action", "\"" + *action_id + "\" is not an action of " +
                                                      *ruleset_id + "; expected one of: " + known);
            }
            rules::ActionRequest request;
            request.action = spec->id;
            request.overrule = *overrule;
            parse_input_flags(*spec, extras, request);
            model::Battle battle;
            battle.ruleset = *ruleset_id;
            rules::Resolution r;
            std::vector<int> dice_used;
            if (*preview) {
                r = ruleset->preview(request, battle);
            } else {
                auto dice = make_dice(*typed, seed_opt->count() ? std::optional(*seed) : std::nullopt);
                r = ruleset->resolve(request, battle, *dice);
                dice_used = dice->used();
            }
            if (*json)
                std::cout << rules::to_json(r).dump(2) << "\n";
            else
                print_resolution(std::cout, r, nullptr);
            if (r.question && r.rolled) throw rules::InputError("", choice_to_make(*r.question, dice_used));
            return 0;
        };
    });
}

} // namespace umpire::cli
