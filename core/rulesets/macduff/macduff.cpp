#include "rulesets/macduff/macduff.h"

#include "rules/inputs.h"
#include "rulesets/macduff/mechanics.h"

namespace umpire::macduff {

using rules::ActionSpec;
using rules::Choice;
using rules::InputKind;
using rules::InputSpec;

namespace {

// Largest figure count any input accepts: a 54mm battle has hundreds of figures, never more.
constexpr int kMaxFigures = 1000;
constexpr int kMaxRange = 1000;

std::vector<Choice> modifier_choices(const std::vector<Modifier>& modifiers) {
    std::vector<Choice> out;
    for (const auto& m : modifiers) out.push_back({m.id, m.name, m.value, m.help});
    return out;
}

InputSpec count(std::string id, std::string label, std::string help) {
    InputSpec s;
    s.id = std::move(id);
    s.label = std::move(label);
    s.kind = InputKind::Count;
    s.min = 0;
    s.max = kMaxFigures;
    s.help = std::move(help);
    return s;
}

InputSpec flag(std::string id, std::string label, std::string help) {
    InputSpec s;
    s.id = std::move(id);
    s.label = std::move(label);
    s.kind = InputKind::Flag;
    s.fallback = "no";
    s.help = std::move(help);
    return s;
}

InputSpec modifiers(std::string id, std::string label, const std::vector<Modifier>& from) {
    InputSpec s;
    s.id = std::move(id);
    s.label = std::move(label);
    s.kind = InputKind::Modifiers;
    s.choices = modifier_choices(from);
    s.required = false;
    return s;
}

ActionSpec shooting_action(const Tables& t) {
    ActionSpec a;
    a.id = "shoot";
    a.name = "Shooting";
    a.summary = "A unit shoots: dice by figures and range, hits on a modified 5 or 6";
    a.citation = cite("7 Shooting");
    a.needs_unit = true;
    a.target_optional = true;
    a.inputs.push_back(count("figures", "Figures shooting",
                             "Figures able to shoot: 2 ranks of formed infantry, 1 rank of others; "
                             "gunners for artillery"));
    InputSpec weapon;
    weapon.id = "weapon";
    weapon.label = "Weapon";
    weapon.kind = InputKind::Choice;
    for (const auto& w : t.shooting.weapons) weapon.choices.push_back({w.id, w.name, 0, w.note});
    a.inputs.push_back(weapon);
    InputSpec range;
    range.id = "range";
    range.label = "Range";
    range.kind = InputKind::Distance;
    range.min = 0;
    range.max = kMaxRange;
    range.help = "Measured from the front rank, e.g. 14, 14\", 14in or 35cm";
    a.inputs.push_back(range);
    a.inputs.push_back(flag("shaken", "Shooter is shaken", "Shaken units roll half the dice (7.6)"));
    a.inputs.push_back(modifiers("modifiers", "Die modifiers", t.shooting.modifiers));
    return a;
}

ActionSpec melee_action(const Tables& t) {
    ActionSpec a;
    a.id = "melee";
    a.name = "Melee";
    a.summary = "A round of melee between the unit and its enemy: hits on a modified 4, 5 or 6";
    a.citation = cite("8 Melee");
    a.needs_unit = true;
    a.needs_target = true;
    a.inputs.push_back(count("figures", "Figures fighting",
                             "2 ranks if formed; 1 rank if unformed or attacked in flank or rear"));
    a.inputs.push_back(flag("shaken", "Unit is shaken", "Shaken units roll half the dice (8.2)"));
    a.inputs.push_back(modifiers("modifiers", "Unit's die modifiers", t.melee.modifiers));
    a.inputs.push_back(count("enemy-figures", "Enemy figures fighting",
                             "2 ranks if formed; 1 rank if unformed or attacked in flank or rear"));
    a.inputs.push_back(flag("enemy-shaken", "Enemy is shaken", "Shaken units roll half the dice (8.2)"));
    a.inputs.push_back(modifiers("enemy-modifiers", "Enemy's die modifiers", t.melee.modifiers));
    return a;
}

ActionSpec rally_action(const Tables& t) {
    ActionSpec a;
    a.id = "rally";
    a.name = "Rally test";
    a.summary = "A shaken unit that took casualties tests: 5-6 rally, 2-4 retreat, 1 rout";
    a.citation = cite(t.rally.citation);
    a.needs_unit = true;
    InputSpec quality;
    quality.id = "quality";
    quality.label = "Quality";
    quality.kind = InputKind::Choice;
    for (const auto& q : t.qualities) quality.choices.push_back({q.id, q.name, q.rally_modifier, {}});
    quality.fallback = "average";
    a.inputs.push_back(quality);
    a.inputs.push_back(flag("joined", "Joined by a commander", "+1 if a commander has joined the unit"));
    return a;
}

std::string known_list(const std::vector<std::string>& ids) {
    std::string out;
    for (const auto& id : ids) out += (out.empty() ? "" : ", ") + id;
    return "one of: " + out;
}

} // namespace

MacDuff::MacDuff(Tables tables, std::string reference)
    : tables_(std::move(tables)), reference_(std::move(reference)) {
    actions_ = {shooting_action(tables_), melee_action(tables_), rally_action(tables_)};
}

std::optional<std::string> MacDuff::check_unit_value(std::string_view field,
                                                     std::string_view value) const {
    std::vector<std::string> known;
    if (field == "type") {
        for (const auto& [id, name] : tables_.troop_types) known.push_back(id);
    } else if (field == "quality") {
        for (const auto& q : tables_.qualities) known.push_back(q.id);
    } else if (field == "weapon") {
        for (const auto& w : tables_.shooting.weapons) known.push_back(w.id);
    } else if (field == "trait") {
        for (const auto& [id, name] : tables_.traits) known.push_back(id);
    } else {
        return std::nullopt;
    }
    for (const auto& id : known)
        if (id == value) return std::nullopt;
    return known_list(known);
}

std::map<std::string, std::string> MacDuff::defaults(const ActionSpec& action,
                                                     const model::Battle& battle,
                                                     std::optional<int> unit_id,
                                                     std::optional<int> target_id) const {
    std::map<std::string, std::string> d;
    const model::Unit* unit = unit_id ? battle.unit(*unit_id) : nullptr;
    const model::Unit* target = target_id ? battle.unit(*target_id) : nullptr;
    auto yes_no = [](bool b) { return std::string(b ? "yes" : "no"); };
    auto add = [](std::string& list, const char* id) { list += (list.empty() ? "" : ",") + std::string(id); };
    // Melee quality modifiers that follow from what the roster says the unit is (8.4).
    auto melee_mods = [&](const model::Unit& u) {
        std::string mods;
        if (u.quality == "elite" || u.has_trait("shock-troops")) add(mods, "elite-or-shock");
        if (u.has_trait("militia") || u.has_trait("not-equipped-for-melee")) add(mods, "militia");
        return mods;
    };

    if (action.id == "shoot" && unit) {
        d["figures"] = std::to_string(unit->figures);
        d["weapon"] = unit->weapon;
        d["shaken"] = yes_no(unit->has(model::Flag::Shaken));
        std::string mods;
        // 7.8: skirmishers and cavalry are difficult targets; so is firing when mounted.
        bool difficult = unit->troop_type == "cavalry" ||
                         (target && (target->troop_type == "cavalry" || target->has_trait("skirmishers")));
        if (difficult) add(mods, "difficult-target");
        if (unit->has_trait("superior-firepower")) add(mods, "superior-firepower");
        d["modifiers"] = mods;
    } else if (action.id == "melee") {
        if (unit) {
            d["figures"] = std::to_string(unit->figures);
            d["shaken"] = yes_no(unit->has(model::Flag::Shaken));
            d["modifiers"] = melee_mods(*unit);
        }
        if (target) {
            d["enemy-figures"] = std::to_string(target->figures);
            d["enemy-shaken"] = yes_no(target->has(model::Flag::Shaken));
            d["enemy-modifiers"] = melee_mods(*target);
        }
    } else if (action.id == "rally" && unit) {
        d["quality"] = unit->quality;
        d["joined"] = yes_no(battle.joined_commander(unit->id) != nullptr);
    }
    return d;
}

rules::Resolution MacDuff::preview(const rules::ActionRequest& request,
                                   const model::Battle& battle) const {
    return run(request, battle, nullptr);
}

rules::Resolution MacDuff::resolve(const rules::ActionRequest& request,
                                   const model::Battle& battle, dice::DiceSource& dice) const {
    auto r = run(request, battle, &dice);
    dice.finish();
    return r;
}

rules::Resolution MacDuff::run(const rules::ActionRequest& request, const model::Battle& battle,
                               dice::DiceSource* dice) const {
    const ActionSpec* spec = action(request.action);
    if (!spec) {
        std::string known;
        for (const auto& a : actions_) known += (known.empty() ? "" : ", ") + a.id;
        throw rules::InputError("action", "\"" + request.action + "\" is not a MacDuff action; "
                                          "expected one of: " + known);
    }
    const model::Unit* unit = nullptr;
    const model::Unit* target = nullptr;
    if (request.unit) {
        unit = battle.unit(*request.unit);
        if (!unit) throw rules::InputError("unit", "no unit with id " + std::to_string(*request.unit));
        if (!unit->on_table()) throw rules::InputError("unit", unit->name + " is no longer on the table");
    }
    if (request.target) {
        target = battle.unit(*request.target);
        if (!target) throw rules::InputError("target", "no unit with id " + std::to_string(*request.target));
        if (!target->on_table()) throw rules::InputError("target", target->name + " is no longer on the table");
        if (unit && unit->id == target->id) throw rules::InputError("target", "a unit cannot act on itself");
        if (unit && unit->side == target->side)
            throw rules::InputError("target", target->name + " is on the same side as " + unit->name);
    }
    if (spec->needs_target && unit && !target)
        throw rules::InputError("target", spec->name + " needs the enemy unit (--target)");

    auto defaults_map = defaults(*spec, battle, request.unit, request.target);
    rules::Inputs inputs = rules::validate(*spec, request, defaults_map, battle);

    rules::Resolution out;
    out.ruleset = std::string(id());
    out.action = spec->id;
    out.unit = request.unit;
    out.target = request.target;
    out.rolled = dice != nullptr;
    Context ctx{tables_, battle, unit, target, inputs, dice};
    if (spec->id == "shoot")
        resolve_shooting(ctx, out);
    else if (spec->id == "melee")
        resolve_melee(ctx, out);
    else
        resolve_rally(ctx, out);
    return out;
}

} // namespace umpire::macduff
