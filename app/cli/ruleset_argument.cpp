#include "cli/ruleset_argument.h"

#include "rulesets/registry.h"

namespace umpire::cli {

namespace {

constexpr const char* kName = "ruleset";

std::string known_ids() {
    std::string ids;
    for (const auto& r : rulesets::available()) ids += (ids.empty() ? "" : ", ") + r.id;
    return ids;
}

} // namespace

void add_ruleset_argument(CLI::App* cmd, std::string& ruleset_id, bool required) {
    // Unknown ids are refused by the registry, which names the known ones: one message for all.
    auto* opt = cmd->add_option(kName, ruleset_id,
                                "Ruleset id: " + known_ids() + " (also --ruleset ID, as on every command)");
    opt->type_name("RULESET");
    if (required) opt->required();
}

void normalise_ruleset_flag(const CLI::App& app, std::vector<std::string>& args) {
    if (args.empty()) return;
    const CLI::App* cmd = nullptr;
    for (const CLI::App* sub : app.get_subcommands({}))
        if (sub->get_name() == args[0]) cmd = sub;
    if (!cmd || !cmd->get_option_no_throw(kName)) return;
    for (std::size_t i = 1; i < args.size(); ++i) {
        std::string id;
        std::size_t taken = 0;
        if (args[i] == "--ruleset" && i + 1 < args.size()) {
            id = args[i + 1];
            taken = 2;
        } else if (args[i].rfind("--ruleset=", 0) == 0) {
            id = args[i].substr(std::string("--ruleset=").size());
            taken = 1;
        } else {
            continue;
        }
        args.erase(args.begin() + static_cast<std::ptrdiff_t>(i), args.begin() + static_cast<std::ptrdiff_t>(i + taken));
        args.insert(args.begin() + 1, id);
        return;
    }
}

} // namespace umpire::cli
