// Printing before the game: sheet, cards, roster-sheet. Each writes a PDF (atomically, or to
// standard output for -o -) and says what it wrote (--json too); --open hands it to the
// desktop's viewer. The paper is the locale's unless --paper says otherwise.
#include "cli/commands.h"
#include "cli/files.h"

#include "cli/documents.h"
#include "cli/output.h"
#include "cli/ruleset_argument.h"
#include "print/default_paper.h"
#include "print/printer.h"
#include "rulesets/registry.h"
#include "store/battle_store.h"
#include "turn/chance_deck.h"

#include <iostream>
#include <memory>
#include <stdexcept>

namespace umpire::cli {

namespace {

struct Common {
    std::string output;
    std::string paper;  // empty: the locale's
    bool open = false;
    bool json = false;
    bool force = false;
};

void add_common(CLI::App* cmd, Common& common) {
    cmd->add_option("-o,--output", common.output, "PDF file to write, or - for standard output")->required();
    cmd->add_option("--paper", common.paper, "Paper size: a4 or letter (default: the locale's, LC_PAPER; else a4)")
        ->check(CLI::IsMember({"a4", "letter"}, CLI::ignore_case));
    cmd->add_flag("--force", common.force, "Replace the output file if it exists");
    cmd->add_flag("--open", common.open, "Open the PDF with the desktop's viewer afterwards");
    add_json_flag(cmd, common.json);
}

print::Paper paper_of(const Common& common) {
    if (common.paper.empty()) return print::default_paper();
    auto paper = print::paper_from_id(common.paper);
    if (!paper) throw std::invalid_argument("--paper must be a4 or letter, not \"" + common.paper + "\"");
    return *paper;
}

// Refuses what cannot be written before any work is done: a file's output as files.h says, or
// standard output asked to carry two things or to be opened in a viewer.
void check_document_output(const Common& common) {
    refuse_two_on_standard_output(common.json, common.output);
    if (!is_standard_stream(common.output)) {
        check_output(common.output, common.force);
        return;
    }
    if (common.open) throw std::invalid_argument("--open needs a file to open: give -o a file name, not -");
}

int finish(const Common& common, int pages, const std::string& what, nlohmann::json j) {
    const print::Paper paper = paper_of(common);
    j["output"] = common.output;
    j["pages"] = pages;
    j["paper"] = std::string(print::paper_id(paper));
    const std::string where = is_standard_stream(common.output) ? "standard output" : common.output;
    print_report(common.json, j,
                 "Wrote " + where + ": " + what + ", " + std::to_string(pages) + (pages == 1 ? " page" : " pages") +
                     " (" + (paper == print::Paper::A4 ? "A4" : "Letter") + ")",
                 message_stream(common.output));
    if (common.open) {
        std::string error = print::printer().open_with_viewer(common.output);
        if (!error.empty()) std::cerr << "umpire: " << error << "\n";
    }
    return 0;
}

void add_sheet(CLI::App& app, Run& run) {
    auto* cmd = app.add_subcommand("sheet", "Print a ruleset's quick-reference sheet (PDF) from the tables the\n"
                                            "rules read; with --battle, that battle's house rules and distances");
    auto common = std::make_shared<Common>();
    auto ruleset_id = std::make_shared<std::string>();
    auto battle_path = std::make_shared<std::string>();
    add_ruleset_argument(cmd, *ruleset_id, false);
    add_common(cmd, *common);
    cmd->add_option("--battle", *battle_path, "Battle file whose ruleset, house rules and distances to print");
    cmd->callback([=, &run] {
        run = [=] {
            check_document_output(*common);
            print::SheetOptions options;
            options.paper = paper_of(*common);
            std::string id = *ruleset_id, house_rules;
            if (!battle_path->empty()) {
                const auto opened = open_battle(*battle_path);
                store::BattleStore& file = *opened;
                const auto& battle = file.battle();
                if (!id.empty() && battle.ruleset != id)
                    throw std::invalid_argument(*battle_path + " is a " + battle.ruleset + " battle, not " + id);
                id = battle.ruleset;
                options = print::sheet_options_for(battle, options.paper);
                house_rules = battle.house_rules;
            }
            if (id.empty()) throw std::invalid_argument("which ruleset? name it (umpire sheet RULESET) or give --battle BATTLE");
            auto ruleset = rulesets::make(id, house_rules);
            int pages = write_document(common->output, common->force, [&](const std::string& path) {
                return print::printer().write_sheet(*ruleset, options, path);
            });
            return finish(*common, pages, "quick reference for " + std::string(ruleset->name()),
                          {{"document", "sheet"}, {"ruleset", ruleset->id()}});
        };
    });
}

void add_cards(CLI::App& app, Run& run) {
    auto* cmd = app.add_subcommand("cards", "Print chance cards (PDF): business cards, 10 a page, crop marks");
    auto common = std::make_shared<Common>();
    auto battle_path = std::make_shared<std::string>();
    auto deck_path = std::make_shared<std::string>();
    auto ruleset_id = std::make_shared<std::string>();
    auto backs = std::make_shared<bool>(false);
    auto blanks = std::make_shared<bool>(false);
    auto* battle_opt = cmd->add_option("--battle", *battle_path, "Battle file: the deck it plays with");
    auto* deck_opt = cmd->add_option("--deck", *deck_path, "Chance deck file (TOML)");
    add_ruleset_argument(cmd, *ruleset_id, false);
    auto* ruleset_opt = cmd->get_option("ruleset");  // its default deck
    battle_opt->excludes(deck_opt)->excludes(ruleset_opt);
    deck_opt->excludes(ruleset_opt);
    add_common(cmd, *common);
    cmd->add_flag("--backs", *backs, "Follow each page of cards with its page of backs, for duplex printing");
    cmd->add_flag("--blanks", *blanks, "Add the deck's blank cards to each colour's set");
    cmd->callback([=, &run] {
        run = [=] {
            check_document_output(*common);
            print::CardOptions options{paper_of(*common), *backs, *blanks};
            std::optional<turn::ChanceDeck> deck;
            std::string source, deck_ruleset;
            try {
                if (!deck_path->empty()) {
                    deck = turn::load_chance_deck_file(*deck_path);
                    source = *deck_path;
                } else if (!battle_path->empty()) {
                    const auto opened = open_battle(*battle_path);
                    store::BattleStore& file = *opened;
                    deck = turn::deck_for_battle(file.battle());
                    deck_ruleset = file.battle().ruleset;
                    source = "the " + deck_ruleset + " deck";
                    if (!deck) throw std::invalid_argument(*battle_path + ": its ruleset (" + file.battle().ruleset +
                                                           ") has no chance cards");
                } else if (!ruleset_id->empty()) {
                    rulesets::make(*ruleset_id);  // an unknown id names the known ones
                    deck = turn::default_deck(*ruleset_id);
                    deck_ruleset = *ruleset_id;
                    source = "the " + deck_ruleset + " deck";
                    if (!deck) throw std::invalid_argument("ruleset " + *ruleset_id + " has no chance cards");
                } else {
                    throw std::invalid_argument("which cards? name a RULESET, or give --battle BATTLE or --deck FILE");
                }
            } catch (const turn::DeckError& e) {
                throw std::invalid_argument(e.what());
            }
            int pages;
            try {
                pages = write_document(common->output, common->force, [&](const std::string& path) {
                    return print::printer().write_cards(*deck, options, path);
                });
            } catch (const print::PrintError& e) {
                if (deck_path->empty() || e.disk()) throw;  // our own deck (a bug) or the disk: not bad input
                throw std::invalid_argument(*deck_path + ": " + e.what());
            }
            int cards = 0;
            for (const auto& colour : deck->colours()) cards += deck->copies(colour) + (*blanks ? deck->blanks : 0);
            return finish(*common, pages,
                          std::to_string(cards) + " chance cards from " + source + (*backs ? " with backs" : ""),
                          {{"document", "cards"}, {"cards", cards}, {"backs", *backs},
                           {"ruleset", deck_ruleset.empty() ? nlohmann::json(nullptr) : nlohmann::json(deck_ruleset)}});
        };
    });
}

void add_roster_sheet(CLI::App& app, Run& run) {
    auto* cmd = app.add_subcommand("roster-sheet", "Print a battle's status sheet (PDF): per side, a tick box per\n"
                                                   "figure with the shaken mark");
    auto common = std::make_shared<Common>();
    auto battle_path = std::make_shared<std::string>();
    cmd->add_option("battle", *battle_path, "Battle file or server address")->required();
    add_common(cmd, *common);
    cmd->callback([=, &run] {
        run = [=] {
            check_document_output(*common);
            const auto opened = open_battle(*battle_path);
            store::BattleStore& file = *opened;
            const auto& battle = file.battle();
            auto ruleset = rulesets::make(battle.ruleset, battle.house_rules);
            int pages = write_document(common->output, common->force, [&](const std::string& path) {
                return print::printer().write_roster_sheet(battle, *ruleset, paper_of(*common), path);
            });
            return finish(*common, pages,
                          "status sheet for " + battle.name + ", " + std::to_string(battle.sides.size()) + " sides",
                          {{"document", "roster-sheet"}, {"battle", *battle_path}, {"ruleset", battle.ruleset}});
        };
    });
}

} // namespace

void add_print(CLI::App& app, Run& run) {
    add_sheet(app, run);
    add_cards(app, run);
    add_roster_sheet(app, run);
}

} // namespace umpire::cli
