#include "cli/files.h"

#include "paths.h"
#include "rules/inputs.h"
#include "store/backends.h"
#include "store/battle_file.h"
#include "store/disk.h"

#include <array>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits>
#include <utility>
#include <vector>

namespace umpire::cli {

namespace fs = std::filesystem;

namespace {

// The first bytes of a battle file: SQLite's magic, and Umpire's application id at 68.
bool is_battle_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::array<char, 72> header{};
    if (!in.read(header.data(), header.size())) return false;
    const std::uint32_t id = (static_cast<std::uint32_t>(static_cast<unsigned char>(header[68])) << 24) |
                             (static_cast<std::uint32_t>(static_cast<unsigned char>(header[69])) << 16) |
                             (static_cast<std::uint32_t>(static_cast<unsigned char>(header[70])) << 8) |
                             static_cast<std::uint32_t>(static_cast<unsigned char>(header[71]));
    return std::memcmp(header.data(), "SQLite format 3", 16) == 0 &&
           id == static_cast<std::uint32_t>(store::kApplicationId);
}

[[noreturn]] void refuse(const std::string& path, const std::string& why) {
    throw rules::InputError("output", "cannot write " + path + ": " + why);
}

} // namespace

std::unique_ptr<store::BattleStore> open_battle(const std::string& path, const std::string& umpire,
                                                store::RulesetRead ruleset_read) {
    store::OpenOptions options;
    options.ruleset_read = std::move(ruleset_read);
    options.verified_files = app::verified_files_path();  // a file checked whole before is not again
    options.umpire = umpire;
    std::unique_ptr<store::BattleStore> file = store::open_store(path, options);
    const std::string& shown = file->path();
    if (!file->damage().empty())
        std::cerr << "umpire: " << shown << " is damaged (" << file->damage()
                  << "); it is open read-only.\n"
                     "  `umpire check "
                  << shown << "` says what is damaged; `umpire recover " << shown
                  << " -o NEW.umpire` rebuilds the battle from its intact journal entries.\n";
    else if (file->read_only())
        std::cerr << "umpire: " << shown << " is open read-only: " << file->read_only_reason() << ".\n";
    return file;
}

void keep_until_exit(std::unique_ptr<store::BattleStore> store) {
    if (!dynamic_cast<const store::BattleFile*>(store.get())) return;  // closed here, as any other
    // Held from a static, so a leak checker counts it as reachable, not lost.
    static auto* kept = new std::vector<std::unique_ptr<store::BattleStore>>();
    kept->push_back(std::move(store));
}

void keep_until_exit(BattleWithRuleset opened) {
    static auto* kept = new std::vector<std::unique_ptr<rules::Ruleset>>();
    kept->push_back(std::move(opened.ruleset));
    keep_until_exit(std::move(opened.store));
}

CLI::Option* add_umpire_option(CLI::App* cmd, std::string& umpire) {
    return cmd->add_option("--as", umpire,
                           "Who applies it: an umpire's name, recorded with each entry of a battle on a server "
                           "(the server's user name if not given)");
}

void check_output(const std::string& path, bool force) {
    const fs::path p(path);
    const fs::path dir = p.has_parent_path() ? p.parent_path() : fs::path(".");
    std::error_code ec;
    if (path.empty()) refuse(path, "no file name given");
    if (!fs::is_directory(dir, ec)) refuse(path, "the folder " + dir.string() + " does not exist");
    if (fs::is_directory(p, ec)) refuse(path, "it is a folder");
    if (!fs::exists(fs::symlink_status(p, ec))) return;
    if (is_battle_file(path)) refuse(path, "it is a battle file, which is never overwritten");
    if (!force) refuse(path, "it already exists (--force replaces it)");
}

namespace {

// Runs a whole-file write of the store's after check_output; a name that appeared since the look
// is refused as it would have been then.
void write_checked(const std::string& path, bool force, const std::function<void()>& write) {
    check_output(path, force);
    try {
        write();
    } catch (const store::StoreError& e) {
        if (e.problem() == store::StoreProblem::BadFile) refuse(path, "it already exists (--force replaces it)");
        throw;
    }
}

} // namespace

void write_output(const std::string& path, const std::string& text, bool force) {
    write_checked(path, force, [&] { store::detail::write_whole(path, text, force); });
}

void write_output_through(const std::string& path, bool force, const std::function<void(const std::string& fresh)>& fill) {
    write_checked(path, force, [&] { store::detail::write_whole_through(path, force, fill); });
}

CLI::Option* add_seed_option(CLI::App* cmd, std::uint64_t& seed, const std::string& help, std::uint64_t min) {
    const std::string range = "a whole number from " + std::to_string(min) + " to " +
                              std::to_string(std::numeric_limits<std::uint64_t>::max());
    return cmd->add_option("--seed", seed, help)->check(CLI::Validator(
        [min, range](std::string& text) -> std::string {
            const bool digits = !text.empty() && text.size() <= 20 &&
                                text.find_first_not_of("0123456789") == std::string::npos;
            if (!digits) return "must be " + range + ", not \"" + text + "\"";
            errno = 0;
            const unsigned long long v = std::strtoull(text.c_str(), nullptr, 10);
            if (errno == ERANGE || v < min) return "must be " + range + ", not \"" + text + "\"";
            return std::string();
        },
        "SEED"));
}

} // namespace umpire::cli
