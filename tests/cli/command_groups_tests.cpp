// The command line builds only the commands an invocation can need (cli/commands.h): each group
// adds exactly the commands it lists, a command named first gets its own group, and help that
// names no command gets them all.
#include "cli/commands.h"

#include <catch2/catch.hpp>

#include <set>
#include <sstream>

using namespace umpire::cli;

namespace {

std::set<std::string> built(const std::vector<std::string>& args) {
    CLI::App app;
    Run run;
    add_commands(app, run, args);
    std::set<std::string> names;
    for (const CLI::App* sub : app.get_subcommands({})) names.insert(sub->get_name());
    return names;
}

std::set<std::string> listed(const CommandGroup& group) {
    std::istringstream words{std::string(group.names)};
    std::set<std::string> names;
    for (std::string w; words >> w;) names.insert(w);
    return names;
}

} // namespace

TEST_CASE("cli: each command group adds exactly the commands it lists, and together they are every command") {
    std::set<std::string> every;
    for (const CommandGroup& group : command_groups()) {
        CLI::App app;
        Run run;
        group.add(app, run);
        std::set<std::string> added;
        for (const CLI::App* sub : app.get_subcommands({})) added.insert(sub->get_name());
        CHECK(added == listed(group));
        every.insert(added.begin(), added.end());
    }
    CHECK(built({"--help"}) == every);
    CHECK(built({"help"}) == every);
    CHECK(every.count("roll") == 1);
    CHECK(every.count("turn") == 1);
    CHECK(every.count("serve") == 1);
}

TEST_CASE("cli: a command named first is built with its group alone, and the desk's arguments build none") {
    for (const CommandGroup& group : command_groups())
        for (const std::string& name : listed(group)) {
            INFO(name);
            CHECK(built({name, "--json"}) == listed(group));
            CHECK(built({name, "--help"}) == listed(group));
        }
    // `umpire help turn` answers with turn's help: turn must be there to be known.
    CHECK(built({"help", "turn"}) == std::set<std::string>{"turn"});
    // A battle file given first, then a command: as CLI11 always read it.
    CHECK(built({"kotal.umpire", "roll", "2d6"}) == std::set<std::string>{"roll"});
    CHECK(built({}).empty());
    CHECK(built({"--version"}).empty());
    CHECK(built({"kotal.umpire", "--screenshot", "out.png"}).empty());
}
