// Which function adds which commands, and adding only those a command line can need
// (cli/commands.h says why).
#include "cli/commands.h"

#include <algorithm>

namespace umpire::cli {

namespace {

constexpr CommandGroup kGroups[] = {
    {"roll", &add_roll},
    {"actions", &add_actions},
    {"resolve", &add_resolve},
    {"new apply undo redo show", &add_battle_commands},
    {"sheet cards roster-sheet", &add_print},
    {"report", &add_report},
    {"turn", &add_turn},
    {"check recover copy", &add_check_commands},
    {"host", &add_host},
    {"serve", &add_serve},
    {"hide reveal", &add_hidden_commands},
    {"sector", &add_sector},
};

bool names(const CommandGroup& group, const std::string& word) {
    std::string_view rest = group.names;
    while (!rest.empty()) {
        const std::size_t space = rest.find(' ');
        if (rest.substr(0, space) == word) return true;
        rest = space == std::string_view::npos ? std::string_view{} : rest.substr(space + 1);
    }
    return false;
}

} // namespace

std::span<const CommandGroup> command_groups() { return kGroups; }

void add_commands(CLI::App& app, Run& run, const std::vector<std::string>& args) {
    for (const std::string& word : args)
        for (const CommandGroup& group : kGroups)
            if (names(group, word)) {
                group.add(app, run);
                return;
            }
    const bool help = std::any_of(args.begin(), args.end(),
                                  [](const std::string& a) { return a == "--help" || a == "-h" || a == "help"; });
    if (!help) return;
    for (const CommandGroup& group : kGroups) group.add(app, run);
}

} // namespace umpire::cli
