// `umpire check FILE` and `umpire recover FILE -o NEW`: a battle file's health, and a new battle
// rebuilt from what is intact in a damaged one. Neither writes to FILE.
#include "cli/commands.h"

#include "cli/cli.h"
#include "cli/output.h"
#include "store/inspect.h"

#include <nlohmann/json.hpp>

#include <iostream>

namespace umpire::cli {

namespace {

void add_check(CLI::App& app, Run& run) {
    auto* cmd = app.add_subcommand("check", "Check a battle file: SQLite's integrity check, every checksum,\n"
                                            "and whether replaying the journal gives the stored state.\n"
                                            "Exit 0 sound, 2 damaged (or not a battle file), 1 unreadable.");
    auto path = std::make_shared<std::string>();
    auto json = std::make_shared<bool>(false);
    cmd->add_option("battle", *path, "Battle file")->required();
    add_json_flag(cmd, *json);
    cmd->callback([=, &run] {
        run = [=] {
            const store::CheckReport r = store::check_file(*path);
            if (*json) {
                std::cout << nlohmann::json{{"path", r.path}, {"sound", r.sound()}, {"schema", r.schema},
                                            {"integrity", r.integrity}, {"entries", r.entries},
                                            {"checksums", r.has_checksums ? (r.checksums.empty() ? "ok" : r.checksums)
                                                                          : "none (an older file)"},
                                            {"replay", r.replay.empty() ? "agrees" : r.replay},
                                            {"rollback_pending", r.rollback_pending}, {"note", r.note}}
                                 .dump(2)
                          << "\n";
            } else {
                std::cout << r.path << ": " << (r.sound() ? "sound" : "DAMAGED") << "\n"
                          << "  SQLite integrity check: " << r.integrity << "\n"
                          << "  checksums: "
                          << (!r.has_checksums ? "none yet (written by an older Umpire; added when it is next opened)"
                                               : r.checksums.empty() ? "ok (" + std::to_string(r.entries) +
                                                                           " journal entries, the state, the start)"
                                                                     : r.checksums)
                          << "\n"
                          << "  journal replayed: "
                          << (r.replay.empty() ? "gives the stored state" : "does not give the stored state: " + r.replay)
                          << "\n";
                if (r.rollback_pending)
                    std::cout << "  an interrupted write will be rolled back when it is next opened (checked as it will be)\n";
                if (!r.note.empty()) std::cout << "  note: " << r.note << "\n";
                if (!r.sound())
                    std::cout << "Rebuild it from its intact journal entries: umpire recover " << r.path
                              << " -o NEW.umpire\n";
            }
            return r.sound() ? kExitOk : kExitBadInput;
        };
    });
}

void add_recover(CLI::App& app, Run& run) {
    auto* cmd = app.add_subcommand("recover", "Rebuild a battle from the intact entries of a damaged file's journal\n"
                                              "into a new file (the journal is the truth: its replay is the state)");
    auto path = std::make_shared<std::string>();
    auto output = std::make_shared<std::string>();
    auto json = std::make_shared<bool>(false);
    cmd->add_option("battle", *path, "The damaged battle file (only read)")->required();
    cmd->add_option("-o,--output", *output, "The new battle file (never replaces a file)")->required();
    add_json_flag(cmd, *json);
    cmd->callback([=, &run] {
        run = [=] {
            const store::RecoverReport r = store::recover_file(*path, *output);
            if (*json) {
                std::cout << nlohmann::json{{"output", *output}, {"kept", r.kept}, {"dropped", r.dropped},
                                            {"origin", r.origin}}
                                 .dump(2)
                          << "\n";
            } else {
                std::cout << "Rebuilt " << *output << " from " << *path << ": " << r.kept << " journal "
                          << (r.kept == 1 ? "entry" : "entries") << " replayed over " << r.origin << ", "
                          << r.dropped.size() << " dropped\n";
                for (const auto& d : r.dropped) std::cout << "  dropped " << d << "\n";
            }
            return kExitOk;
        };
    });
}

} // namespace

void add_check_commands(CLI::App& app, Run& run) {
    add_check(app, run);
    add_recover(app, run);
}

} // namespace umpire::cli
