// The commands that work on a battle file: new, apply, undo, redo, show.
#include "cli/commands.h"
#include "cli/files.h"

#include "cli/documents.h"
#include "cli/output.h"
#include "cli/request_flags.h"
#include "cli/ruleset_argument.h"
#include "dice/dice_source.h"
#include "model/sectors.h"
#include "roster/checks.h"
#include "roster/roster.h"
#include "rules/action_names.h"
#include "rules/battle_names.h"
#include "rules/command_line.h"
#include "rules/dice_needed.h"
#include "rules/inputs.h"
#include "rules/resolution_json.h"
#include "rulesets/registry.h"
#include "store/backends.h"
#include "store/battle_store.h"

#include <algorithm>
#include <functional>
#include <limits>
#include <iostream>
#include <memory>
#include <set>
#include <stdexcept>
#include <utility>

namespace umpire::cli {

using rules::names_to_ids;
using rules::unit_id;

namespace {

// A roster file, or standard input for "-" (read once, parsed as often as asked).
class RosterSource {
public:
    explicit RosterSource(std::string path) : path_(std::move(path)) {
        if (is_standard_stream(path_)) text_ = read_standard_input();
    }
    std::string name() const { return is_standard_stream(path_) ? "standard input" : path_; }
    model::Battle load(const roster::ChecksForHeader& checks_for) const {
        return is_standard_stream(path_) ? roster::parse_roster_checked(text_, name(), checks_for)
                                         : roster::load_roster_file_checked(path_, checks_for);
    }

private:
    std::string path_;
    std::string text_;
};

void add_new(CLI::App& app, Run& run) {
    auto* cmd = app.add_subcommand("new", "Create a battle file from a roster");
    auto ruleset_id = std::make_shared<std::string>();
    auto roster_path = std::make_shared<std::string>();
    auto output = std::make_shared<std::string>();
    auto json = std::make_shared<bool>(false);
    add_ruleset_argument(cmd, *ruleset_id, false);
    cmd->add_option("--roster", *roster_path, "Roster file (TOML), or - to read it from standard input")->required();
    cmd->add_option("-o,--output", *output, "Battle file to create, or a battle on a server (postgresql://USER@HOST:PORT/DB?battle=NAME)")->required();
    auto distance_unit = std::make_shared<std::string>();
    cmd->add_option("--distance-unit", *distance_unit,
                    "How this table is measured, over the roster's: in or cm, or the grid of a ruleset played "
                    "on one: squares or hexes")
        ->check(CLI::IsMember({"in", "cm", "squares", "hexes"}));
    add_json_flag(cmd, *json);
    cmd->callback([=, &run] {
        run = [=] {
            if (is_standard_stream(*output))
                throw std::invalid_argument("-o -: a battle file is a database, give it a file name");
            // A roster names its ruleset (a required key); RULESET, when given, must agree. The
            // roster's values are checked against the tables of the ruleset its header names, as
            // the units are read. House rules must fit those tables (make refuses them otherwise);
            // the battle is readied by that ruleset (its distance unit checked, each unit's hit
            // capacity derived).
            const RosterSource roster(*roster_path);
            std::unique_ptr<rules::Ruleset> ruleset;
            auto battle = roster.load([&](const model::Battle& header) {
                if (!ruleset_id->empty() && header.ruleset != *ruleset_id)
                    throw rules::InputError("roster",
                                            roster.name() + " is a " + header.ruleset + " roster, not " + *ruleset_id);
                ruleset = rulesets::make(header.ruleset, header.house_rules);
                return roster::checks_for(*ruleset);
            });
            if (!distance_unit->empty()) battle.distance_unit = *distance_unit;
            rules::prepare_battle(*ruleset, battle);
            store::create_battle(*output, battle);
            const std::string made = store::shown(*output);  // a server's address without its password
            print_report(*json,
                         {{"battle", made}, {"name", battle.name}, {"ruleset", battle.ruleset},
                          {"sides", battle.sides.size()}, {"units", battle.units.size()}},
                         "Created " + made + ": " + battle.name + ", " + std::to_string(battle.units.size()) + " units",
                         std::cout);
            return 0;
        };
    });
}

void add_apply(CLI::App& app, Run& run) {
    auto* cmd = app.add_subcommand("apply", "Resolve an action in a battle and apply its effects.\n"
                                            "Inputs default from the unit; flags override them.\n"
                                            "Short form: apply BATTLE shoot 2nd gh 10 6,5,4,3,2,1 (action, unit\n"
                                            "and target by a unique start, values in order or as name=value,\n"
                                            "real dice with commas, overrule=\"why\" as --overrule).");
    auto path = std::make_shared<std::string>();
    auto action_id = std::make_shared<std::string>();
    auto unit_name = std::make_shared<std::string>();
    auto target_name = std::make_shared<std::string>();
    auto typed = std::make_shared<std::string>();
    auto seed = std::make_shared<std::uint64_t>(0);
    auto json = std::make_shared<bool>(false);
    cmd->add_option("battle", *path, "Battle file or server address")->required();
    cmd->add_option("action", *action_id, "Action id, e.g. shoot")->required();
    cmd->add_option("--unit", *unit_name, "The acting unit (name or a unique start of it)");
    cmd->add_option("--target", *target_name, "The enemy unit acted upon");
    cmd->add_option("--dice", *typed, "The real dice, e.g. 6,5,5,4,2,1 (else the app rolls)");
    auto* seed_opt = add_seed_option(cmd, *seed, "Seed for the app's dice");
    add_json_flag(cmd, *json);
    auto umpire = std::make_shared<std::string>();
    add_umpire_option(cmd, *umpire);
    auto overrule = std::make_shared<std::string>();
    cmd->add_option("--overrule", *overrule,
                    "Apply it although the rules refuse it, for this reason (journaled and reported)");
    auto other_sector = std::make_shared<bool>(false);
    cmd->add_flag("--other-sector", *other_sector,
                  "Apply it for a unit in another umpire's sector (umpire sector), saying so in the journal");
    cmd->allow_extras();
    cmd->callback([=, &run] {
        auto extras = cmd->remaining();
        run = [=] {
            auto opened = open_battle_with_ruleset(*path, *umpire);
            store::BattleStore& file = *opened.store;
            const auto& battle = file.battle();
            const auto& ruleset = opened.ruleset;
            rules::ActionRequest request;
            std::string dice_text = *typed;
            // The short syntax (`apply battle.umpire shoot 2nd gh 10 6,5,4`): the words before the
            // first flag, read as the desk's command line reads them.
            auto first_flag = std::find_if(extras.begin(), extras.end(),
                                           [](const std::string& w) { return w.rfind("--", 0) == 0; });
            if (first_flag != extras.begin() && (!unit_name->empty() || !target_name->empty())) {
                // `--unit Heavy Camel`: the shell split the name and left its end among the words.
                const std::string& named = unit_name->empty() ? *target_name : *unit_name;
                throw rules::InputError(extras.front(), "unexpected word after --" +
                                                            std::string(unit_name->empty() ? "target" : "unit") +
                                                            "; a name with spaces goes in quotes: --" +
                                                            (unit_name->empty() ? "target" : "unit") + " \"" + named +
                                                            " " + extras.front() + "\"");
            }
            if (first_flag != extras.begin()) {
                std::vector<std::string> words{*action_id};
                words.insert(words.end(), extras.begin(), first_flag);
                rules::TypedCommand typed_command = rules::parse_command(words, *ruleset, battle);
                request = std::move(typed_command.request);
                if (dice_text.empty()) dice_text = typed_command.dice;
            }
            const rules::ActionSpec* spec = ruleset->action(request.action.empty() ? *action_id : request.action);
            if (!spec) throw rules::InputError("action", "\"" + *action_id + "\" is not an action of " + battle.ruleset);
            request.action = spec->id;
            if (!overrule->empty()) request.overrule = *overrule;  // else the short form's overrule="..."
            if (!unit_name->empty()) request.unit = unit_id(battle, *unit_name, "unit");
            if (!target_name->empty()) request.target = unit_id(battle, *target_name, "target");
            if (spec->needs_unit && !request.unit)
                throw rules::InputError("unit", spec->name + " needs the acting unit (--unit NAME)");
            parse_input_flags(*spec, std::vector<std::string>(first_flag, extras.end()), request);
            names_to_ids(*spec, battle, request);  // --commander "Colonel Ames"
            auto dice = make_dice(dice_text, seed_opt->count() ? std::optional(*seed) : std::nullopt);
            rules::Resolution resolution;
            try {
                resolution = ruleset->resolve(request, battle, *dice);
            } catch (const dice::DiceError& e) {
                // Too few dice typed: say how many the roll takes.
                const std::string what = e.what();
                if (what.find("not enough dice typed") == std::string::npos) throw;
                const auto needed = rules::dice_needed(*ruleset, request, battle, dice::TypedDice::parse(dice_text));
                throw dice::DiceError(needed ? what + ": " + std::to_string(*needed) + " in all" : what);
            }
            if (resolution.question) {
                // The player chooses; the app does not (the working shows the roll that asks).
                if (*json)
                    std::cout << rules::to_json(resolution).dump(2) << "\n";
                else
                    print_resolution(std::cout, resolution, &battle);
                throw rules::InputError("", choice_to_make(*resolution.question, dice->used()));
            }
            const std::optional<int> acting = resolution.unit ? resolution.unit : request.unit;
            if (*other_sector && acting && !model::in_own_sector(battle, *acting, file.umpire()))
                request.in_sector_of = *model::unit_sector(battle, *acting);
            std::int64_t entry = 0;
            try {
                entry = file.record(request, resolution);
            } catch (const store::OtherSectorError& e) {
                const model::Unit* u = battle.unit(e.unit());
                throw store::OtherSectorError((u ? u->name : "The unit") + " is in " + e.owner() +
                                                  "'s sector: nothing was done; give --other-sector to act there "
                                                  "anyway (the journal says so)",
                                              e.owner(), e.unit());
            }
            if (*json) {
                auto j = rules::to_json(resolution);
                j["journal_entry"] = entry;
                std::cout << j.dump(2) << "\n";
            } else {
                print_resolution(std::cout, resolution, &battle);
                std::cout << "\nApplied and saved (journal entry #" << entry << ").\n";
            }
            keep_until_exit(std::move(opened));
            return 0;
        };
    });
}

void add_undo_redo(CLI::App& app, Run& run, bool undo) {
    auto* cmd = app.add_subcommand(undo ? "undo" : "redo",
                                   undo ? "Undo the latest action (recorded in the journal); on a server, your own latest"
                                        : "Redo the most recently undone action; on a server, your own");
    auto path = std::make_shared<std::string>();
    auto json = std::make_shared<bool>(false);
    cmd->add_option("battle", *path, "Battle file or server address")->required();
    add_json_flag(cmd, *json);
    auto umpire = std::make_shared<std::string>();
    add_umpire_option(cmd, *umpire);
    cmd->callback([=, &run] {
        run = [=] {
            auto opened = open_battle(*path, *umpire);
            store::BattleStore& file = *opened;
            auto entry = undo ? file.undo() : file.redo();
            if (!entry) {
                std::cerr << "umpire: nothing to " << (undo ? "undo" : "redo")
                          << (store::is_server_address(*path) ? " of yours (on a server each umpire undoes and redoes his own)"
                                                              : "")
                          << "\n";
                return 2;
            }
            print_report(*json, {{"battle", *path}, {"journal_entry", journal_entry_json(*entry)}}, entry->summary,
                         std::cout);
            keep_until_exit(std::move(opened));
            return 0;
        };
    });
}

// The journal's entries in order, one at a time, `undone` filled in: memory does not grow with
// the journal. A damaged file is read whole instead, leaving out the rows that do not read.
void each_journal_entry(const store::BattleStore& file, const std::function<void(const store::JournalEntry&)>& visit) {
    if (!file.damage().empty()) {
        for (const auto& e : file.journal()) visit(e);
        return;
    }
    std::set<std::int64_t> undone;
    for (const store::JournalLine& l : file.journal_lines())
        if (l.undone) undone.insert(l.id);
    file.each_entry([&](const store::JournalEntry& e) {
        if (!undone.count(e.id)) return visit(e);
        store::JournalEntry marked = e;
        marked.undone = true;
        visit(marked);
    });
}

void show(store::BattleStore& file, const model::Battle& battle, bool json, bool whole_journal) {
    const std::int64_t entries = file.last_entry();  // entries are numbered 1, 2, 3...
    constexpr std::int64_t kLatest = 5;
    const std::vector<std::int64_t> damaged = file.damaged_entries();
    if (json) {
        std::string head = battle_json_text(battle, entries, damaged);
        if (!whole_journal) {
            std::cout << head << "\n";
            return;
        }
        // The battle, then the journal written entry by entry as it is read.
        head.erase(head.size() - 2);  // the closing "\n}"
        std::cout << head << ",\n  \"journal\": [";
        bool first = true;
        each_journal_entry(file, [&](const store::JournalEntry& e) {
            std::cout << (first ? "\n    " : ",\n    ") << journal_entry_json(e).dump();
            first = false;
        });
        std::cout << (first ? "]\n}\n" : "\n  ]\n}\n");
        return;
    }
    print_battle(std::cout, battle);
    const auto names = rules::action_names(*rulesets::make(battle.ruleset, battle.house_rules));
    if (whole_journal) {
        std::cout << "\nJournal (" << entries << " entries):\n";
        // A damaged entry is named in its place, never shown as what happened.
        std::size_t next = 0;
        const auto name_damaged_before = [&](std::int64_t id) {
            for (; next < damaged.size() && damaged[next] < id; ++next)
                std::cout << "#" << damaged[next] << " DAMAGED: its row does not match its checksum, so it is left out\n";
        };
        each_journal_entry(file, [&](const store::JournalEntry& e) {
            name_damaged_before(e.id);
            print_journal_entry(std::cout, e, names, battle);
        });
        name_damaged_before(std::numeric_limits<std::int64_t>::max());
        return;
    }
    std::cout << "\nJournal: " << entries << (entries == 1 ? " entry" : " entries");
    if (entries > kLatest) std::cout << ", the latest " << kLatest << " (--journal lists them all)";
    std::cout << (entries > 0 ? ":\n" : "\n");
    for (const store::JournalLine& l : file.journal_lines(std::max<std::int64_t>(0, entries - kLatest)))
        print_journal_entry(std::cout, l, names, battle);
}

void add_show(CLI::App& app, Run& run) {
    auto* cmd = app.add_subcommand("show", "Show a battle's sides, commanders and units (and with --journal, its journal)");
    auto path = std::make_shared<std::string>();
    auto json = std::make_shared<bool>(false);
    auto whole_journal = std::make_shared<bool>(false);
    cmd->add_option("battle", *path, "Battle file or server address")->required();
    add_json_flag(cmd, *json);
    cmd->add_flag("--journal", *whole_journal, "List every journal entry too, oldest first (streamed, any length)");
    cmd->callback([=, &run] {
        run = [=] {
            auto opened = open_battle(*path);
            store::BattleStore& file = *opened;
            // The battle and the journal are read as one moment: a write landing between them
            // cannot list an entry whose effect the state shown lacks.
            file.read_together([&](const model::Battle& battle) { show(file, battle, *json, *whole_journal); });
            keep_until_exit(std::move(opened));
            return 0;
        };
    });
}

} // namespace

void add_battle_commands(CLI::App& app, Run& run) {
    add_new(app, run);
    add_apply(app, run);
    add_undo_redo(app, run, true);
    add_undo_redo(app, run, false);
    add_show(app, run);
}

} // namespace umpire::cli
