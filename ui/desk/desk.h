#pragma once
// The umpire's desk: everything the GUI shows and changes, with no drawing in it.
//
// One Desk holds one open battle (a battle file, or a battle on a server) and the ruleset built for it, the selected unit, the
// action being resolved and the form's raw values, the live preview, the last roll, the
// follow-ups still to resolve, and the last error. Every operation either succeeds or leaves
// the state as it was and puts a message in error(): bad input, bad dice and refused store
// writes never change the battle. Rules are asked, never computed here: defaults come from
// Ruleset::defaults, previews from Ruleset::preview, results from Ruleset::resolve.
#include "desk/journal_window.h"
#include "desk/table_state.h"
#include "dice/dice_source.h"
#include "model/battle.h"
#include "rules/action_spec.h"
#include "rules/request.h"
#include "rules/resolution.h"
#include "rules/ruleset.h"
#include "store/battle_file.h"
#include "turn/chance_deck.h"
#include "turn/turn_commands.h"
#include "turn/turn_engine.h"
#include "turn/turn_rules.h"

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace umpire::desk {

// A roll the ruleset obliged the umpire to make next ("rally: shaken and took casualties"), and
// the journal entry whose resolution asked for it.
using PendingItem = store::OpenFollowUp;
// Whether two follow-ups ask the same thing of the same unit for the same reason.
inline bool same_follow_up(const rules::FollowUp& a, const rules::FollowUp& b) {
    return a.action == b.action && a.unit == b.unit && a.reason == b.reason;
}
// Whether two Pending items are the one item: the same follow-up raised by the same entry.
inline bool same_item(const PendingItem& a, const PendingItem& b) {
    return a.raised_by == b.raised_by && same_follow_up(a.follow_up, b.follow_up);
}
// The journal's action id for a follow-up the umpire dismissed without resolving it.
using store::kDismissAction;

// The last thing rolled: shown in the Result panel until the next roll.
struct Rolled {
    rules::ActionRequest request;
    rules::Resolution resolution;
    std::optional<std::int64_t> entry;  // set once applied: the journal entry it became
    std::vector<int> dice;              // every die it used, in order: the same again once a choice is made
    bool typed = false;                 // the umpire's dice, not the app's
    bool applied() const { return entry.has_value(); }
};

// The working stored with a journal entry, read back for the Result panel: dice, steps,
// outcome, effects and follow-ups. Fields an older or foreign payload lacks stay empty.
rules::Resolution resolution_of(const store::JournalEntry& entry);

class Desk {
public:
    using DiceFactory = std::function<std::unique_ptr<dice::DiceSource>()>;

    // Takes an open battle and builds its ruleset (with the battle's house rules).
    // Throws what rulesets::make throws for an unknown ruleset or bad house rules.
    explicit Desk(std::unique_ptr<store::BattleStore> store);
    explicit Desk(store::BattleFile file);
    // Opens the battle `where` names: a battle file's path, or a battle on a server
    // (postgresql://USER@HOST:PORT/DB?battle=NAME; store::open_store picks).
    // With `check_later`, the whole file is checked by check_file() (the window does it after its
    // first frame): until then the desk shows the state and the lines it has read, each checked as
    // read, and makes no write (a write checks the file first).
    // `verified_files` is the memory of files checked whole (store::OpenOptions::verified_files).
    // `umpire` is who applies this desk's entries, recorded with each on a server ("": the login name).
    static Desk open(const std::string& where, bool check_later = false, const std::string& verified_files = {},
                     const std::string& umpire = {});
    // Creates a new battle file from a roster file's text (the ruleset named in the roster
    // checks its values). Throws roster::RosterError, store::StoreError, ...
    static Desk create_from_roster(const std::string& battle_path, std::string_view roster_text,
                                   const std::string& roster_name);

    // ---- The battle -------------------------------------------------------------------------
    const model::Battle& battle() const;
    const rules::Ruleset& ruleset() const;
    const std::string& path() const;
    // What the desk was opened with, a password in it kept (path() drops it): for the desk's own
    // further connections to the battle (the phones' pages follow it by this), never shown.
    const std::string& connection() const { return connection_.empty() ? path() : connection_; }
    // Whether the battle is on a server (several umpires at once), not in a file.
    bool on_server() const;
    // What a message about the store starts with: "Server: " or "Battle file: ".
    std::string store_label() const { return on_server() ? "Server: " : "Battle file: "; }
    // Who applies this desk's entries on a server ("" for a file, which does not record it).
    const std::string& umpire() const { return store_->umpire(); }
    // The journal's newest lines, oldest first, without their payloads (request, resolution,
    // effects): a page of them read at opening (never the whole journal: opening a battle of
    // 20,000 entries reads what it reads at none), then every line added since, read alone, so
    // Apply, Undo and Redo cost the same however long the journal is. entry() reads one whole entry.
    const std::vector<store::JournalLine>& journal() const { return journal_.lines(); }
    // What the Journal panel lists: the lines the filter lets through, the newest first read, and
    // older pages as the panel asks for them (read_older_journal). Without a filter, journal().
    const JournalWindow& journal_view() const { return view_ ? *view_ : journal_; }
    // A new filter reads the newest page of what it lets through, in SQL; the same filter again
    // reads nothing. False, with error(), when the file cannot be read.
    bool set_journal_filter(const store::LineFilter& filter);
    // The page of the view before the oldest line it holds (nothing when it is complete).
    void read_older_journal();
    // Every whole entry, read from the file now (the after-action report; slow on a long journal).
    std::vector<store::JournalEntry> whole_journal() const { return store_->journal(); }
    // The battle and every whole entry read from the file as one moment (the after-action report):
    // another program's write can fall before both or after both, never between.
    void read_whole(const std::function<void(const model::Battle&, const std::vector<store::JournalEntry>&)>& use);

    // Damage found in the file (its checksums): the desk shows the battle but changes nothing.
    bool read_only() const { return store_->read_only(); }
    const std::string& damage() const { return store_->damage(); }
    // Why the desk changes nothing ("" when it may): damage, or another reason (the file replaced).
    std::string read_only_reason() const { return store_->read_only_reason(); }
    // Checks the whole file once, if opening put it off: damage found makes the desk read-only and
    // its damaged journal lines say so. Returns whether it checked now.
    bool check_file();
    bool file_checked() const { return store_->verified(); }

    // ---- Another program's changes (desk_watch.cpp) ------------------------------------------
    // Looks whether another program (or umpire) has written to the battle, at most once per
    // kWatchInterval unless the window just got the focus, and if so reads it again
    // (reload_if_changed). The look never waits: on a server it takes the notices already come.
    // A server found out of reach is tried again every kRetryInterval, each try beside the window
    // (its connection may take seconds); until it is back, unreachable() says so and nothing is
    // applied.
    static constexpr std::chrono::milliseconds kWatchInterval{1000};
    static constexpr std::chrono::milliseconds kRetryInterval{3000};
    bool watch_file(std::chrono::steady_clock::time_point now, bool focus_gained = false);
    // Why nothing can be applied now for want of the server ("" while it is there): the line the
    // status bar shows, and what went wrong, in the server's words.
    std::string unreachable() const;
    std::string unreachable_reason() const;
    // Reads the battle and journal again when another program has changed the file: the status
    // line names the new entries, Pending is rebuilt from the journal, and a roll not yet applied
    // is dropped. Returns whether anything changed. Known: read without looking first (a write
    // refused as stale; a server just reached again, whose notices sent meanwhile are lost).
    enum class Known { No, Changed, ServerBack };
    bool reload_if_changed(Known known = Known::No);

    // ---- Selection --------------------------------------------------------------------------
    std::optional<int> unit() const { return unit_; }
    const model::Unit* selected_unit() const;
    bool select_unit(int id);
    bool select_unit(std::string_view name);  // Battle::find_unit rules: exact, then prefix
    void clear_unit();

    std::optional<int> target() const { return target_; }
    const model::Unit* target_unit() const;
    bool set_target(std::optional<int> id);
    // Units that may be picked as the action's target, as the ruleset answers for the chosen
    // action and the selected unit (Ruleset::target_candidates; no action: rules::enemy_targets).
    std::vector<const model::Unit*> target_candidates() const;

    const rules::ActionSpec* action() const;
    bool choose_action(std::string_view id);

    // ---- The form ---------------------------------------------------------------------------
    // The raw text of one input: what the umpire typed, else the ruleset's default for the
    // selected unit and target, else "".
    std::string value(const std::string& input) const;
    bool edited(const std::string& input) const { return edits_.count(input) > 0; }
    // Whether the selected unit and target give the input a value (the ruleset's defaults).
    bool has_default(const std::string& input) const { return defaults_.count(input) > 0; }
    void set_value(const std::string& input, std::string text);
    // Modifiers inputs hold a comma-separated list of choice ids.
    bool modifier_on(const std::string& input, const std::string& choice) const;
    void set_modifier(const std::string& input, const std::string& choice, bool on);
    // Forgets the umpire's edits: every input goes back to its default.
    void reset_form();
    // The request the form describes right now.
    rules::ActionRequest request() const;

    // What the rules refuse about the form's action (a second volley, a move without an order),
    // found by the preview: the rule and its citation. The umpire may overrule it on purpose,
    // giving a reason: the request then carries it, and it is journaled and shown in the working.
    struct Refusal {
        std::string rule;
        std::string citation;
    };
    const std::optional<Refusal>& refusal() const { return refusal_; }
    const std::string& overrule() const { return overrule_; }
    void set_overrule(std::string reason);

    // Real dice typed by the umpire ("6 5 5 2 1"); blank means the app rolls.
    const std::string& dice_text() const { return dice_text_; }
    void set_dice_text(std::string text);

    // ---- Preview ----------------------------------------------------------------------------
    // Recomputed whenever the form changes. When the form is not complete yet the preview is
    // empty and preview_error() says what is missing; that is not an error() of the desk.
    const std::optional<rules::Resolution>& preview() const { return preview_; }
    const std::string& preview_error() const { return preview_error_; }
    // Whether preview_error() is only a value not typed yet in a field the umpire has not touched,
    // and he has not tried to roll or apply since the form was set: a form just opened (or
    // cleared by an apply) waits for its values without a warning. The field's name, to say so.
    bool preview_waiting() const;
    std::string waiting_for() const;

    // ---- Rolling and applying ---------------------------------------------------------------
    // Rolls the typed dice when dice_text() is not blank, the app's dice otherwise.
    bool roll();
    bool roll_app_dice();
    bool roll_typed(std::string_view text);
    const std::optional<Rolled>& rolled() const { return rolled_; }
    bool can_apply() const { return rolled_ && !rolled_->applied() && !rolled_->resolution.question; }
    // The choice the rules leave the player that the roll (or, before it, the form) asks, if any.
    const rules::Question* question() const;
    // Makes it with the question's option `index`: the form takes it and a roll that asked is
    // resolved again with the same dice (any more it needs rolled as the first were).
    bool answer(std::size_t index);
    // Records the roll (effects + journal entry in one transaction); its follow-ups go to
    // pending(). The form returns to the defaults, which now reflect the new state. On a battle
    // several umpires run, a roll for a unit in another umpire's sector is refused with a question
    // (error() says whose): applying it again confirms, and the journal says so.
    bool apply();
    // Drops a roll that was not applied; with nothing to drop, clears the typed dice.
    void cancel();

    // Records a roster edit that `make` builds from the battle and ruleset (core/roster/edit.h):
    // journalled like a roll, so undo, redo and reopening all see it. A refused edit (the
    // InputError `make` throws) becomes error() and changes nothing.
    using RosterEdit = std::function<rules::Resolution(const model::Battle&, const rules::Ruleset&)>;
    bool edit_roster(const RosterEdit& make);

    bool can_undo() const;
    bool can_redo() const;
    bool undo();
    bool redo();

    // ---- Looking back ------------------------------------------------------------------------
    // A journal entry the umpire picked to look at again; cleared by the next roll.
    std::optional<std::int64_t> shown_entry() const { return shown_entry_; }
    void show_entry(std::optional<std::int64_t> id) { shown_entry_ = id; }
    // One whole entry, `undone` as it stands (kept until the journal changes); nullptr when there
    // is no such entry or its row does not read.
    const store::JournalEntry* entry(std::int64_t id) const;
    // The line of entry `id`, or nullptr.
    const store::JournalLine* line(std::int64_t id) const;

    // ---- Follow-ups -------------------------------------------------------------------------
    const std::vector<PendingItem>& pending() const { return pending_; }
    // Selects the item's unit and action; applying that action clears the item.
    bool take_pending(std::size_t index);
    void dismiss_pending(std::size_t index);
    // The pending item being resolved now, if any.
    std::optional<std::size_t> active_pending() const;
    // Follow-ups whose unit can no longer do them (it has routed since: Ruleset::unit_unable),
    // with the reason: out of pending(), shown apart. Worked out again after every change, so an
    // undo that brings the unit back brings its follow-up back too.
    struct Dropped {
        PendingItem item;
        std::string reason;
    };
    const std::vector<Dropped>& dropped_pending() const { return dropped_; }

    // ---- Messages ---------------------------------------------------------------------------
    const std::string& error() const { return error_; }
    void clear_error() { error_.clear(); }
    // One line about the last thing that happened: "Applied #4: 3 hits on 2nd Sikhs".
    const std::string& status() const { return status_; }
    void set_status(std::string status) { status_ = std::move(status); }

    // The app's dice: RandomDice seeded from the clock unless replaced (tests, replays).
    void set_dice_factory(DiceFactory factory);

    // ---- The turn (desk_turn.cpp) -------------------------------------------------------------
    // Every step is the turn engine's (core/turn) resolution, recorded like an applied roll: it
    // is in the journal, Ctrl+Z undoes it, its working shows in the Result panel, and a chance
    // card that needs dice or a unit goes to Pending. A refused step (the deck is empty, a roll
    // is due first) becomes error() and changes nothing.
    bool has_turn() const { return turn_rules_.has_value(); }
    const turn::TurnRules* turn_rules() const { return turn_rules_ ? &*turn_rules_ : nullptr; }
    // Where the battle is in its turn; a default (not started) status without turn rules.
    turn::TurnStatus turn_status() const;
    // The same, shared rather than copied (a big battle's lists what some 1,600 units owe): what a
    // frame's panels hold while they draw. A change meanwhile works out a new one and leaves this
    // one as it was.
    std::shared_ptr<const turn::TurnStatus> shared_turn_status() const;
    turn::TurnOptions turn_options() const;
    // The umpire's word on observation, side by side: true, the side observes (its General sees 2+
    // formed enemy units; an observer with signals by the General); false, an observer of its on
    // the table does not count (no signals team by the General). Sides not named follow the table.
    // The next order roll or card deck takes them, and they are cleared once it is made.
    const std::map<int, bool>& observation() const { return observation_; }
    void set_observation(int side, bool on);
    void clear_observation() { observation_.clear(); }

    bool configure_turn(const turn::TurnOptions& options);
    bool next_phase(bool force = false);
    // What a unit owes (turn status `owed`): selects the unit and the action that pays it, so the
    // form is one key or click away.
    bool take_owed(const turn::OwedItem& item);
    // What the units owe that Pending does not already list as a follow-up (a rally test raised by
    // a hit is both owed and pending: one item, shown once, in Pending).
    std::vector<turn::OwedItem> owed_apart_from_pending(const std::vector<turn::OwedItem>& owed) const;
    bool draw_card();
    bool choose_commander(int commander);
    // Rolls with the typed dice when the Dice field holds some, the app's dice otherwise.
    bool roll_order(bool winner_goes_first = true);
    // The order named without dice where the rules allow it (the attacker first).
    bool name_first(int side);
    bool side_done();
    // Side moves: the high roller chooses again who goes first in this step.
    bool choose_first(bool winner_goes_first);
    bool unit_moved(int unit, bool stationary);
    bool roll_wind(std::optional<int> rise_direction = std::nullopt);
    bool set_wind(int direction, int strength);
    bool draw_chance(int side = 0);
    bool set_chance_deck(const turn::ChanceDeck& deck);
    // Every step the turn offers now (turn/turn_commands.h), worked out once per journal entry:
    // Ctrl+K lists them and the command line's `turn ...` takes them.
    const std::vector<turn::TurnOffer>& turn_offers() const;
    // Takes one (an order or wind roll with the dice the command names, else the Dice field's,
    // else the app's; the wind picking up from `rise_direction` if it never blew).
    bool take_turn(const turn::TurnCommand& command, std::optional<int> rise_direction = std::nullopt);
    // The deck the battle plays with (its own, else the ruleset's); nullopt when there is none.
    std::optional<turn::ChanceDeck> chance_deck() const;

    // ---- What the table sees ----------------------------------------------------------------
    // The slots the player view shows (phase, card drawn, chance card, wind), from the turn
    // state after every change. set_table_state overrides them until the next change.
    const TableState& table_state() const { return table_state_; }
    void set_table_state(TableState state) { table_state_ = std::move(state); }

private:
    template <typename F> bool guarded(F&& f);
    void refresh_defaults();
    // What the unit is offered when the umpire picks it (desk_suggest.cpp): the action it took
    // last this turn, else the current phase's first action it can take; "" for no change.
    std::string suggested_action(int unit) const;
    void clear_edits();  // the umpire's typed values and overrule
    void refresh_preview();
    void refresh_journal();
    void mark_damaged_lines();
    void restore_pending();
    void erase_pending(const std::function<bool(const PendingItem&)>& which);  // from Pending and the dropped alike
    void add_pending(PendingItem item);
    // Sorts Pending and the dropped again after a change (desk_pending_sort.cpp): only the items
    // the change can have moved are asked about (units_changed_, sort_all_pending_), the others keep their place.
    void drop_void_pending();
    // What the next drop_void_pending asks the rules about again: the items of the units that the
    // effects written since touch, or whose items came or went, and every item without a unit;
    // every item after a change to anything but units (a commander, a side, the battle, a unit
    // added or removed) or a Pending read again from the journal. A follow-up's verdict depends on
    // the battle only through its unit (Ruleset::follow_up_void), and an item is superseded only
    // by one of the same unit, so the others cannot have changed.
    // The same effects go to the turn status's owed ledger (turn/owed_ledger.h), with the entry
    // they wrote: a status worked out at another last entry than the last noted asks every unit.
    void note_effects(const std::vector<model::Effect>& effects, std::int64_t entry);
    void note_pending_changed(const PendingItem& item);
    void after_battle_changed();
    bool roll_with(dice::DiceSource& dice, bool typed = false);
    using TurnOperation = std::function<turn::TurnStep(const model::Battle&, const turn::TurnRules&)>;
    using DiceTurnOperation =
        std::function<turn::TurnStep(const model::Battle&, const turn::TurnRules&, dice::DiceSource&)>;
    bool run_turn(const TurnOperation& operation);
    using TurnSteps = std::function<std::vector<turn::TurnStep>(const model::Battle&, const turn::TurnRules&)>;
    bool run_turn_steps(const TurnSteps& operation);
    bool run_turn_with_dice(const DiceTurnOperation& operation);
    void refresh_table_state();
    std::string unit_name(std::optional<int> id) const;
    std::string action_name(const std::string& id) const;  // "Rally" for "rally"; the id when unknown

    std::unique_ptr<store::BattleStore> store_;
    std::string connection_;  // the address opened, password and all ("" for a file made here)
    std::unique_ptr<rules::Ruleset> ruleset_;
    JournalWindow journal_;              // the newest lines, unfiltered
    std::optional<JournalWindow> view_;  // the Journal panel's, when it filters
    mutable std::optional<store::JournalEntry> entry_read_;  // the last entry() read

    std::optional<int> unit_;
    std::optional<int> target_;
    std::string action_;
    bool action_from_follow_up_ = false;  // chosen by take_pending, not by the umpire
    std::map<std::string, std::string> defaults_;
    std::map<std::string, std::string> edits_;
    std::string overrule_;
    std::string dice_text_;

    std::optional<rules::Resolution> preview_;
    std::string preview_error_;
    std::string preview_missing_;  // the input the preview lacks a value for, if that is all
    bool tried_ = false;           // a roll or an apply was asked for since the form was set
    std::optional<Refusal> refusal_;
    std::optional<Rolled> rolled_;
    std::optional<std::int64_t> shown_entry_;

    std::vector<PendingItem> pending_;
    std::vector<Dropped> dropped_;
    std::string last_dropped_;  // the follow-ups the last sorting dropped, in words
    std::optional<PendingItem> taking_;  // the pending item being resolved
    std::set<int> units_changed_;        // since the last sorting (note_effects)
    bool sort_all_pending_ = true;       // every item to be asked about again
    // Session history so undo/redo keep Pending in step with the journal.
    struct Applied {
        std::vector<PendingItem> raised;
        std::optional<PendingItem> resolved;
    };
    std::map<std::int64_t, Applied> applied_;
    Applied settle_pending(const rules::ActionRequest& request, const rules::Resolution& resolution, std::int64_t entry);

    std::string error_;
    std::string status_;
    // The unit whose action was refused as another umpire's sector's: the next action for it
    // confirms acting there (store::OtherSectorError, ActionRequest::in_sector_of).
    struct SectorAsked {
        int unit = 0;
        std::string owner;
    };
    std::optional<SectorAsked> sector_asked_;
    // Marks `request` as confirmed in another's sector when the umpire was just asked about its unit.
    void confirm_sector(rules::ActionRequest& request, const rules::Resolution& resolution) const;
    DiceFactory dice_factory_;
    TableState table_state_;
    std::optional<turn::TurnRules> turn_rules_;  // none for a ruleset without a [turn] table
    // The turn status is worked out from the turn state's JSON, which changes only with the
    // journal: once per last journal entry (every change to the battle adds one), not per frame.
    struct TurnStatusSeen {
        std::int64_t last_entry = 0;
        std::shared_ptr<turn::TurnStatus> status;  // never null once worked out
        std::vector<turn::TurnOffer> offers;
    };
    mutable std::optional<TurnStatusSeen> turn_status_seen_;
    // What the units owe, brought up to date from the effects noted (note_effects) up to entry
    // owed_noted_to_, rather than asked of all of them after every change.
    mutable turn::OwedLedger owed_ledger_;
    std::int64_t owed_noted_to_ = -1;
    // turn_status() as remembered, without a copy (valid until the next change to the battle).
    const turn::TurnStatus& seen_turn_status() const;
    std::map<int, bool> observation_;
    std::chrono::steady_clock::time_point last_watch_{};
    std::chrono::steady_clock::time_point last_reach_{};  // the last try to reach a lost server
};

} // namespace umpire::desk
