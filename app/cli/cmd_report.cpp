// `umpire report BATTLE -o FILE.md|FILE.html`: the after-action report of the whole game, the
// format chosen by the output's extension.
#include "cli/commands.h"
#include "cli/files.h"

#include "report/report.h"
#include "rulesets/registry.h"
#include "store/battle_file.h"

#include <iostream>
#include <memory>
#include <stdexcept>

namespace umpire::cli {

void add_report(CLI::App& app, Run& run) {
    auto* cmd = app.add_subcommand("report", "Write the after-action report of a battle: turn by turn, each\n"
                                             "action's result and each side's losses, as Markdown or HTML");
    auto battle_path = std::make_shared<std::string>();
    auto output = std::make_shared<std::string>();
    auto force = std::make_shared<bool>(false);
    cmd->add_option("battle", *battle_path, "Battle file")->required();
    cmd->add_flag("--force", *force, "Replace the output file if it exists");
    cmd->add_option("-o,--output", *output, "File to write: FILE.md (Markdown) or FILE.html (HTML)")->required();
    cmd->callback([=, &run] {
        run = [=] {
            const auto format = report::format_for_path(*output);
            if (!format)
                throw std::invalid_argument("-o " + *output + ": the report is written as .md or .html");
            check_output(*output, *force);
            auto file = open_battle(*battle_path);
            const auto& battle = file.battle();
            std::string ruleset_name = battle.ruleset;
            try {
                ruleset_name = std::string(rulesets::make(battle.ruleset, battle.house_rules)->name());
            } catch (const std::exception&) {
                // The report needs no rule: a battle whose ruleset this build lacks still gets one.
            }
            const auto r = report::build_report(battle, file.journal(), ruleset_name);
            try {
                report::write_report(r, *format, *output);
            } catch (const report::ReportError& e) {
                throw std::invalid_argument(e.what());
            }
            std::cout << "Wrote " << *output << ": after-action report of " << r.battle << ", " << r.actions
                      << (r.actions == 1 ? " action" : " actions") << " over " << r.turns.size()
                      << (r.turns.size() == 1 ? " turn" : " turns") << "\n";
            return 0;
        };
    });
}

} // namespace umpire::cli
