// Printing before the game: sheet, cards, roster-sheet. Each writes a PDF (atomically) and says
// what it wrote; --open hands it to the desktop's viewer.
#include "cli/commands.h"
#include "cli/files.h"

#include "print/print.h"
#include "rulesets/registry.h"
#include "store/battle_file.h"
#include "turn/chance_deck.h"

#include <filesystem>
#include <iostream>
#include <memory>
#include <stdexcept>

namespace umpire::cli {

namespace {

struct Common {
    std::string output;
    std::string paper;
    bool open = false;
    bool force = false;
};

void add_common(CLI::App* cmd, Common& common, const char* default_paper) {
    common.paper = default_paper;
    cmd->add_option("-o,--output", common.output, "PDF file to write")->required();
    cmd->add_option("--paper", common.paper, "Paper size: a4 or letter")
        ->check(CLI::IsMember({"a4", "letter"}, CLI::ignore_case))
        ->capture_default_str();
    cmd->add_flag("--force", common.force, "Replace the output file if it exists");
    cmd->add_flag("--open", common.open, "Open the PDF with the desktop's viewer (xdg-open) afterwards");
}

print::Paper paper_of(const Common& common) {
    auto paper = print::paper_from_id(common.paper);
    if (!paper) throw std::invalid_argument("--paper must be a4 or letter, not \"" + common.paper + "\"");
    return *paper;
}

int finish(const Common& common, int pages, const std::string& what) {
    std::cout << "Wrote " << common.output << ": " << what << ", " << pages << (pages == 1 ? " page" : " pages")
              << " (" << (paper_of(common) == print::Paper::A4 ? "A4" : "Letter") << ")\n";
    if (common.open) {
        std::string error = print::open_with_viewer(common.output);
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
    cmd->add_option("ruleset", *ruleset_id, "Ruleset id, e.g. macduff")->required();
    add_common(cmd, *common, "a4");
    cmd->add_option("--battle", *battle_path, "Battle file whose house rules and distances to print");
    cmd->callback([=, &run] {
        run = [=] {
            check_output(common->output, common->force);
            print::SheetOptions options;
            options.paper = paper_of(*common);
            std::string house_rules;
            if (!battle_path->empty()) {
                auto file = open_battle(*battle_path);
                const auto& battle = file.battle();
                if (battle.ruleset != *ruleset_id)
                    throw std::invalid_argument(*battle_path + " is a " + battle.ruleset + " battle, not " +
                                                *ruleset_id);
                options = print::sheet_options_for(battle, options.paper);
                house_rules = battle.house_rules;
            }
            auto ruleset = rulesets::make(*ruleset_id, house_rules);
            int pages = print::write_sheet(*ruleset, options, common->output);
            return finish(*common, pages, "quick reference for " + std::string(ruleset->name()));
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
    auto* ruleset_opt = cmd->add_option("--ruleset", *ruleset_id, "A ruleset's default deck, e.g. macduff");
    battle_opt->excludes(deck_opt)->excludes(ruleset_opt);
    deck_opt->excludes(ruleset_opt);
    add_common(cmd, *common, "letter");
    cmd->add_flag("--backs", *backs, "Follow each page of cards with its page of backs, for duplex printing");
    cmd->add_flag("--blanks", *blanks, "Add the deck's blank cards to each colour's set");
    cmd->callback([=, &run] {
        run = [=] {
            check_output(common->output, common->force);
            print::CardOptions options{paper_of(*common), *backs, *blanks};
            std::optional<turn::ChanceDeck> deck;
            std::string source;
            try {
                if (!deck_path->empty()) {
                    deck = turn::load_chance_deck_file(*deck_path);
                    source = *deck_path;
                } else if (!battle_path->empty()) {
                    auto file = open_battle(*battle_path);
                    deck = turn::deck_for_battle(file.battle());
                    source = "the " + file.battle().ruleset + " deck";
                    if (!deck) throw std::invalid_argument(*battle_path + ": its ruleset (" + file.battle().ruleset +
                                                           ") has no chance cards");
                } else if (!ruleset_id->empty()) {
                    rulesets::make(*ruleset_id);  // an unknown id names the known ones
                    deck = turn::default_deck(*ruleset_id);
                    source = "the " + *ruleset_id + " deck";
                    if (!deck) throw std::invalid_argument("ruleset " + *ruleset_id + " has no chance cards");
                } else {
                    throw std::invalid_argument("which cards? give --battle BATTLE, --deck FILE or --ruleset ID");
                }
            } catch (const turn::DeckError& e) {
                throw std::invalid_argument(e.what());
            }
            int pages;
            try {
                pages = print::write_cards(*deck, options, common->output);
            } catch (const print::PrintError& e) {
                if (deck_path->empty()) throw;  // our own deck: a bug, not bad input
                throw std::invalid_argument(*deck_path + ": " + e.what());
            }
            int cards = 0;
            for (const auto& colour : deck->colours()) cards += deck->copies(colour) + (*blanks ? deck->blanks : 0);
            return finish(*common, pages, std::to_string(cards) + " chance cards from " + source +
                                              (*backs ? " with backs" : ""));
        };
    });
}

void add_roster_sheet(CLI::App& app, Run& run) {
    auto* cmd = app.add_subcommand("roster-sheet", "Print a battle's status sheet (PDF): per side, a tick box per\n"
                                                   "figure with the shaken mark");
    auto common = std::make_shared<Common>();
    auto battle_path = std::make_shared<std::string>();
    cmd->add_option("battle", *battle_path, "Battle file")->required();
    add_common(cmd, *common, "a4");
    cmd->callback([=, &run] {
        run = [=] {
            check_output(common->output, common->force);
            auto file = open_battle(*battle_path);
            const auto& battle = file.battle();
            auto ruleset = rulesets::make(battle.ruleset, battle.house_rules);
            int pages = print::write_roster_sheet(battle, *ruleset, paper_of(*common), common->output);
            return finish(*common, pages, "status sheet for " + battle.name + ", " +
                                              std::to_string(battle.sides.size()) + " sides");
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
