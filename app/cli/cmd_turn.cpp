// `umpire turn BATTLE WHAT`: the turn at the table from the command line. Each step is the turn
// engine's resolution recorded through the store, so it is journaled and `umpire undo` takes
// it back like any action.
#include "cli/commands.h"
#include "cli/files.h"

#include "rules/battle_names.h"
#include "cli/documents.h"
#include "cli/output.h"
#include "rules/inputs.h"
#include "rules/resolution_json.h"
#include "store/battle_store.h"
#include "turn/compass.h"
#include "turn/fresh_seed.h"
#include "turn/status_json.h"
#include "turn/turn_commands.h"
#include "turn/turn_engine.h"

#include <iostream>
#include <stdexcept>

namespace umpire::cli {

using rules::side_id;

namespace {

struct TurnArgs {
    std::string path, what, name;
    std::string umpire;  // --as
    bool json = false, force = false, stationary = false, second = false;
    std::string dice, activation, assignment, handicapped, chance, wind, set_wind, from, side, first;
    std::string export_path, import_path;
    std::vector<std::string> observation, no_observation;
    int blanks = -1, strength = 1;
    std::uint64_t seed = 0;
};

int wind_direction(const std::string& name) {
    auto d = turn::compass_from_name(name);
    if (!d) throw rules::InputError("direction", "\"" + name + "\" is not a compass point (N, NE, E, SE, S, SW, W, NW, none)");
    return *d;
}

bool on_off(const std::string& value, const char* input) {
    if (value == "on" || value == "yes" || value == "true") return true;
    if (value == "off" || value == "no" || value == "false") return false;
    throw rules::InputError(input, "say on or off, not \"" + value + "\"");
}

void print_status(std::ostream& out, const model::Battle& battle, const turn::TurnStatus& st) {
    out << "Turn " << st.turn << (st.started ? ", " + st.phase_name : ", not started") << "\n";
    if (!st.phase_text.empty()) out << "  " << st.phase_text << (st.citation.empty() ? "" : " (" + st.citation + ")") << "\n";
    if (st.method == "cards") out << "  Cards left: " << st.cards_left << ", drawn: " << st.discards.size() << "\n";
    if (!st.current_label.empty()) out << "  Card: " << st.current_label << "\n";
    if (st.active_commander) {
        const model::Commander* k = battle.commander(st.active_commander);
        out << "  Active: " << (k ? k->name : "?") << " (" << st.units_to_order.size() << " units not yet ordered)\n";
    }
    if (st.active_side) {
        const model::Side* s = battle.side(st.active_side);
        out << "  To act: " << (s ? s->name : "?");
        if (!st.units_to_move.empty()) out << ", " << st.units_to_move.size() << " units to move";
        out << "\n";
    }
    if (!st.units_to_check.empty()) {
        out << "  Marked to rally:";
        for (std::size_t i = 0; i < st.units_to_check.size(); ++i) {
            const model::Unit* u = battle.unit(st.units_to_check[i]);
            out << (i ? ", " : " ") << (u ? u->name : "?");
        }
        out << "\n";
    }
    if (st.chance_card) out << "  Chance card (" << st.chance_colour << "): " << st.chance_card->title << "\n";
    if (st.wind_in_use) out << "  Wind: " << st.wind_label << "\n";
    for (const auto& c : st.order_chances) out << "  " << c.label << ": " << percent(c.probability) << "\n";
    for (const turn::OwedItem& o : st.owed)
        out << "  Owed" << (o.due_now ? " now" : "") << ": " << o.text << ", " << o.due << " (" << o.citation
            << "; done by: " << o.action << ")\n";
    out << "Next: " << st.next << "\n";
}

turn::TurnStep step_for(const TurnArgs& a, const model::Battle& battle, const turn::TurnRules& rules) {
    std::vector<int> observation;
    for (const auto& name : a.observation) observation.push_back(side_id(battle, name, "observation"));
    std::vector<int> denied;  // an observer on the table that does not count (no signals by the General)
    for (const auto& name : a.no_observation) denied.push_back(side_id(battle, name, "no-observation"));
    auto dice = [&] { return make_dice(a.dice, a.seed ? std::optional(a.seed) : std::nullopt); };
    if (a.what == "options") {
        turn::TurnOptions o = turn::turn_state(battle).options;
        if (!a.activation.empty()) o.activation = a.activation;
        if (!a.assignment.empty()) o.assignment = a.assignment;
        if (!a.handicapped.empty()) o.handicapped_side = side_id(battle, a.handicapped, "handicapped-side");
        if (!a.chance.empty()) o.chance_cards = on_off(a.chance, "chance-cards");
        if (!a.wind.empty()) o.wind = on_off(a.wind, "wind");
        if (a.blanks >= 0) o.blanks = a.blanks;
        if (a.seed) o.seed = a.seed;
        if (!o.seed) o.seed = turn::fresh_seed();
        return turn::configure(battle, rules, o);
    }
    if ((a.what == "choose" || a.what == "moved") && a.name.empty())
        throw rules::InputError("name", a.what == "choose" ? "choose needs the COMMANDER who uses the card"
                                                           : "moved needs the UNIT that moved or stood");
    if (a.what != "wind" && a.what != "deck") {
        // The same words the desk's command line reads (turn/turn_commands.h), flags already split.
        std::vector<std::string> words{a.what};
        if (!a.name.empty()) words.push_back(a.name);
        if (a.force) words.push_back("--force");
        if (a.second) words.push_back("--second");
        if (a.stationary) words.push_back("--stationary");
        if (!a.first.empty()) words.insert(words.end(), {"--first", a.first});
        if (!a.side.empty()) words.insert(words.end(), {"--side", a.side});
        const turn::TurnCommand command = turn::parse_turn_command(words, battle);
        // Dice typed as a word of their own (`order 5,2`, as on the desk's command line) count too.
        auto d = make_dice(a.dice.empty() ? command.dice : a.dice, a.seed ? std::optional(a.seed) : std::nullopt);
        auto step = turn::take_turn_command(battle, rules, command, *d, observation, denied);
        if (turn::rolls_dice(command)) d->finish();
        return step;
    }
    if (a.what == "wind") {
        if (!a.set_wind.empty()) return turn::set_wind(battle, rules, wind_direction(a.set_wind), a.strength - 1);
        auto d = dice();
        auto step = turn::roll_wind(battle, rules, *d, a.from.empty() ? std::nullopt : std::optional(wind_direction(a.from)));
        d->finish();
        return step;
    }
    if (a.what == "deck") {
        if (a.import_path.empty()) throw rules::InputError("import", "deck needs --import FILE or --export FILE");
        try {
            const turn::ChanceDeck deck = is_standard_stream(a.import_path)
                                              ? turn::parse_chance_deck(read_standard_input(), "standard input")
                                              : turn::load_chance_deck_file(a.import_path);
            return turn::set_chance_deck(battle, rules, deck);
        } catch (const turn::DeckError& e) {
            throw std::invalid_argument(e.what());  // the file is bad input: exit 2, battle untouched
        }
    }
    throw rules::InputError("what", "unknown turn step \"" + a.what + "\"");
}

} // namespace

void add_turn(CLI::App& app, Run& run) {
    auto* cmd = app.add_subcommand(
        "turn",
        "The turn: phases, activation deck, initiative, moves, chance cards and wind.\n"
        "WHAT is one of:\n"
        "  status                    where the battle is and what comes next\n"
        "  options                   set the turn options (--activation, --assignment, --chance-cards, --wind, ...)\n"
        "  next                      the next phase (--observation SIDE for an extra General's card; --force)\n"
        "  draw                      draw an activation card\n"
        "  choose COMMANDER          the commander who uses a side's card (free choice, initiative)\n"
        "  order                     roll for initiative or move order (--second: the winner goes second;\n"
        "                            --first SIDE: that side goes first, no roll, where the rules allow;\n"
        "                            --observation SIDE / --no-observation SIDE: a side observes, or its\n"
        "                            observer on the table does not count)\n"
        "  done                      initiative: the active side has finished activating; side moves: the\n"
        "                            active side has finished the sub-phase\n"
        "  first                     side moves: the high roller chooses again to go first (--second: second)\n"
        "  moved UNIT                alternate or side moves: the unit moved (--stationary: it stands)\n"
        "  wind                      roll the wind chart (--from DIR if it picks up), or --set DIR --strength N\n"
        "  chance                    draw a chance card (--side SIDE to draw one that is not due)\n"
        "  deck                      the battle's chance deck: --export FILE or --import FILE");
    auto a = std::make_shared<TurnArgs>();
    cmd->add_option("battle", a->path, "Battle file or server address")->required();
    cmd->add_option("what", a->what, "What to do (see above)")
        ->required()
        ->check(CLI::IsMember({"status", "options", "next", "draw", "choose", "order", "done", "first", "moved",
                               "wind", "chance", "deck"}));
    cmd->add_option("name", a->name, "The commander (choose) or unit (moved)");
    add_json_flag(cmd, a->json);
    add_umpire_option(cmd, a->umpire);
    cmd->add_option("--dice", a->dice, "The real dice, e.g. 4,2 (else the app rolls)");
    add_seed_option(cmd, a->seed, "Seed for the app's dice and, with options, for the shuffles", 1);
    cmd->add_option("--observation", a->observation, "A side whose General observes 2+ formed enemy units");
    cmd->add_option("--no-observation", a->no_observation,
                    "order: a side whose observer on the table does not count (no signals team by the General)");
    cmd->add_flag("--force", a->force, "next: end the phase even though it is not finished; "
                                       "deck --export: replace an existing file");
    cmd->add_flag("--stationary", a->stationary, "The unit is declared stationary");
    cmd->add_flag("--second", a->second, "The winner of the order roll chooses to go second (order, first)");
    cmd->add_option("--activation", a->activation, "cards or initiative")->check(CLI::IsMember({"cards", "initiative"}));
    cmd->add_option("--assignment", a->assignment, "pre-assigned, free-choice or handicap")
        ->check(CLI::IsMember({"pre-assigned", "free-choice", "handicap"}));
    cmd->add_option("--handicapped-side", a->handicapped, "handicap: the side with pre-assigned cards");
    cmd->add_option("--chance-cards", a->chance, "on or off");
    cmd->add_option("--blanks", a->blanks, "Blank chance cards per colour (at least the set's cards)");
    cmd->add_option("--wind", a->wind, "on or off");
    cmd->add_option("--set", a->set_wind, "wind: the direction it blows from (N, NE, ..., none)");
    cmd->add_option("--strength", a->strength, "wind: 1 light, 2 moderate, 3 strong")->capture_default_str();
    cmd->add_option("--from", a->from, "wind: where it picks up from if it has never blown");
    cmd->add_option("--side", a->side, "chance: the side drawing");
    cmd->add_option("--first", a->first, "order: the side that goes first without a roll (the attacker)");
    cmd->add_option("--export", a->export_path, "deck: write the battle's chance deck to this file (- for standard output)");
    cmd->add_option("--import", a->import_path, "deck: make this deck file the battle's chance deck (- for standard input)");
    cmd->callback([a, &run] {
        run = [a] {
            const auto opened = open_battle_with_ruleset(a->path, a->umpire);
            store::BattleStore& file = *opened.store;
            const auto& ruleset = opened.ruleset;
            const turn::TurnRules rules = turn::turn_rules(*ruleset);
            if (a->what == "deck" && !a->export_path.empty() && !a->import_path.empty())
                throw rules::InputError("deck", "give --export FILE or --import FILE, not both");
            if (a->what == "deck" && !a->export_path.empty()) {
                refuse_two_on_standard_output(a->json, a->export_path);
                auto deck = turn::deck_for_battle(file.battle());
                if (!deck) throw rules::InputError("deck", "this battle has no chance deck");
                if (is_standard_stream(a->export_path))
                    std::cout << turn::write_chance_deck(*deck);
                else
                    write_output(a->export_path, turn::write_chance_deck(*deck), a->force);
                print_report(a->json, {{"output", a->export_path}, {"deck", deck->name}},
                             "Wrote " + (is_standard_stream(a->export_path) ? std::string("standard output") : a->export_path) +
                                 ": " + deck->name,
                             message_stream(a->export_path));
                return 0;
            }
            if (a->what != "status") {
                // The first `next` of a battle whose turn options were never set plays with the
                // ruleset's defaults, recorded as their own step (as the desk's F6 does) in the
                // same transaction as the phase: both are recorded, or neither.
                std::vector<store::Recording> steps;
                model::Battle before = file.battle();
                if (a->what == "next" && turn::turn_state(before).options.seed == 0) {
                    turn::TurnOptions defaults = turn::turn_state(before).options;
                    defaults.seed = a->seed ? a->seed : turn::fresh_seed();
                    const turn::TurnStep options = turn::configure(before, rules, defaults);
                    steps.push_back({options.request, options.resolution});
                    before.apply(options.resolution.effects);
                }
                const turn::TurnStep step = step_for(*a, before, rules);
                steps.push_back({step.request, step.resolution});
                const auto entry = file.record_all(steps).back();
                if (steps.size() == 2 && !a->json)
                    std::cout << steps.front().resolution.outcome << " (the defaults: `turn options` changes them)\n";
                if (a->json) {
                    auto j = rules::to_json(step.resolution);
                    j["journal_entry"] = entry;
                    j["status"] = turn::status_json(file.battle(), turn::turn_status(file.battle(), rules));
                    std::cout << j.dump(2) << "\n";
                    return 0;
                }
                print_resolution(std::cout, step.resolution, &before);
                std::cout << "\n";
            }
            const turn::TurnStatus st = turn::turn_status(file.battle(), rules);
            const std::vector<std::string> notes = ruleset->turn_notes(file.battle());
            if (a->json && a->what == "status") {
                nlohmann::json j = turn::status_json(file.battle(), st);
                j["notes"] = notes;
                std::cout << j.dump(2) << "\n";
            } else {
                print_status(std::cout, file.battle(), st);
                for (const std::string& note : notes) std::cout << note << "\n";
            }
            return 0;
        };
    });
}

} // namespace umpire::cli
