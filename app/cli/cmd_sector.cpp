// `umpire sector BATTLE NAME UMPIRE`: gives a unit (or with --commander, a commander and the units
// under him) to one umpire's sector in a battle several umpires run; `--clear` takes it back. An
// umpire acting for a unit in another's sector is then asked to confirm (apply --other-sector),
// and the journal says so. Journaled like any change, undone like one.
#include "cli/commands.h"
#include "cli/files.h"
#include "cli/output.h"

#include "roster/edit.h"
#include "rules/battle_names.h"
#include "rules/inputs.h"

#include <iostream>
#include <memory>
#include <optional>

namespace umpire::cli {

void add_sector(CLI::App& app, Run& run) {
    auto* cmd = app.add_subcommand("sector", "Give a unit or a commander to an umpire's sector (several umpires, one "
                                             "battle); --clear takes it back");
    auto path = std::make_shared<std::string>();
    auto name = std::make_shared<std::string>();
    auto to = std::make_shared<std::string>();
    auto commander = std::make_shared<bool>(false);
    auto clear = std::make_shared<bool>(false);
    auto json = std::make_shared<bool>(false);
    cmd->add_option("battle", *path, "Battle file or server address")->required();
    cmd->add_option("name", *name, "The unit (or commander, with --commander): a name or a unique start of it")
        ->required();
    cmd->add_option("umpire", *to, "The umpire whose sector it is");
    cmd->add_flag("--commander", *commander, "NAME is a commander: his units are in the sector unless given their own");
    cmd->add_flag("--clear", *clear, "Take it out of any sector");
    add_json_flag(cmd, *json);
    auto umpire = std::make_shared<std::string>();
    add_umpire_option(cmd, *umpire);
    cmd->callback([=, &run] {
        run = [=] {
            if (to->empty() == !*clear)
                throw rules::InputError("umpire", *clear ? "--clear takes no umpire's name"
                                                         : "name the umpire whose sector it is (or give --clear)");
            const auto opened = open_battle(*path, *umpire);
            store::BattleStore& battle = *opened;
            const std::optional<std::string> whose = *clear ? std::nullopt : std::optional(*to);
            const rules::Resolution r =
                *commander ? roster::assign_commander_sector(battle.battle(),
                                                             rules::commander_id(battle.battle(), *name), whose)
                           : roster::assign_unit_sector(battle.battle(), rules::unit_id(battle.battle(), *name, "unit"),
                                                        whose);
            rules::ActionRequest request;
            request.action = r.action;
            request.unit = r.unit;
            const auto entry = battle.record(request, r);
            print_report(*json, {{"battle", *path}, {"sector", whose ? *whose : ""}, {"journal_entry", entry}},
                         r.outcome + " (journal entry #" + std::to_string(entry) + ")", std::cout);
            return 0;
        };
    });
}

} // namespace umpire::cli
