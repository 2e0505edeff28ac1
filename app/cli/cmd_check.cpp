// `umpire check BATTLE`, `umpire recover FILE -o NEW` and `umpire copy FROM TO`: a battle's health
// (a file's or a server's), a new battle rebuilt from what is intact in a damaged file, and a
// battle carried between a file and a server row for row. None writes to what it reads.
#include "cli/commands.h"

#include "cli/cli.h"
#include "cli/output.h"
#include "store/backends.h"
#include "store/inspect.h"

#include <nlohmann/json.hpp>

#include <iostream>

namespace umpire::cli {

namespace {

// The words of each part of a check: what it found, or why it could not be made.
std::string checksums_words(const store::CheckReport& r) {
    if (!r.checksums_checked) return "not checked (" + r.unchecked + ")";
    if (!r.has_checksums) return "none yet (written by an older Umpire; added when it is next opened)";
    if (r.checksums.empty()) return "ok (" + std::to_string(r.entries) + " journal entries, the state, the start)";
    return r.checksums;
}

std::string replay_words(const store::CheckReport& r) {
    if (!r.replayed) return "not replayed (" + (r.checksums_checked ? r.unchecked : std::string("see above")) + ")";
    return r.replay.empty() ? "gives the stored state" : "does not give the stored state: " + r.replay;
}

std::string verdict(const store::CheckReport& r) {
    if (r.sound()) return "sound";
    if (r.foreign_journal) return "sound, but the rollback journal beside it is not its own";
    return "DAMAGED";
}

void add_check(CLI::App& app, Run& run) {
    auto* cmd = app.add_subcommand("check", "Check a battle (a file, or one on a server): SQLite's integrity check\n"
                                            "(a file's), every checksum,\n"
                                            "and whether replaying the journal gives the stored state.\n"
                                            "Exit 0 sound, 2 damaged (or not a battle file), 1 unreadable.");
    auto path = std::make_shared<std::string>();
    auto json = std::make_shared<bool>(false);
    cmd->add_option("battle", *path, "Battle file or server address (only read)")->required();
    add_json_flag(cmd, *json);
    cmd->callback([=, &run] {
        run = [=] {
            const store::CheckReport r = store::check_battle(*path);
            if (*json) {
                std::cout << nlohmann::json{{"path", r.path}, {"sound", r.sound()}, {"verdict", verdict(r)},
                                            {"schema", r.schema}, {"integrity", r.integrity}, {"entries", r.entries},
                                            {"checksums", checksums_words(r)}, {"replay", r.replayed && r.replay.empty() ? "agrees" : replay_words(r)},
                                            {"salvage", r.salvage}, {"rollback_pending", r.rollback_pending},
                                            {"foreign_journal", r.foreign_journal}, {"journal_problem", r.journal_problem},
                                            {"note", r.note}}
                                 .dump(2)
                          << "\n";
            } else {
                std::cout << r.path << ": " << verdict(r) << "\n";
                // A server keeps its own pages: what is checked of a battle there is what they hold.
                if (!store::is_server_address(*path)) std::cout << "  SQLite integrity check: " << r.integrity << "\n";
                std::cout << "  checksums: " << checksums_words(r) << "\n"
                          << "  journal replayed: " << replay_words(r) << "\n";
                if (!r.salvage.empty()) std::cout << "  what can still be read: " << r.salvage << "\n";
                if (r.rollback_pending && !r.foreign_journal)
                    std::cout << "  an interrupted write will be rolled back when it is next opened (checked as it will be)\n";
                if (!r.note.empty()) std::cout << "  note: " << r.note << "\n";
                if (r.foreign_journal)
                    std::cout << "The rollback journal beside it (" << r.path << "-journal) would damage the battle if it were "
                              << "rolled back (" << r.journal_problem << "): it may belong to another file. Move " << r.path
                              << "-journal elsewhere to open the battle as it was last saved.\n";
                else if (!r.sound())
                    std::cout << "Rebuild it from its intact journal entries: umpire recover " << r.path
                              << " -o NEW.umpire\n";
            }
            return r.sound() ? kExitOk : kExitBadInput;
        };
    });
}

void add_recover(CLI::App& app, Run& run) {
    auto* cmd = app.add_subcommand("recover", "Rebuild a battle from the intact entries of a damaged battle's journal\n"
                                              "into a new one (the journal is the truth: its replay is the state)");
    auto path = std::make_shared<std::string>();
    auto output = std::make_shared<std::string>();
    auto json = std::make_shared<bool>(false);
    cmd->add_option("battle", *path,
                    "The damaged battle file or server address (only read; a read-only file or folder will do)")
        ->required();
    cmd->add_option("-o,--output", *output, "The new battle file or server address (never replaces one)")->required();
    add_json_flag(cmd, *json);
    cmd->callback([=, &run] {
        run = [=] {
            const store::RecoverReport r = store::recover_battle(*path, *output);
            if (*json) {
                std::cout << nlohmann::json{{"output", *output}, {"kept", r.kept}, {"found", r.found},
                                            {"dropped", r.dropped}, {"origin", r.origin}, {"notes", r.notes}}
                                 .dump(2)
                          << "\n";
            } else {
                std::cout << "Rebuilt " << store::shown(*output) << " from " << store::shown(*path) << ": " << r.kept << " of " << r.found
                          << " journal " << (r.found == 1 ? "entry" : "entries") << " replayed over " << r.origin << ", "
                          << r.dropped.size() << " dropped\n";
                for (const auto& d : r.dropped) std::cout << "  dropped " << d << "\n";
                for (const auto& n : r.notes) std::cout << "  note: " << n << "\n";
            }
            return kExitOk;
        };
    });
}

void add_copy(CLI::App& app, Run& run) {
    auto* cmd = app.add_subcommand("copy", "Copy a battle between a file and a server, row for row: the same start,\n"
                                           "state and journal, every checksum checked on both sides.\n"
                                           "A server's battle: postgresql://USER@HOST:PORT/DB?battle=NAME");
    auto from = std::make_shared<std::string>();
    auto to = std::make_shared<std::string>();
    auto json = std::make_shared<bool>(false);
    cmd->add_option("from", *from, "The battle to copy (file or server address; only read)")->required();
    cmd->add_option("to", *to, "The new battle (file or server address; never replaces one)")->required();
    add_json_flag(cmd, *json);
    cmd->callback([=, &run] {
        run = [=] {
            store::copy_battle(*from, *to);
            const store::CheckReport r = store::check_battle(*to);
            const std::string source = store::shown(*from);
            print_report(*json, {{"from", source}, {"to", r.path}, {"entries", r.entries}},
                         "Copied " + source + " to " + r.path + ": " + std::to_string(r.entries) + " journal " +
                             (r.entries == 1 ? "entry" : "entries") + ", checked",
                         std::cout);
            return kExitOk;
        };
    });
}

} // namespace

void add_check_commands(CLI::App& app, Run& run) {
    add_check(app, run);
    add_recover(app, run);
    add_copy(app, run);
}

} // namespace umpire::cli
