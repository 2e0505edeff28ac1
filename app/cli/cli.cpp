#include "cli/cli.h"

#include "cli/commands.h"
#include "cli/files.h"
#include "cli/plain_streams.h"
#include "cli/request_flags.h"
#include "cli/ruleset_argument.h"
#include "rulesets/registry.h"
#include "paths.h"
#include "roster/roster.h"
#include "rules/inputs.h"
#include "store/battle_store.h"
#include "dice/dice_source.h"
#include "dice/expression.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <iostream>
#include <regex>

namespace umpire::cli {

namespace {

// Errors caused by what the user typed or gave us: exit 2, nothing changed.
int bad_input(const std::string& message) {
    std::cerr << "umpire: " << message << "\n";
    return kExitBadInput;
}

std::optional<std::pair<int, int>> parse_size(const std::string& text) {
    std::smatch m;
    static const std::regex size(R"((\d{3,5})x(\d{3,5}))");
    if (!std::regex_match(text, m, size)) return std::nullopt;
    return std::make_pair(std::stoi(m[1]), std::stoi(m[2]));
}

// `umpire resolve RULESET ACTION --help` and `umpire apply BATTLE ACTION --help` list the
// action's own inputs, which CLI11 cannot know before the ruleset is chosen.
std::optional<int> action_help(const std::vector<std::string>& args) {
    bool wants_help = std::find(args.begin(), args.end(), "--help") != args.end() ||
                      std::find(args.begin(), args.end(), "-h") != args.end();
    if (!wants_help || args.size() < 4 || (args[0] != "resolve" && args[0] != "apply")) return std::nullopt;
    if (args[1].rfind("-", 0) == 0 || args[2].rfind("-", 0) == 0) return std::nullopt;
    std::string ruleset_id = args[1];
    std::string house_rules;
    if (args[0] == "apply") {
        const auto opened = open_battle(args[1]);
        const store::BattleStore& file = *opened;
        ruleset_id = file.battle().ruleset;
        house_rules = file.battle().house_rules;
    }
    auto ruleset = rulesets::make(ruleset_id, house_rules);
    const rules::ActionSpec* spec = ruleset->action(args[2]);
    if (!spec) return std::nullopt;
    std::cout << "Usage: umpire " << args[0] << " " << args[1] << " " << args[2]
              << (args[0] == "apply" ? " --unit NAME [--target NAME]" : "")
              << " [--INPUT VALUE ...] [--dice 6,5,1] [--seed N] [--json]\n\n"
              << cli::action_help(*spec);
    return kExitOk;
}

// What a command printed must have reached its reader: a full disk or a closed pipe behind
// stdout is a failure (exit 1), not silence.
int finish_output(int code) {
    errno = 0;
    std::cout.flush();
    if (std::cout) return code;
    const int err = errno;
    std::cerr << "umpire: could not write the output" << (err ? std::string(" (") + std::strerror(err) + ")" : "")
              << "\n";
    return kExitFailure;
}

int guarded(const std::function<int()>& body) {
    try {
        return body();
    } catch (const rules::Refusal& e) {
        // The rules text forbids it; the umpire has the last word, on purpose.
        return bad_input(std::string(e.what()) + "; nothing was changed (to apply it anyway, give the umpire's "
                                                 "reason with --overrule \"REASON\", or overrule=\"REASON\" among the "
                                                 "short form's words)");
    } catch (const rules::InputError& e) {
        return bad_input(e.what());
    } catch (const dice::DiceError& e) {
        return bad_input(e.what());
    } catch (const dice::ExpressionError& e) {
        return bad_input(e.what());
    } catch (const roster::RosterError& e) {
        return bad_input(e.what());
    } catch (const store::StoreError& e) {
        // Only a bad file or a request that does not fit is bad input; a file changed by another
        // program, a lock held too long, a full disk or an I/O error is not the user's doing.
        switch (e.problem()) {
        case store::StoreProblem::BadFile:
        case store::StoreProblem::Refused: return bad_input(e.what());
        case store::StoreProblem::Changed:
        case store::StoreProblem::Busy:
        case store::StoreProblem::Io: break;
        }
        std::cerr << "umpire: " << e.what() << "\n";
        return kExitFailure;
    } catch (const std::invalid_argument& e) {
        return bad_input(e.what());
    } catch (const std::exception& e) {
        std::cerr << "umpire: " << e.what() << "\n";
        return kExitFailure;
    }
}

// `umpire help [COMMAND ...]` is `umpire [COMMAND ...] --help`; an unknown command is bad input.
std::optional<int> help_command(const CLI::App& app, std::vector<std::string>& args) {
    if (args.empty() || args[0] != "help") return std::nullopt;
    args.erase(args.begin());
    if (!args.empty()) {
        bool known = false;
        for (const CLI::App* sub : app.get_subcommands({})) known = known || sub->get_name() == args[0];
        if (!known)
            return bad_input("no command \"" + args[0] + "\": `umpire help` lists them");
    }
    args.push_back("--help");
    return std::nullopt;
}

} // namespace

int main(int argc, char** argv, const GuiLauncher& launch_gui) {
    const PlainStreams plain;  // names from a file never reach the terminal as control characters
    CLI::App app{"Umpire: the umpire's companion for miniature wargames.\n"
                 "With no subcommand, opens the desktop app on the demo battle or on FILE."};
    app.name("umpire");
    app.require_subcommand(0, 1);
    app.set_version_flag("--version", std::string("umpire ") + UMPIRE_VERSION);

    GuiRequest gui;
    std::string screenshot, size = "1280x800";
    app.add_option("file", gui.battle_path, "Battle file to open in the GUI");
    app.add_option("--screenshot", screenshot, "Render the GUI for a few frames, save a PNG and exit");
    CLI::Option* size_option =
        app.add_option("--size", size, "Window size for the GUI, WIDTHxHEIGHT (default: as last left, "
                                       "the first time maximised; 1280x800 for a screenshot)");
    app.add_option("--show", gui.show, "Open a dialog or view at start (for screenshots)")
        ->check(CLI::IsMember({"new-battle", "open", "save-copy", "print", "player", "phones", "umpires", "menu"}));
    // Not for users (no group: left out of --help): the bench's first frame, timed from `umpire FILE`.
    app.add_option("--frames", gui.frames, "Quit after this many frames")->check(CLI::PositiveNumber)->group("");

    Run run;
    std::vector<std::string> args(argv + 1, argv + argc);
    add_commands(app, run, args);
    // `umpire help ...` is answered before parsing (help_command); this lists it, and answers it
    // where other options come first.
    app.add_subcommand("help", "Show this help, or a command's: umpire help COMMAND (umpire COMMAND --help)")
        ->allow_extras()
        ->callback([&app, &run] {
            run = [&app] {
                // The program's help, not the help subcommand's (which app.help() would give now).
                std::cout << app.get_formatter()->make_help(&app, app.get_name(), CLI::AppFormatMode::Normal);
                return kExitOk;
            };
        });

    if (auto code = help_command(app, args)) return *code;
    normalise_ruleset_flag(app, args);
    if (auto code = guarded([&] { return action_help(args).value_or(-1); }); code != -1)
        return code;

    try {
        std::vector<std::string> reversed(args.rbegin(), args.rend());  // CLI11 takes them last first
        app.parse(reversed);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        app.exit(e);
        return kExitBadInput;
    }

    return guarded([&] {
        if (run) return finish_output(run());

        auto dims = parse_size(size);
        if (!dims) return bad_input("--size must look like 1280x800, got \"" + size + "\"");
        if (size_option->count() > 0) {  // otherwise the desk opens where it was left
            gui.width = dims->first;
            gui.height = dims->second;
        }
        if (!screenshot.empty()) gui.screenshot = screenshot;
        if (gui.battle_path.empty()) gui.battle_path = app::ensure_demo_battle();
        // A file the desk cannot use still gets a window, which says why and offers what can be
        // done (recover, or a read-only look at what can be read); stderr says it too.
        if (!launch_gui) return bad_input("this build has no GUI; use the subcommands (umpire --help)");
        return launch_gui(gui);
    });
}

} // namespace umpire::cli
