// The desk's turn operations: each asks the turn engine (core/turn) for a step and records it
// like an applied roll, so the journal, undo, the Result panel and Pending all treat a card draw
// or a wind roll the way they treat a shot. Nothing here knows a rule: the engine refuses what
// the rules do not allow, and the refusal becomes the desk's error().
#include "desk/desk.h"
#include "desk/guarded.h"
#include "desk/text.h"
#include "turn/compass.h"
#include "turn/fresh_seed.h"

#include <algorithm>

namespace umpire::desk {

namespace {
std::vector<int> sides_where(const std::map<int, bool>& said, bool value) {
    std::vector<int> out;
    for (const auto& [side, on] : said)
        if (on == value) out.push_back(side);
    return out;
}
} // namespace

turn::TurnStatus Desk::turn_status() const { return seen_turn_status(); }

std::shared_ptr<const turn::TurnStatus> Desk::shared_turn_status() const {
    static const auto not_started = std::make_shared<const turn::TurnStatus>();
    if (!turn_rules_) return not_started;
    seen_turn_status();  // brings the memory up to the last entry
    return turn_status_seen_->status;
}

const turn::TurnStatus& Desk::seen_turn_status() const {
    static const turn::TurnStatus not_started;
    if (!turn_rules_) return not_started;
    const std::int64_t last = store_->last_entry();
    if (turn_status_seen_ && turn_status_seen_->last_entry == last) return *turn_status_seen_->status;
    // What the units owe is brought up to date from the effects this desk wrote and noted; a last
    // entry it did not write (another umpire's, the battle read again) has every unit asked.
    if (owed_noted_to_ != last || !turn_status_seen_) owed_ledger_.note_everything();
    if (!turn_status_seen_) turn_status_seen_.emplace();
    // Worked out in place, never copied: a big battle's status lists what some 1,600 units owe.
    // Only one a frame still holds (shared_turn_status) is left as it is, and the new one starts
    // from a copy of it.
    TurnStatusSeen& seen = *turn_status_seen_;
    if (!seen.status)
        seen.status = std::make_shared<turn::TurnStatus>();
    else if (seen.status.use_count() > 1)
        seen.status = std::make_shared<turn::TurnStatus>(*seen.status);
    seen.last_entry = last;
    try {
        turn::update_turn_status(*seen.status, battle(), *turn_rules_, owed_ledger_);
    } catch (const std::exception&) {
        // a damaged turn text: the turn panel shows "not started" and the step says why
        *seen.status = turn::TurnStatus{};
    }
    try {
        seen.offers = turn::turn_offers(battle(), *turn_rules_, *seen.status);
    } catch (const std::exception&) {
        seen.offers.clear();  // as above: nothing offered but what the panel shows
    }
    return *seen.status;
}

const std::vector<turn::TurnOffer>& Desk::turn_offers() const {
    static const std::vector<turn::TurnOffer> none;
    if (!turn_rules_) return none;
    seen_turn_status();  // brings the memory up to the last entry
    return turn_status_seen_->offers;
}

bool Desk::take_turn(const turn::TurnCommand& command, std::optional<int> rise_direction) {
    if (command.kind == turn::StepKind::Wind) {
        if (!command.dice.empty()) dice_text_ = command.dice;
        return roll_wind(rise_direction);
    }
    if (command.kind == turn::StepKind::Next) return next_phase(command.force);
    if (command.kind == turn::StepKind::Order) {  // with the observation ticks, as the Turn panel's button
        if (!command.dice.empty()) dice_text_ = command.dice;
        return roll_order(!command.second);
    }
    const std::vector<int> sides = sides_where(observation_, true);
    if (turn::rolls_dice(command)) {
        if (!command.dice.empty()) dice_text_ = command.dice;
        return run_turn_with_dice([&](const model::Battle& b, const turn::TurnRules& r, dice::DiceSource& d) {
            return turn::take_turn_command(b, r, command, d, sides);
        });
    }
    return run_turn([&](const model::Battle& b, const turn::TurnRules& r) {
        // A step that rolls nothing is never given dice: the Dice field is left as it is.
        dice::TypedDice no_dice(std::vector<int>{});
        return turn::take_turn_command(b, r, command, no_dice, sides);
    });
}

turn::TurnOptions Desk::turn_options() const {
    try {
        return turn::turn_state(battle()).options;
    } catch (const std::exception&) {
        return {};
    }
}

void Desk::set_observation(int side, bool on) { observation_[side] = on; }

std::optional<turn::ChanceDeck> Desk::chance_deck() const {
    try {
        return turn::deck_for_battle(battle());
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

bool Desk::run_turn(const TurnOperation& operation) {
    return run_turn_steps([&](const model::Battle& b, const turn::TurnRules& r) {
        return std::vector<turn::TurnStep>{operation(b, r)};
    });
}

bool Desk::run_turn_steps(const TurnSteps& operation) {
    if (!turn_rules_) {
        error_ = "This ruleset has no turn sequence yet.";
        return false;
    }
    std::vector<turn::TurnStep> steps;
    std::vector<std::int64_t> entries;
    if (!guarded([&] {
            steps = operation(battle(), *turn_rules_);
            std::vector<store::Recording> recordings;
            for (const auto& s : steps) recordings.push_back({s.request, s.resolution});
            entries = store_->record_all(recordings);  // several steps: all recorded, or none
        }))
        return false;

    for (std::size_t i = 0; i < steps.size(); ++i) {
        note_effects(steps[i].resolution.effects, entries[i]);
        applied_[entries[i]] = settle_pending(steps[i].request, steps[i].resolution, entries[i]);
    }
    const turn::TurnStep* step = &steps.back();
    const std::int64_t entry = entries.back();
    rolled_ = Rolled{step->request, step->resolution, entry, {}, false};
    shown_entry_.reset();
    status_ = step->resolution.outcome + " (journal entry #" + std::to_string(entry) + ")";
    if (!step->resolution.follow_ups.empty()) status_ += " (see Pending)";
    dice_text_.clear();
    after_battle_changed();
    return true;
}

bool Desk::run_turn_with_dice(const DiceTurnOperation& operation) {
    std::unique_ptr<dice::DiceSource> source;
    if (!guarded([&] {
            const std::string typed = trim(dice_text_);
            if (typed.empty()) {
                source = dice_factory_();
            } else {
                auto values = dice::TypedDice::parse(typed);
                if (values.empty()) throw dice::DiceError("Type the dice as rolled, e.g. 4 2.");
                source = std::make_unique<dice::TypedDice>(std::move(values));
            }
        }))
        return false;
    return run_turn([&](const model::Battle& b, const turn::TurnRules& r) {
        turn::TurnStep step = operation(b, r, *source);
        source->finish();  // typed dice left over are an error: nothing is recorded
        return step;
    });
}

bool Desk::configure_turn(const turn::TurnOptions& options) {
    // Options set before turn 1 come without a seed (the panel has no field for it): the desk
    // picks one, as the first Next phase and the command line do, so the shuffles can be made.
    turn::TurnOptions seeded = options;
    if (seeded.seed == 0) seeded.seed = turn::fresh_seed();
    return run_turn([&](const model::Battle& b, const turn::TurnRules& r) { return turn::configure(b, r, seeded); });
}

bool Desk::take_owed(const turn::OwedItem& item) {
    if (!ruleset_->action(item.action)) {
        error_ = "The ruleset has no action \"" + item.action + "\".";
        return false;
    }
    if (!select_unit(item.unit) || !choose_action(item.action)) return false;
    status_ = "Owed: " + item.text;
    return true;
}

std::vector<turn::OwedItem> Desk::owed_apart_from_pending(const std::vector<turn::OwedItem>& owed) const {
    std::vector<turn::OwedItem> out;
    for (const turn::OwedItem& item : owed) {
        const bool pending = item.obligation && std::any_of(pending_.begin(), pending_.end(), [&](const PendingItem& p) {
                                 return p.follow_up.owed == item.obligation->id && p.follow_up.unit == item.unit;
                             });
        if (!pending) out.push_back(item);
    }
    return out;
}

bool Desk::next_phase(bool force) {
    // The first Next phase of a battle whose turn options were never set plays with the
    // ruleset's defaults: they are recorded first (a journal entry of their own, with a fresh
    // seed for the shuffles), in the same transaction as the phase, so starting the turn is one
    // key and a refused phase leaves no options behind.
    const std::vector<int> sides = sides_where(observation_, true);
    const bool done = run_turn_steps([&](const model::Battle& b, const turn::TurnRules& r) {
        std::vector<turn::TurnStep> steps;
        model::Battle after = b;
        if (turn::turn_state(b).options.seed == 0) {
            turn::TurnOptions defaults = turn::turn_state(b).options;
            defaults.seed = turn::fresh_seed();
            steps.push_back(turn::configure(b, r, defaults));
            after.apply(steps.back().resolution.effects);
        }
        steps.push_back(turn::next_phase(after, r, sides, force));
        return steps;
    });
    if (done) observation_.clear();  // the deck that took it is made
    return done;
}

bool Desk::draw_card() {
    return run_turn([](const model::Battle& b, const turn::TurnRules& r) { return turn::draw_card(b, r); });
}

bool Desk::choose_commander(int commander) {
    return run_turn([commander](const model::Battle& b, const turn::TurnRules& r) {
        return turn::choose_commander(b, r, commander);
    });
}

bool Desk::roll_order(bool winner_goes_first) {
    const std::vector<int> sides = sides_where(observation_, true);
    const std::vector<int> denied = sides_where(observation_, false);
    const bool done = run_turn_with_dice([&](const model::Battle& b, const turn::TurnRules& r, dice::DiceSource& d) {
        return turn::roll_order(b, r, d, sides, winner_goes_first, denied);
    });
    if (done) observation_.clear();  // it was for this roll: the next turn's is the table's again
    return done;
}

bool Desk::name_first(int side) {
    return run_turn([=](const model::Battle& b, const turn::TurnRules& r) { return turn::name_first(b, r, side); });
}

bool Desk::side_done() {
    return run_turn([](const model::Battle& b, const turn::TurnRules& r) { return turn::side_done(b, r); });
}

bool Desk::choose_first(bool winner_goes_first) {
    return run_turn([winner_goes_first](const model::Battle& b, const turn::TurnRules& r) {
        return turn::choose_first(b, r, winner_goes_first);
    });
}

bool Desk::unit_moved(int unit, bool stationary) {
    return run_turn([=](const model::Battle& b, const turn::TurnRules& r) {
        return turn::unit_moved(b, r, unit, stationary);
    });
}

bool Desk::roll_wind(std::optional<int> rise_direction) {
    return run_turn_with_dice([&](const model::Battle& b, const turn::TurnRules& r, dice::DiceSource& d) {
        return turn::roll_wind(b, r, d, rise_direction);
    });
}

bool Desk::set_wind(int direction, int strength) {
    return run_turn([=](const model::Battle& b, const turn::TurnRules& r) {
        return turn::set_wind(b, r, direction, strength);
    });
}

bool Desk::draw_chance(int side) {
    return run_turn([side](const model::Battle& b, const turn::TurnRules& r) { return turn::draw_chance(b, r, side); });
}

bool Desk::set_chance_deck(const turn::ChanceDeck& deck) {
    return run_turn([&](const model::Battle& b, const turn::TurnRules& r) { return turn::set_chance_deck(b, r, deck); });
}

void Desk::refresh_table_state() {
    if (!turn_rules_) return;
    const turn::TurnStatus& st = seen_turn_status();
    TableState t;
    if (st.started) t.phase = st.phase_name;  // the player view shows the turn number itself
    if (st.current) t.card_drawn = turn::card_label(battle(), *st.current);
    if (st.chance_card) {
        t.chance_card = st.chance_card->title;
        t.chance_text = st.chance_card->text;
    }
    if (st.wind_in_use) t.wind = st.wind_label;
    table_state_ = std::move(t);
}

} // namespace umpire::desk
