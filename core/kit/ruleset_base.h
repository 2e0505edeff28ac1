#pragma once
// A ruleset from its declared actions: each ActionDef is the declared spec, the rule that resolves
// it and the defaults it takes from the selected unit. DeclaredRuleset implements rules::Ruleset
// from them: the one path from a request to a resolution (find the action, check the unit and the
// target, fill in the defaults, validate the inputs, apply the limits, run the rule), roster checks
// (the ids its roster fields may take, and [[roster_limits]]) and target lists. A ruleset supplies
// its tables (with `name` and `limits`), its actions and the ids its roster fields may take.
#include "kit/ask.h"
#include "kit/context.h"
#include "kit/effects.h"
#include "kit/headline.h"
#include "kit/limits.h"
#include "kit/owed.h"
#include "kit/roster_limits.h"
#include "kit/table_reader.h"
#include "kit/turn_guard.h"
#include "rules/inputs.h"
#include "rules/ruleset.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace umpire::kit {

// Who may act, beyond the declaration's needs_unit.
enum class Acting {
    OnTable,       // a unit on the table (the usual case)
    FromReserve,   // a spare unit still in reserve, brought on by the action
    Anywhere,      // on the table or off it (a crew spiking its gun as it flees, the campaign)
};

template <typename Tables>
struct ActionDef {
    rules::ActionSpec spec;
    void (*resolve)(const Context<Tables>&, rules::Resolution&) = nullptr;
    void (*defaults)(const DefaultsContext<Tables>&, Defaults&) = nullptr;  // may be null
    Acting acting = Acting::OnTable;
    bool between_battles = false;  // the campaign: a battle being over is no news to it
    // The rule reads the acting unit itself (its type, its figures, where it stands): resolved
    // with no unit (`umpire resolve`, a battle-less preview) it is bad input, said so, not a crash.
    bool unit_required = false;
    // Why this unit never takes the action (a foot regiment has no battery to fire), checked
    // before its inputs are read, so the desk can tell which of a phase's actions a unit takes
    // before anything is typed. Null: any unit may.
    std::optional<std::string> (*refuses_unit)(const Tables&, const model::Unit&) = nullptr;
};

// The common target rule: a unit on the table, not the acting unit, not on its side. `reserve`
// says how the ruleset calls a unit held in reserve ("is held in reserve").
std::optional<std::string> enemy_target_refusal(const model::Unit* acting, const model::Unit& target,
                                                const std::string& reserve);

// "one of: a, b, c" for roster and action errors.
std::string one_of_list(const std::vector<std::string>& ids);

// The ids a roster's unit fields may take in a ruleset (Ruleset::check_unit_value).
struct RosterIds {
    std::vector<std::string> types;
    std::vector<std::string> qualities;
    std::vector<std::string> weapons;
    std::vector<std::string> traits;
    const std::vector<std::string>* field(std::string_view name) const;  // "type", ...; null: unchecked
};

// The ids of a table's rows (anything with an `id`), in order: a roster field's values.
template <typename Rows>
std::vector<std::string> ids_of(const Rows& rows) {
    std::vector<std::string> out;
    for (const auto& r : rows) out.push_back(r.id);
    return out;
}
// The keys of a table of texts ([traits] id = "what it means").
std::vector<std::string> keys_of(const std::map<std::string, std::string>& table);

template <typename Tables>
class DeclaredRuleset : public rules::Ruleset {
public:
    using Def = ActionDef<Tables>;

    // `citation` prefixes every rule cited ("MacDuff"); the limits are the reference's [[limits]].
    DeclaredRuleset(std::string id, const std::string& citation, Tables tables, const Reference& reference,
                    std::vector<Def> defs, RosterIds roster_ids)
        : id_(std::move(id)), tables_(std::move(tables)), reference_(reference.text), defs_(std::move(defs)),
          roster_ids_(std::move(roster_ids)),
          limits_(read_limits(TableReader(reference.root, "", reference),
                              [&citation](const std::string& section) { return citation + " " + section; })),
          roster_limits_(read_roster_limits(TableReader(reference.root, "", reference),
                                            [&citation](const std::string& section) { return citation + " " + section; })),
          obligations_(read_obligations(TableReader(reference.root, "", reference),
                                        [&citation](const std::string& section) { return citation + " " + section; })) {
        for (const auto& d : defs_) actions_.push_back(d.spec);
    }

    std::string_view id() const override { return id_; }
    std::string_view name() const override { return tables_.name; }
    const std::vector<rules::ActionSpec>& actions() const override { return actions_; }
    const std::string& reference_toml() const override { return reference_; }
    const Tables& tables() const { return tables_; }
    const std::vector<Limit>& limits() const { return limits_; }
    const std::vector<Obligation>& obligations() const { return obligations_; }
    // Where each action belongs in the turn: every ruleset's constructor sets one (turn/places.h).
    void set_turn_guard(std::unique_ptr<const TurnGuard> guard) { guard_ = std::move(guard); }

    std::optional<std::string> check_unit_value(std::string_view field, std::string_view value) const override {
        const auto* known = roster_ids_.field(field);
        if (!known) return std::nullopt;
        for (const auto& id : *known)
            if (id == value) return std::nullopt;
        return one_of_list(*known);
    }

    std::optional<std::string> check_roster_unit(const model::Battle& battle, const model::Unit& unit) const override {
        return roster_limit_refusal(roster_limits_, battle, unit);
    }

    std::map<std::string, std::string> defaults(const rules::ActionSpec& action, const model::Battle& battle,
                                                std::optional<int> unit, std::optional<int> target) const override {
        Defaults d;
        const Def* def = find(action.id);
        if (def && def->defaults)
            def->defaults({tables_, battle, unit ? battle.unit(*unit) : nullptr, target ? battle.unit(*target) : nullptr,
                           def->spec},
                          d);
        return d;
    }

    std::vector<int> target_candidates(const rules::ActionSpec& action, const model::Battle& battle,
                                       std::optional<int> unit) const override {
        const Def* def = find(action.id);
        const model::Unit* acting = unit ? battle.unit(*unit) : nullptr;
        std::vector<int> out;
        for (const auto& u : battle.units)
            if (!def || !target_refusal(*def, acting, u)) out.push_back(u.id);
        return out;
    }

    rules::Resolution preview(const rules::ActionRequest& request, const model::Battle& battle) const override {
        return run(request, battle, nullptr);
    }

    rules::Resolution resolve(const rules::ActionRequest& request, const model::Battle& battle,
                              dice::DiceSource& dice) const override {
        auto r = run(request, battle, &dice);
        dice.finish();
        return r;
    }

protected:
    // How the ruleset speaks of a unit held in reserve, and how one is brought on, for refusals.
    virtual std::string reserve_words() const { return "is held in reserve"; }
    virtual std::string reserve_hint() const { return "the roster editor brings it on"; }
    // Why `target` may not be the target of `def` when `acting` acts (null acting: no unit);
    // nullopt when it may. The common rule unless a ruleset says otherwise.
    // Why the unit cannot take the action at all (in reserve, off the table, not its kind's).
    std::optional<std::string> unit_refusal(const Def& def, const model::Unit& unit) const {
        const bool reserve = unit.has(model::Flag::Reserve);
        if (reserve && def.acting == Acting::OnTable)
            return unit.name + " " + reserve_words() + ", not yet on the table (" + reserve_hint() + ")";
        if (!unit.on_table() && def.acting == Acting::OnTable) return unit.name + " is no longer on the table";
        if (def.acting == Acting::FromReserve && !reserve && !unit.on_table()) return unit.name + " is no longer on the table";
        if (def.refuses_unit) return def.refuses_unit(tables_, unit);
        return std::nullopt;
    }

    std::optional<std::string> unit_unable(const model::Battle& battle, std::string_view action, int id) const override {
        const Def* def = find(std::string(action));
        const model::Unit* unit = battle.unit(id);
        if (!def) return std::nullopt;  // not this ruleset's action: nothing to say of it
        if (!unit) return "the unit is no longer in the battle";
        if (unit->has(model::Flag::Reserve)) return std::nullopt;  // a unit waiting to arrive is not gone
        return unit_refusal(*def, *unit);
    }

    std::optional<std::string> follow_up_void(const model::Battle& battle, const rules::FollowUp& f) const override {
        if (!f.unit) return std::nullopt;
        if (auto why = unit_unable(battle, f.action, *f.unit)) return why;
        const Obligation* o = f.owed.empty() ? nullptr : find_obligation(obligations_, f.owed);
        const model::Unit* unit = battle.unit(*f.unit);
        if (o && !o->standing() && unit && kit::counter(*unit, owed_key(o->id)) == 0)
            return "no longer owed (done, or the rules no longer call for it)";
        return std::nullopt;
    }

    virtual std::optional<std::string> target_refusal(const Def& def, const model::Unit* acting,
                                                      const model::Unit& target) const {
        (void)def;
        return enemy_target_refusal(acting, target, reserve_words());
    }
    // Notes every resolution of the battle starts with (the battle is over, say).
    virtual void opening_notes(const Context<Tables>&, const Def&, rules::Resolution&) const {}

    const Def* find(std::string_view action) const {
        for (const auto& d : defs_)
            if (d.spec.id == action) return &d;
        return nullptr;
    }

private:
    // Errors about an input name it as the form and the help do: by its label.
    rules::Resolution run(const rules::ActionRequest& request, const model::Battle& battle,
                          dice::DiceSource* dice) const {
        try {
            return run_unlabelled(request, battle, dice);
        } catch (const rules::InputError& e) {
            if (const Def* def = find(request.action))
                if (auto said = rules::labelled(e, def->spec)) throw *said;
            throw;
        }
    }

    rules::Resolution run_unlabelled(const rules::ActionRequest& request, const model::Battle& battle,
                                     dice::DiceSource* dice) const {
        const Def* def = find(request.action);
        if (!def) {
            std::vector<std::string> ids;
            for (const auto& a : actions_) ids.push_back(a.id);
            throw rules::InputError("action", "\"" + request.action + "\" is not an action of " +
                                                  std::string(name()) + " in this battle; expected " + one_of_list(ids));
        }
        const rules::ActionSpec& spec = def->spec;
        const model::Unit* unit = nullptr;
        const model::Unit* target = nullptr;
        if (request.unit) {
            unit = battle.unit(*request.unit);
            if (!unit) throw rules::InputError("unit", "no unit with id " + std::to_string(*request.unit));
            if (auto why = unit_refusal(*def, *unit)) throw rules::InputError("unit", *why);
        }
        if (request.target) {
            target = battle.unit(*request.target);
            if (!target) throw rules::InputError("target", "no unit with id " + std::to_string(*request.target));
            if (auto why = target_refusal(*def, unit, *target)) throw rules::InputError("target", *why);
        }
        if (def->unit_required && !unit)
            throw rules::InputError("unit", spec.name + " is worked out for a unit of a battle: name the unit that acts");
        if (spec.needs_target && unit && !target)
            throw rules::InputError("target", spec.name + " needs a target unit");

        const auto defaults_map = defaults(spec, battle, request.unit, request.target);
        const rules::Inputs inputs = rules::validate(spec, request, defaults_map, battle);

        rules::Resolution out;
        out.ruleset = id_;
        out.action = spec.id;
        out.unit = request.unit;
        out.target = request.target;
        out.rolled = dice != nullptr;
        const Context<Tables> ctx{tables_, battle, unit, target, inputs, dice, request, obligations_};
        opening_notes(ctx, *def, out);
        if (guard_) guard_->check(battle, spec, unit, target, inputs, request, out);
        check_limits(limits_, spec.id, battle, unit, target, inputs, request, out);
        // Paid before the rule runs, so a rule that raises the same again (a failed rally: "must
        // rally again next turn") owes it anew.
        if (unit) pay(obligations_, battle, spec.id, *unit, inputs, out);
        def->resolve(ctx, out);
        tell_units_lost(battle, out);
        if (guard_) guard_->mark(battle, spec, unit, target, out);
        withhold(out);  // a choice left to the player and not yet made: nothing applies
        return out;
    }

    std::string id_;
    Tables tables_;
    std::string reference_;
    std::vector<Def> defs_;
    RosterIds roster_ids_;
    std::vector<Limit> limits_;
    std::vector<RosterLimit> roster_limits_;
    std::vector<Obligation> obligations_;
    std::unique_ptr<const TurnGuard> guard_;
    std::vector<rules::ActionSpec> actions_;
};

// The ruleset R from its reference (embedded tables with the battle's house rules laid over them),
// its tables read by `read`: what each ruleset's make() returns for the registry.
template <typename R, typename Tables>
std::unique_ptr<rules::Ruleset> make_ruleset(const Reference& reference, Tables (*read)(const Reference&)) {
    return std::make_unique<R>(read(reference), reference);
}

} // namespace umpire::kit
