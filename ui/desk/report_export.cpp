#include "desk/report_export.h"

#include "rules/action_names.h"

#include <filesystem>
#include <optional>

namespace umpire::desk {

std::string default_report_path(const std::string& battle_path, report::Format format) {
    std::filesystem::path p(battle_path);
    const std::string stem = p.stem().string().empty() ? std::string("battle") : p.stem().string();
    p.replace_filename(stem + "-report" + (format == report::Format::Html ? ".html" : ".md"));
    return p.string();
}

std::string export_report(Desk& desk, report::Format format, const std::string& path) {
    const std::string out = path.empty() ? default_report_path(desk.path(), format) : path;
    std::optional<report::Report> r;
    desk.read_whole([&](const model::Battle& battle, const std::vector<store::JournalEntry>& journal) {
        r = report::build_report(battle, journal, desk.ruleset().name(), rules::action_names(desk.ruleset()));
    });
    report::write_report(*r, format, out, true);  // the desk's export replaces its last one
    return out;
}

} // namespace umpire::desk
