// Building the report from the journal. Losses are read from the effects of the actions still
// in effect, per entry and per side:
//   figures: the net change of a side's figures in one entry, counted when it falls, so figures
//            moved into a detachment (the unit loses 4, the new unit is created with 4) are no
//            loss, while casualties are;
//   hits:    increases of a unit's hits;
//   units:   a unit marked routed, or brought to 0 figures, once per entry.
#include "report/report.h"

#include "turn/step_names.h"

#include <algorithm>
#include <set>

namespace umpire::report {

namespace {

// Units that are no longer in the battle (a detachment since rejoined) are known from the whole
// unit that a roster-place effect carries, in whichever entry created or removed them.
using CarriedUnits = std::map<int, const model::Unit*>;

CarriedUnits carried_units(const std::vector<store::JournalEntry>& journal) {
    CarriedUnits carried;
    for (const store::JournalEntry& e : journal)
        for (const model::Effect& fx : e.effects)
            if (fx.entity == model::Entity::Unit && fx.unit) carried.emplace(fx.id, &*fx.unit);
    return carried;
}

const model::Unit* find_unit(const model::Battle& battle, const CarriedUnits& carried, int unit_id) {
    if (const model::Unit* u = battle.unit(unit_id)) return u;
    const auto it = carried.find(unit_id);
    return it == carried.end() ? nullptr : it->second;
}

std::optional<int> side_of(const model::Battle& battle, const CarriedUnits& carried, int unit_id) {
    if (const model::Unit* u = find_unit(battle, carried, unit_id)) return u->side;
    return std::nullopt;
}

std::string unit_name(const model::Battle& battle, const CarriedUnits& carried, std::optional<int> id) {
    if (!id) return {};
    if (const model::Unit* u = find_unit(battle, carried, *id)) return u->name;
    return "unit " + std::to_string(*id);
}

std::map<int, Losses> losses_of(const model::Battle& battle, const CarriedUnits& carried,
                                const store::JournalEntry& e) {
    std::map<int, int> net_figures;
    std::map<int, Losses> out;
    std::set<int> lost_units;
    for (const model::Effect& fx : e.effects) {
        if (fx.entity != model::Entity::Unit) continue;
        const auto side = side_of(battle, carried, fx.id);
        if (!side) continue;
        const auto delta = static_cast<int>(fx.after - fx.before);
        if (fx.field == "figures") {
            net_figures[*side] += delta;
            if (fx.after <= 0 && fx.before > 0) lost_units.insert(fx.id);
        } else if (fx.field == model::kRosterPlace && fx.unit) {
            // A unit created (0 -> k) brings its figures in; one removed takes them out.
            if (fx.before == 0 && fx.after > 0) net_figures[*side] += fx.unit->figures;
            if (fx.before > 0 && fx.after == 0) net_figures[*side] -= fx.unit->figures;
        } else if (fx.field == "hits" && delta > 0) {
            out[*side].hits += delta;
        } else if (fx.field == "flag:routed" && fx.before == 0 && fx.after != 0) {
            lost_units.insert(fx.id);
        }
    }
    for (const auto& [side, net] : net_figures)
        if (net < 0) out[side].figures += -net;
    for (int unit : lost_units)
        if (const auto side = side_of(battle, carried, unit)) out[*side].units += 1;
    for (auto it = out.begin(); it != out.end();)
        it = it->second.any() ? std::next(it) : out.erase(it);
    return out;
}

void add(Losses& into, const Losses& l) {
    into.figures += l.figures;
    into.hits += l.hits;
    into.units += l.units;
}

} // namespace

namespace {

// The overrule stored with an entry's working (rules::to_json): the reason and each rule overruled.
std::string overrule_text(const nlohmann::json& resolution) {
    if (!resolution.is_object() || !resolution.contains("overrule")) return {};
    const nlohmann::json& o = resolution.at("overrule");
    std::string rules;
    for (const auto& rule : o.value("rules", nlohmann::json::array()))
        rules += (rules.empty() ? "" : "; ") + rule.value("text", std::string()) + ", " + rule.value("citation", std::string());
    return o.value("reason", std::string()) + (rules.empty() ? "" : " (" + rules + ")");
}

} // namespace

std::string action_name(std::string_view action, const std::map<std::string, std::string>& action_names) {
    if (const auto named = action_names.find(std::string(action)); named != action_names.end()) return named->second;
    if (const auto step = turn::step_name(action)) return *step;
    return std::string(action);
}

std::string entry_heading(std::int64_t id, int turn, store::EntryKind kind, std::string_view action,
                          std::optional<std::int64_t> refers_to, const std::map<std::string, std::string>& action_names,
                          std::string_view actor) {
    std::string head = "#" + std::to_string(id) + ", turn " + std::to_string(turn) + ": ";
    switch (kind) {
    case store::EntryKind::Action:
        return head + action_name(action, action_names) + (actor.empty() ? "" : " by " + std::string(actor));
    case store::EntryKind::Undo: head += "Undo"; break;
    case store::EntryKind::Redo: head += "Redo"; break;
    }
    if (refers_to) head += " of #" + std::to_string(*refers_to);
    return head;
}

std::string unsaid_actor(const model::Battle& battle, std::optional<int> unit, std::string_view summary) {
    const model::Unit* u = unit ? battle.unit(*unit) : nullptr;
    if (!u || u->name.empty() || summary.find(u->name) != std::string_view::npos) return {};
    return u->name;
}

Report build_report(const model::Battle& battle, const std::vector<store::JournalEntry>& journal,
                    std::string_view ruleset_name, const std::map<std::string, std::string>& action_names) {
    Report r;
    r.battle = battle.name.empty() ? std::string("Battle") : battle.name;
    r.ruleset = ruleset_name.empty() ? battle.ruleset : std::string(ruleset_name);
    r.turn = battle.turn;
    for (const model::Side& side : battle.sides) {
        SideSummary s;
        s.id = side.id;
        s.name = side.name;
        for (const model::Unit& u : battle.units) {
            if (u.side != side.id) continue;
            ++s.units;
            if (u.on_table()) ++s.units_on_table;
            s.start_figures += u.start_figures;
            s.figures += u.figures;
        }
        r.sides.push_back(std::move(s));
    }

    // Keyed by turn: an umpire who stepped the turn back and on again gets one section per turn.
    std::map<int, TurnReport> turns;
    const CarriedUnits carried = carried_units(journal);
    for (const store::JournalEntry& e : journal) {
        if (e.kind != store::EntryKind::Action || e.undone) continue;
        ++r.actions;
        TurnReport& turn = turns[e.turn];
        turn.turn = e.turn;
        turn.actions.push_back(ActionLine{e.id, e.action, action_name(e.action, action_names), unit_name(battle, carried, e.unit),
                                          unit_name(battle, carried, e.target), e.summary, e.dice,
                                          overrule_text(e.resolution), e.umpire});
        for (const auto& [side, l] : losses_of(battle, carried, e)) {
            add(turn.losses[side], l);
            for (SideSummary& s : r.sides)
                if (s.id == side) add(s.losses, l);
        }
    }
    for (auto& [number, turn] : turns) r.turns.push_back(std::move(turn));
    return r;
}

} // namespace umpire::report
