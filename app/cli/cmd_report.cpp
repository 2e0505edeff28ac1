// `umpire report BATTLE -o FILE.md|FILE.html`: the after-action report of the whole game, the
// format chosen by the output's extension or by --format (which -o - needs for HTML).
#include "cli/commands.h"
#include "cli/files.h"

#include "cli/documents.h"
#include "cli/output.h"

#include "report/report.h"
#include "rules/action_names.h"
#include "rulesets/registry.h"
#include "store/battle_store.h"

#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>

namespace umpire::cli {

void add_report(CLI::App& app, Run& run) {
    auto* cmd = app.add_subcommand("report", "Write the after-action report of a battle: turn by turn, each\n"
                                             "action's result and each side's losses, as Markdown or HTML");
    auto battle_path = std::make_shared<std::string>();
    auto output = std::make_shared<std::string>();
    auto format_name = std::make_shared<std::string>();
    auto json = std::make_shared<bool>(false);
    auto force = std::make_shared<bool>(false);
    cmd->add_option("battle", *battle_path, "Battle file or server address")->required();
    cmd->add_option("-o,--output", *output,
                    "File to write: FILE.md (Markdown) or FILE.html (HTML), or - for standard output")
        ->required();
    cmd->add_option("--format", *format_name, "md or html (default: by the file's extension; md for -o -)")
        ->check(CLI::IsMember({"md", "html"}, CLI::ignore_case));
    cmd->add_flag("--force", *force, "Replace the output file if it exists");
    add_json_flag(cmd, *json);
    cmd->callback([=, &run] {
        run = [=] {
            refuse_two_on_standard_output(*json, *output);
            std::optional<report::Format> format;
            if (!format_name->empty())
                format = report::format_for_path("report." + *format_name);
            else if (is_standard_stream(*output))
                format = report::Format::Markdown;
            else
                format = report::format_for_path(*output);
            if (!format)
                throw std::invalid_argument("-o " + *output + ": the report is written as .md or .html (or say --format)");
            if (!is_standard_stream(*output)) check_output(*output, *force);
            const auto opened = open_battle(*battle_path);
            store::BattleStore& file = *opened;
            std::optional<report::Report> built;
            // The battle and its journal as one moment: a write landing between the two reads
            // cannot put an entry in the report whose effect its losses lack.
            file.read_together([&](const model::Battle& battle) {
                std::string ruleset_name = battle.ruleset;
                std::map<std::string, std::string> action_names;
                try {
                    const auto ruleset = rulesets::make(battle.ruleset, battle.house_rules);
                    ruleset_name = std::string(ruleset->name());
                    action_names = rules::action_names(*ruleset);
                } catch (const std::exception&) {
                    // The report needs no rule: a battle whose ruleset this build lacks still gets one.
                }
                built = report::build_report(battle, file.journal(), ruleset_name, action_names);
            });
            const report::Report& r = *built;
            if (is_standard_stream(*output)) {
                std::cout << report::render(r, *format);
            } else {
                try {
                    report::write_report(r, *format, *output, *force);
                } catch (const report::ReportError& e) {
                    throw std::invalid_argument(e.what());
                }
            }
            const std::string where = is_standard_stream(*output) ? "standard output" : *output;
            print_report(*json,
                         {{"output", *output}, {"format", *format == report::Format::Html ? "html" : "md"},
                          {"battle", *battle_path}, {"name", r.battle}, {"actions", r.actions}, {"turns", r.turns.size()}},
                         "Wrote " + where + ": after-action report of " + r.battle + ", " + std::to_string(r.actions) +
                             (r.actions == 1 ? " action" : " actions") + " over " + std::to_string(r.turns.size()) +
                             (r.turns.size() == 1 ? " turn" : " turns"),
                         message_stream(*output));
            return 0;
        };
    });
}

} // namespace umpire::cli
