// `umpire hide BATTLE UNIT` and `umpire reveal BATTLE UNIT`: a unit hidden from the other side's
// page on the players' phones (the umpire's counters and dummies), journaled like any change.
#include "cli/commands.h"
#include "cli/files.h"
#include "cli/output.h"

#include "roster/edit.h"
#include "rules/battle_names.h"

#include <iostream>
#include <memory>

namespace umpire::cli {

namespace {

void add_one(CLI::App& app, Run& run, bool hide) {
    auto* cmd = app.add_subcommand(hide ? "hide" : "reveal",
                                   hide ? "Hide a unit from the other side's page on the players' phones (journaled; "
                                          "umpire undo takes it back)"
                                        : "Reveal a hidden unit to the other side's page");
    auto path = std::make_shared<std::string>();
    auto unit = std::make_shared<std::string>();
    auto json = std::make_shared<bool>(false);
    cmd->add_option("battle", *path, "Battle file or server address")->required();
    cmd->add_option("unit", *unit, "The unit (name or a unique start of it)")->required();
    add_json_flag(cmd, *json);
    auto umpire = std::make_shared<std::string>();
    add_umpire_option(cmd, *umpire);
    cmd->callback([=, &run] {
        run = [=] {
            const auto opened = open_battle(*path, *umpire);
            store::BattleStore& file = *opened;
            const int id = rules::unit_id(file.battle(), *unit, "unit");
            const rules::Resolution r = roster::set_hidden(file.battle(), id, hide);
            rules::ActionRequest request;
            request.action = r.action;
            request.unit = r.unit;
            const auto entry = file.record(request, r);
            print_report(*json, {{"battle", *path}, {"unit", file.battle().unit(id)->name}, {"hidden", hide},
                                 {"journal_entry", entry}},
                         r.outcome + " (journal entry #" + std::to_string(entry) + ")", std::cout);
            return 0;
        };
    });
}

} // namespace

void add_hidden_commands(CLI::App& app, Run& run) {
    add_one(app, run, true);
    add_one(app, run, false);
}

} // namespace umpire::cli
