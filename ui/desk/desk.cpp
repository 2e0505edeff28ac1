// The desk's operations. Each one that can fail runs through guarded(): the error becomes a
// message and nothing the desk shows or the file holds changes.
//
// [SECTION] Helpers and the stored-working reader
// [SECTION] Opening
// [SECTION] Selection
// [SECTION] The form
// [SECTION] Preview
// [SECTION] Rolling and applying
// [SECTION] Follow-ups
#include "desk/desk.h"
#include "desk/guarded.h"
#include "desk/text.h"
#include "desk/view_settings.h"

#include "roster/checks.h"
#include "roster/roster.h"
#include "rules/dice_needed.h"
#include "rules/inputs.h"
#include "store/backends.h"
#include "store/follow_up_answers.h"
#include "rulesets/registry.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <memory>
#include <random>
#include <stdexcept>
#include <utility>

namespace umpire::desk {

//-----------------------------------------------------------------------------
// [SECTION] Helpers and the stored-working reader
//-----------------------------------------------------------------------------

namespace {

// "Undo: 2nd Sikhs shoot" as the status says it: "Undone: 2nd Sikhs shoot", not "Undone: Undo: ...".
std::string without_prefix(const std::string& text, std::string_view prefix) {
    return text.rfind(prefix, 0) == 0 ? text.substr(prefix.size()) : text;
}


std::vector<std::string> split_list(std::string_view text) {
    std::vector<std::string> items;
    std::size_t start = 0;
    while (start <= text.size()) {
        const auto comma = text.find(',', start);
        const auto end = comma == std::string_view::npos ? text.size() : comma;
        auto item = trim(text.substr(start, end - start));
        if (!item.empty()) items.push_back(std::move(item));
        if (comma == std::string_view::npos) break;
        start = comma + 1;
    }
    return items;
}

std::string join_list(const std::vector<std::string>& items) {
    std::string out;
    for (const auto& item : items) {
        if (!out.empty()) out += ',';
        out += item;
    }
    return out;
}

std::unique_ptr<dice::DiceSource> clock_dice() {
    const auto now = static_cast<std::uint64_t>(
        std::chrono::system_clock::now().time_since_epoch().count());
    std::random_device device;
    const std::uint64_t extra = (static_cast<std::uint64_t>(device()) << 32) ^ device();
    return std::make_unique<dice::RandomDice>(now ^ extra);
}

template <typename T> T field(const nlohmann::json& j, const char* key, T fallback) {
    if (!j.is_object() || !j.contains(key)) return fallback;
    try {
        return j.at(key).get<T>();
    } catch (const nlohmann::json::exception&) {
        return fallback;
    }
}

} // namespace

rules::Resolution resolution_of(const store::JournalEntry& entry) {
    // core has no reader for a stored Resolution (rules::to_json has no inverse), so the few
    // fields the panel shows are read here, defensively: display only, never fed to rules.
    rules::Resolution r;
    const nlohmann::json& j = entry.resolution;
    r.action = entry.action;
    r.unit = entry.unit;
    r.target = entry.target;
    r.rolled = true;
    r.outcome = field<std::string>(j, "outcome", entry.summary);
    if (j.is_object() && j.contains("dice") && j["dice"].is_array())
        for (const auto& g : j["dice"]) {
            rules::DiceGroup group;
            group.label = field<std::string>(g, "label", "");
            group.values = field<std::vector<int>>(g, "values", {});
            group.modifier = field<int>(g, "modifier", 0);
            group.success_on = field<int>(g, "success_on", 0);
            r.dice.push_back(std::move(group));
        }
    if (r.dice.empty() && !entry.dice.empty()) r.dice.push_back({"Dice", entry.dice, 0, 0});
    if (j.is_object() && j.contains("steps") && j["steps"].is_array())
        for (const auto& s : j["steps"])
            r.steps.push_back({field<std::string>(s, "text", ""), field<std::string>(s, "citation", "")});
    if (j.is_object() && j.contains("follow_ups") && j["follow_ups"].is_array())
        for (const auto& f : j["follow_ups"]) {
            rules::FollowUp fu;
            fu.action = field<std::string>(f, "action", "");
            if (f.is_object() && f.contains("unit") && f["unit"].is_number_integer()) fu.unit = f["unit"].get<int>();
            fu.reason = field<std::string>(f, "reason", "");
            fu.citation = field<std::string>(f, "citation", "");
            fu.values = field<std::map<std::string, std::string>>(f, "values", {});
            r.follow_ups.push_back(std::move(fu));
        }
    r.effects = entry.effects;
    return r;
}

//-----------------------------------------------------------------------------
// [SECTION] Opening
//-----------------------------------------------------------------------------

Desk::Desk(store::BattleFile file) : Desk(std::make_unique<store::BattleFile>(std::move(file))) {}

Desk::Desk(std::unique_ptr<store::BattleStore> store)
    : store_(std::move(store)),
      ruleset_(rulesets::make(store_->battle().ruleset, store_->battle().house_rules)),
      dice_factory_(clock_dice) {
    try {
        turn_rules_ = turn::turn_rules(*ruleset_);
    } catch (const std::exception&) {
        turn_rules_.reset();  // the ruleset has no turn sequence yet: the turn panel says so
    }
    try {
        journal_ = JournalWindow(*store_, {});
    } catch (const std::exception& e) {
        error_ = store_label() + e.what();
    }
    restore_pending();
    refresh_table_state();
}

Desk Desk::open(const std::string& where, bool check_later, const std::string& verified_files,
                const std::string& umpire) {
    store::OpenOptions options;
    options.defer_verification = check_later;
    options.verified_files = verified_files;
    options.umpire = umpire.empty() ? umpire_name({}) : umpire;
    Desk desk(store::open_store(where, options));
    desk.connection_ = where;
    return desk;
}

Desk Desk::create_from_roster(const std::string& battle_path, std::string_view roster_text,
                              const std::string& roster_name) {
    // Every unit value is checked against the ruleset the roster's header names, as it is read,
    // so a typo is reported with its line and column.
    std::unique_ptr<rules::Ruleset> ruleset;
    const model::Battle battle = roster::parse_roster_checked(roster_text, roster_name, [&](const model::Battle& header) {
        ruleset = rulesets::make(header.ruleset, header.house_rules);
        return roster::checks_for(*ruleset);
    });
    return Desk(store::BattleFile::create(battle_path, battle));
}

const model::Battle& Desk::battle() const { return store_->battle(); }
const rules::Ruleset& Desk::ruleset() const { return *ruleset_; }
const std::string& Desk::path() const { return store_->path(); }
bool Desk::on_server() const { return store::is_server_address(store_->path()); }

//-----------------------------------------------------------------------------
// [SECTION] Selection
//-----------------------------------------------------------------------------

const model::Unit* Desk::selected_unit() const {
    return unit_ ? battle().unit(*unit_) : nullptr;
}

const model::Unit* Desk::target_unit() const {
    return target_ ? battle().unit(*target_) : nullptr;
}

bool Desk::select_unit(int id) {
    const model::Unit* u = battle().unit(id);
    if (!u) {
        error_ = "No unit with id " + std::to_string(id) + ".";
        return false;
    }
    const bool other_unit = unit_ != id;
    if (other_unit) clear_edits();  // typed values belonged to the previous unit
    unit_ = id;
    // The action follows the unit: what it did last this turn, else what the phase asks of it;
    // never a follow-up roll that was another unit's.
    // A follow-up that names no unit (a chance card's) waits for the unit the umpire picks.
    const bool follow_up_for_any_unit = action_from_follow_up_ && taking_ && !taking_->follow_up.unit;
    if (other_unit && !follow_up_for_any_unit) {
        if (std::string suggested = suggested_action(id); !suggested.empty()) {
            action_ = std::move(suggested);
            action_from_follow_up_ = false;
        } else if (action_from_follow_up_) {
            action_.clear();
            action_from_follow_up_ = false;
        }
    }
    if (target_) {
        const model::Unit* t = battle().unit(*target_);
        if (!t || *target_ == id || t->side == u->side) target_.reset();
    }
    if (action_.empty()) {
        for (const auto& spec : ruleset_->actions())
            if (spec.needs_unit) {
                action_ = spec.id;
                break;
            }
    }
    if (rolled_ && !rolled_->applied()) rolled_.reset();
    error_.clear();
    refresh_defaults();
    return true;
}

bool Desk::select_unit(std::string_view name) {
    const model::Unit* u = battle().find_unit(name);
    if (!u) {
        error_ = "No unit called \"" + std::string(name) + "\" (or the name is ambiguous).";
        return false;
    }
    return select_unit(u->id);
}

void Desk::clear_unit() {
    unit_.reset();
    clear_edits();
    refresh_defaults();
}

bool Desk::set_target(std::optional<int> id) {
    if (id && !battle().unit(*id)) {
        error_ = "No unit with id " + std::to_string(*id) + ".";
        return false;
    }
    if (target_ == id) return true;
    target_ = id;
    if (rolled_ && !rolled_->applied()) rolled_.reset();
    error_.clear();
    refresh_defaults();
    return true;
}

std::vector<const model::Unit*> Desk::target_candidates() const {
    // The ruleset decides (a draft names a friendly gun, a claim an abandoned one); with no
    // action chosen yet, the common rule of core.
    const std::optional<int> acting = selected_unit() ? unit_ : std::nullopt;
    const rules::ActionSpec* spec = action();
    const std::vector<int> ids = spec ? ruleset_->target_candidates(*spec, battle(), acting)
                                      : rules::enemy_targets(battle(), acting);
    std::vector<const model::Unit*> out;
    for (int id : ids)
        if (const model::Unit* u = battle().unit(id)) out.push_back(u);
    return out;
}

const rules::ActionSpec* Desk::action() const {
    return action_.empty() ? nullptr : ruleset_->action(action_);
}

bool Desk::choose_action(std::string_view id) {
    if (!ruleset_->action(id)) {
        std::string known;
        for (const auto& spec : ruleset_->actions()) known += (known.empty() ? "" : ", ") + spec.id;
        error_ = "No action \"" + std::string(id) + "\" in " + std::string(ruleset_->name()) +
                 " (known: " + known + ").";
        return false;
    }
    action_from_follow_up_ = false;
    if (action_ != id) {
        action_ = std::string(id);
        clear_edits();
        if (rolled_ && !rolled_->applied()) rolled_.reset();
    }
    error_.clear();
    refresh_defaults();
    return true;
}

//-----------------------------------------------------------------------------
// [SECTION] The form
//-----------------------------------------------------------------------------

std::string Desk::value(const std::string& input) const {
    if (auto it = edits_.find(input); it != edits_.end()) return it->second;
    if (auto it = defaults_.find(input); it != defaults_.end()) return it->second;
    return {};
}

void Desk::set_value(const std::string& input, std::string text) {
    if (value(input) == text && edited(input)) return;
    edits_[input] = std::move(text);
    if (rolled_ && !rolled_->applied()) rolled_.reset();  // that roll was for other inputs
    refresh_preview();
}

bool Desk::modifier_on(const std::string& input, const std::string& choice) const {
    const auto items = split_list(value(input));
    return std::find(items.begin(), items.end(), choice) != items.end();
}

void Desk::set_modifier(const std::string& input, const std::string& choice, bool on) {
    auto items = split_list(value(input));
    const auto it = std::find(items.begin(), items.end(), choice);
    if (on == (it != items.end())) return;
    if (on) {
        items.push_back(choice);
        // Keep the declaration's order so the request reads the same however it was ticked.
        if (const rules::ActionSpec* spec = action())
            if (const rules::InputSpec* in = spec->input(input)) {
                std::vector<std::string> ordered;
                for (const auto& c : in->choices)
                    if (std::find(items.begin(), items.end(), c.id) != items.end())
                        ordered.push_back(c.id);
                for (const auto& item : items)
                    if (std::find(ordered.begin(), ordered.end(), item) == ordered.end())
                        ordered.push_back(item);
                items = std::move(ordered);
            }
    } else {
        items.erase(it);
    }
    set_value(input, join_list(items));
}

void Desk::clear_edits() {
    edits_.clear();
    overrule_.clear();
    tried_ = false;
}

bool Desk::preview_waiting() const { return !preview_missing_.empty() && !tried_ && !edits_.count(preview_missing_); }

std::string Desk::waiting_for() const {
    const rules::ActionSpec* spec = action();
    const rules::InputSpec* in = spec ? spec->input(preview_missing_) : nullptr;
    return in ? in->label : preview_missing_;
}

void Desk::set_overrule(std::string reason) {
    overrule_ = std::move(reason);
    if (rolled_ && !rolled_->applied()) rolled_.reset();  // that roll was worked out without it
    refresh_preview();
}

void Desk::reset_form() {
    clear_edits();
    if (rolled_ && !rolled_->applied()) rolled_.reset();
    refresh_preview();
}

rules::ActionRequest Desk::request() const {
    rules::ActionRequest req;
    req.action = action_;
    req.unit = unit_;
    req.target = target_;
    req.overrule = overrule_;
    if (const rules::ActionSpec* spec = action()) {
        for (const auto& in : spec->inputs) {
            // The defaults go in explicitly, so the journal records exactly what was resolved.
            // An edited value goes in even when blank: the umpire cleared it on purpose.
            std::string v = value(in.id);
            if (!v.empty() || edited(in.id)) req.values[in.id] = std::move(v);
        }
    }
    return req;
}

void Desk::set_dice_text(std::string text) { dice_text_ = std::move(text); }

//-----------------------------------------------------------------------------
// [SECTION] Preview
//-----------------------------------------------------------------------------

void Desk::refresh_defaults() {
    defaults_.clear();
    const rules::ActionSpec* spec = action();
    if (spec) {
        try {
            defaults_ = ruleset_->defaults(*spec, battle(), unit_, target_);
        } catch (const std::exception&) {
            // Not fatal: the form just starts blank and the preview says what is missing.
            defaults_.clear();
        }
    }
    refresh_preview();
}

void Desk::refresh_preview() {
    preview_.reset();
    preview_error_.clear();
    preview_missing_.clear();
    refusal_.reset();
    const rules::ActionSpec* spec = action();
    if (!spec) {
        preview_error_ = "Choose an action.";
        return;
    }
    if (spec->needs_unit && !unit_) {
        preview_error_ = "Select the unit that acts (click it in the roster).";
        return;
    }
    if (spec->needs_target && !spec->target_optional && !target_) {
        preview_error_ = "Choose a target.";
        return;
    }
    try {
        preview_ = ruleset_->preview(request(), battle());
    } catch (const rules::Refusal& r) {
        // The rules refuse it: the form says which rule, and offers the umpire's overrule.
        refusal_ = Refusal{r.rule(), r.citation()};
        preview_error_ = r.what();
    } catch (const rules::InputError& e) {
        preview_error_ = e.what();
        const rules::InputSpec* in = spec->input(e.input());
        if (in && trim(value(in->id)).empty()) preview_missing_ = in->id;
    } catch (const std::exception& e) {
        preview_error_ = e.what();
    }
}

//-----------------------------------------------------------------------------
// [SECTION] Rolling and applying
//-----------------------------------------------------------------------------

bool Desk::roll_with(dice::DiceSource& source, bool typed) {
    tried_ = true;  // from now a value still missing is a warning
    const rules::ActionRequest req = request();
    return guarded([&] {
        if (!action()) throw rules::InputError("action", "Choose an action first.");
        rules::Resolution res = ruleset_->resolve(req, battle(), source);
        rolled_ = Rolled{req, std::move(res), std::nullopt, source.used(), typed};
        shown_entry_.reset();
        status_ = "Rolled: " + rolled_->resolution.outcome;
    });
}

const rules::Question* Desk::question() const {
    if (rolled_ && !rolled_->applied()) return rolled_->resolution.question ? &*rolled_->resolution.question : nullptr;
    return preview_ && preview_->question ? &*preview_->question : nullptr;
}

bool Desk::answer(std::size_t index) {
    const rules::Question* q = question();
    if (!q || index >= q->options.size()) {
        error_ = q ? "There are " + std::to_string(q->options.size()) + " options to choose from."
                   : "Nothing asks for a choice now.";
        return false;
    }
    const std::string input = q->input;
    const std::string option = q->options[index].id;
    const std::string words = q->options[index].label;
    std::optional<Rolled> asked;
    if (rolled_ && !rolled_->applied()) asked = rolled_;
    set_value(input, option);  // drops the roll that asked: it was for no choice
    if (!asked) {
        status_ = "Chosen: " + words;
        return true;
    }
    // The same dice again: typed ones as typed (more needed: the umpire types them), the app's
    // followed by the app's.
    bool rolled = false;
    if (asked->typed) {
        std::optional<dice::TypedDice> typed;
        if (!guarded([&] { typed.emplace(asked->dice); })) return false;
        rolled = roll_with(*typed, true);
    } else {
        std::unique_ptr<dice::DiceSource> more;
        if (!guarded([&] { more = dice_factory_(); })) return false;
        dice::ReplayDice replay(asked->dice, *more);
        rolled = roll_with(replay);
    }
    if (rolled) status_ = "Chosen: " + words + ". " + status_;
    return rolled;
}

bool Desk::roll() {
    if (!trim(dice_text_).empty()) return roll_typed(dice_text_);
    return roll_app_dice();
}

bool Desk::roll_app_dice() {
    std::unique_ptr<dice::DiceSource> source;
    if (!guarded([&] { source = dice_factory_(); })) return false;
    return roll_with(*source);
}

bool Desk::roll_typed(std::string_view text) {
    std::optional<dice::TypedDice> source;
    std::vector<int> values;
    if (!guarded([&] {
            values = dice::TypedDice::parse(text);
            if (values.empty()) throw dice::DiceError("Type the dice as rolled, e.g. 6 5 5 2 1.");
            source.emplace(values);
        }))
        return false;
    if (roll_with(*source, true)) return true;
    // Too few dice: say how many the roll takes, so the umpire picks up the right number.
    if (error_.find("not enough dice typed") != std::string::npos)
        if (const auto needed = rules::dice_needed(*ruleset_, request(), battle(), values))
            error_ += ": " + std::to_string(*needed) + " in all";
    return false;
}

bool Desk::edit_roster(const RosterEdit& make) {
    std::int64_t entry = 0;
    std::string outcome;
    if (!guarded([&] {
            const rules::Resolution r = make(battle(), *ruleset_);
            rules::ActionRequest request;
            request.action = r.action;
            request.unit = r.unit;
            confirm_sector(request, r);
            entry = store_->record(request, r);
            outcome = r.outcome;
            note_effects(r.effects, entry);
        }))
        return false;
    sector_asked_.reset();
    applied_[entry] = {};  // no follow-ups: undo has nothing to put back in Pending
    status_ = "Roster #" + std::to_string(entry) + ": " + outcome;
    after_battle_changed();
    return true;
}

bool Desk::apply() {
    if (!rolled_) {
        tried_ = true;
        error_ = "Nothing rolled to apply: roll first (Enter).";
        return false;
    }
    if (rolled_->applied()) {
        error_ = "That roll is already applied.";
        return false;
    }
    if (const auto& q = rolled_->resolution.question) {
        // The rules leave it to the player: nothing applies until he has chosen.
        std::string keys;
        for (std::size_t i = 0; i < q->options.size(); ++i)
            keys += (i ? ", " : "") + std::to_string(i + 1) + " " + q->options[i].label;
        error_ = "Choose first: " + q->text + " (" + keys + ").";
        return false;
    }
    // A follow-up that names no unit (a chance card drawn by a side) is answered whatever unit the
    // umpire then picks for it: Huzzah!'s unit, the officer who rises.
    const bool answering = taking_ && taking_->follow_up.action == rolled_->request.action &&
                           (!taking_->follow_up.unit || taking_->follow_up.unit == rolled_->request.unit);
    if (answering) rolled_->request.answers = taking_->raised_by;
    std::int64_t entry = 0;
    confirm_sector(rolled_->request, rolled_->resolution);
    if (!guarded([&] { entry = store_->record(rolled_->request, rolled_->resolution); })) {
        rolled_->request.answers.reset();
        rolled_->request.in_sector_of.clear();
        return false;
    }
    sector_asked_.reset();

    rolled_->entry = entry;
    note_effects(rolled_->resolution.effects, entry);
    applied_[entry] = settle_pending(rolled_->request, rolled_->resolution, entry);

    status_ = "Applied #" + std::to_string(entry) + ": " + rolled_->resolution.outcome;
    if (!rolled_->resolution.follow_ups.empty())
        status_ += " (" + std::to_string(rolled_->resolution.follow_ups.size()) +
                   " follow-up" + (rolled_->resolution.follow_ups.size() == 1 ? "" : "s") + ")";
    clear_edits();
    dice_text_.clear();
    after_battle_changed();
    return true;
}

void Desk::confirm_sector(rules::ActionRequest& request, const rules::Resolution& resolution) const {
    const std::optional<int> unit = resolution.unit ? resolution.unit : request.unit;
    if (sector_asked_ && unit == sector_asked_->unit) request.in_sector_of = sector_asked_->owner;
}

// The follow-up the action answers leaves Pending by the journal's own rule (whether it was opened
// from Pending or typed), and what it raises joins it: the record undo and redo work from.
Desk::Applied Desk::settle_pending(const rules::ActionRequest& request, const rules::Resolution& resolution,
                                   std::int64_t entry) {
    Applied record;
    record.resolved = store::settle(pending_, {request.action, request.unit, request.answers});
    if (record.resolved && taking_ && same_item(*taking_, *record.resolved)) taking_.reset();
    if (record.resolved) note_pending_changed(*record.resolved);
    for (const auto& fu : resolution.follow_ups) {
        PendingItem item{fu, entry};
        add_pending(item);
        record.raised.push_back(std::move(item));
    }
    return record;
}

void Desk::cancel() {
    if (rolled_ && !rolled_->applied()) {
        rolled_.reset();
        status_ = "Roll cancelled: nothing applied.";
    } else {
        dice_text_.clear();
    }
    error_.clear();
}

bool Desk::can_undo() const { return store_->can_undo(); }
bool Desk::can_redo() const { return store_->can_redo(); }

bool Desk::undo() {
    std::optional<store::JournalEntry> done;
    if (!guarded([&] { done = store_->undo(); })) return false;
    if (!done) {
        status_ = "Nothing to undo.";
        return false;
    }
    if (done->refers_to) {
        if (auto it = applied_.find(*done->refers_to); it != applied_.end()) {
            for (const auto& raised : it->second.raised)
                erase_pending([&](const PendingItem& p) { return same_item(p, raised); });
            if (it->second.resolved) add_pending(*it->second.resolved);
        }
    }
    note_effects(done->effects, done->id);
    if (rolled_ && rolled_->entry && done->refers_to == rolled_->entry) rolled_.reset();
    status_ = "Undone: " + without_prefix(done->summary, "Undo: ");
    after_battle_changed();
    if (done->refers_to && !applied_.count(*done->refers_to)) restore_pending();  // from an earlier session
    return true;
}

bool Desk::redo() {
    std::optional<store::JournalEntry> done;
    if (!guarded([&] { done = store_->redo(); })) return false;
    if (!done) {
        status_ = "Nothing to redo.";
        return false;
    }
    if (done->refers_to) {
        if (auto it = applied_.find(*done->refers_to); it != applied_.end()) {
            if (const auto& resolved = it->second.resolved)
                erase_pending([&](const PendingItem& p) { return same_item(p, *resolved); });
            for (const auto& raised : it->second.raised) add_pending(raised);
        }
    }
    note_effects(done->effects, done->id);
    status_ = "Redone: " + without_prefix(done->summary, "Redo: ");
    after_battle_changed();
    if (done->refers_to && !applied_.count(*done->refers_to)) restore_pending();  // from an earlier session
    return true;
}

// Follow-ups still owed, read back from the journal (BattleFile::open_follow_ups, by SQL from the
// entries that raised or could answer one): a rally test owed when the battle was closed on
// Tuesday is in Pending on Friday.
void Desk::restore_pending() {
    pending_.clear();
    taking_.reset();
    dropped_.clear();
    sort_all_pending_ = true;
    try {
        pending_ = store_->open_follow_ups();
    } catch (const std::exception& e) {
        error_ = store_label() + e.what();
    }
    drop_void_pending();
}

void Desk::after_battle_changed() {
    // A roll not yet applied was worked out against the old state: it no longer fits.
    if (rolled_ && !rolled_->applied()) rolled_.reset();
    // A follow-up the change made impossible (its unit routed) leaves Pending, and the status
    // line says so.
    drop_void_pending();
    if (!last_dropped_.empty())
        status_ += " (dropped from Pending: " + last_dropped_ + ")";
    refresh_journal();
    refresh_table_state();
    if (target_ && !battle().unit(*target_)) target_.reset();
    if (unit_ && !battle().unit(*unit_)) unit_.reset();
    refresh_defaults();
}

void Desk::refresh_journal() {
    entry_read_.reset();  // its `undone` may have changed
    try {
        // The journal only grows: read the lines added since, unless the file holds fewer than
        // we have (another file under the same name), then its newest page again.
        const std::int64_t seen = journal().empty() ? 0 : journal().back().id;
        if (seen > store_->last_entry()) {
            journal_ = JournalWindow(*store_, {});
            if (view_) view_ = JournalWindow(*store_, view_->filter());
        } else {
            const std::vector<store::JournalLine> added = store_->journal_lines(seen);
            journal_.add(added);
            if (view_) view_->add(added);
        }
    } catch (const std::exception& e) {
        error_ = store_label() + e.what();
    }
    mark_damaged_lines();
}

// Reading the journal is no operation of the umpire's: a failure is said (error()), and any
// message already there is left alone when it works.
bool Desk::set_journal_filter(const store::LineFilter& filter) {
    if (journal_view().filter() == filter) return true;
    try {
        if (filter.any())
            view_ = JournalWindow(*store_, filter);
        else
            view_.reset();
        mark_damaged_lines();
        return true;
    } catch (const std::exception& e) {
        error_ = store_label() + e.what();
        return false;
    }
}

void Desk::read_older_journal() {
    try {
        view_ ? view_->read_older(*store_) : journal_.read_older(*store_);
    } catch (const std::exception& e) {
        error_ = store_label() + e.what();
    }
    mark_damaged_lines();
}

void Desk::mark_damaged_lines() {
    const std::vector<std::int64_t> damaged = store_->damaged_entries();
    journal_.mark_damaged(damaged);
    if (view_) view_->mark_damaged(damaged);
}

//-----------------------------------------------------------------------------
// [SECTION] Follow-ups
//-----------------------------------------------------------------------------

bool Desk::take_pending(std::size_t index) {
    if (index >= pending_.size()) return false;
    const PendingItem item = pending_[index];
    if (!ruleset_->action(item.follow_up.action)) {
        error_ = "The ruleset has no action \"" + item.follow_up.action + "\".";
        return false;
    }
    if (item.follow_up.unit) {
        if (!select_unit(*item.follow_up.unit)) return false;
    } else {
        clear_unit();
    }
    target_.reset();
    if (!choose_action(item.follow_up.action)) return false;
    clear_edits();
    // What the follow-up fixes (a chance card's id, the side that drew it) fills those inputs.
    for (const auto& [input, text] : item.follow_up.values)
        if (action() && action()->input(input)) edits_[input] = text;
    refresh_defaults();
    // Whom it is done to, where the rules said (the melee's opponent).
    if (item.follow_up.target && battle().unit(*item.follow_up.target)) set_target(item.follow_up.target);
    taking_ = item;
    action_from_follow_up_ = true;
    status_ = "Resolving follow-up: " + action_name(item.follow_up.action) +
              (item.follow_up.unit ? " for " + unit_name(item.follow_up.unit) : std::string());
    return true;
}

void Desk::dismiss_pending(std::size_t index) {
    if (index >= pending_.size()) return;
    const PendingItem item = pending_[index];
    // Journaled (no effects), so the umpire's decision outlives the session and Ctrl+Z takes it
    // back like anything else.
    rules::ActionRequest request;
    request.action = kDismissAction;
    request.unit = item.follow_up.unit;
    request.values = {{"follow-up", item.follow_up.action}};
    request.answers = item.raised_by;
    rules::Resolution r;
    r.action = kDismissAction;
    r.unit = item.follow_up.unit;
    r.rolled = true;
    r.outcome = "Dismissed: " + item.follow_up.reason;
    std::int64_t entry = 0;
    confirm_sector(request, r);
    if (!guarded([&] { entry = store_->record(request, r); })) return;
    sector_asked_.reset();
    if (taking_ && same_item(*taking_, item)) taking_.reset();
    pending_.erase(pending_.begin() + static_cast<std::ptrdiff_t>(index));
    note_pending_changed(item);
    applied_[entry] = Applied{{}, item};  // undo puts it back
    status_ = "Dismissed #" + std::to_string(entry) + ": " + action_name(item.follow_up.action) +
              (item.follow_up.unit ? " for " + unit_name(item.follow_up.unit) : std::string());
    after_battle_changed();
}

std::optional<std::size_t> Desk::active_pending() const {
    if (!taking_) return std::nullopt;
    for (std::size_t i = 0; i < pending_.size(); ++i)
        if (same_item(pending_[i], *taking_)) return i;
    return std::nullopt;
}

const store::JournalLine* Desk::line(std::int64_t id) const {
    if (const store::JournalLine* l = journal_.line(id)) return l;
    return view_ ? view_->line(id) : nullptr;
}

const store::JournalEntry* Desk::entry(std::int64_t id) const {
    if (entry_read_ && entry_read_->id == id) return &*entry_read_;
    const store::JournalLine* l = line(id);
    if (!l) return nullptr;
    try {
        entry_read_ = store_->entry(id);
    } catch (const std::exception&) {
        entry_read_.reset();  // a damaged row: the file was opened read-only and says so
    }
    if (!entry_read_) return nullptr;
    entry_read_->undone = l->undone;
    return &*entry_read_;
}

void Desk::set_dice_factory(DiceFactory factory) {
    dice_factory_ = factory ? std::move(factory) : DiceFactory(clock_dice);
}

std::string Desk::unit_name(std::optional<int> id) const {
    if (!id) return {};
    const model::Unit* u = battle().unit(*id);
    return u ? u->name : "unit " + std::to_string(*id);
}

std::string Desk::action_name(const std::string& id) const {
    const rules::ActionSpec* spec = ruleset().action(id);
    return spec ? spec->name : id;
}

} // namespace umpire::desk
