#include "cli/output.h"

#include "model/sectors.h"

#include "model/effect_words.h"
#include "report/report.h"

#include "rules/resolution_json.h"
#include "store/json_text.h"

#include <algorithm>
#include <cstdio>
#include <iomanip>
#include <iostream>

namespace umpire::cli {

std::string percent(double p) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%.1f%%", p * 100);
    return buf;
}

namespace {

std::string unit_name(const model::Battle* battle, std::optional<int> id) {
    if (!id) return "";
    if (battle)
        if (const auto* u = battle->unit(*id)) return u->name;
    return "unit " + std::to_string(*id);
}

std::string flags_text(const model::Unit& u) {
    std::string out;
    for (auto f : model::kAllFlags)
        if (u.has(f)) out += (out.empty() ? "" : ", ") + model::flag_words(model::flag_id(f), true);
    return out;
}

} // namespace

void print_resolution(std::ostream& out, const rules::Resolution& r, const model::Battle* battle) {
    out << r.outcome << "\n";
    if (!r.dice.empty()) {
        out << "\nDice:\n";
        for (const auto& g : r.dice) {
            out << "  " << g.label << ":";
            for (int v : g.values) out << " " << v;
            if (g.success_on > 0) out << "  (" << g.successes() << " hit" << (g.successes() == 1 ? "" : "s") << ")";
            out << "\n";
        }
    }
    out << "\nWorking:\n";
    for (const auto& s : r.steps) out << "  - " << s.text << "  [" << s.citation << "]\n";
    if (!r.odds.empty() || !r.chances.empty()) {
        out << "\nOdds before rolling:\n";
        for (const auto& o : r.odds) {
            out << "  " << o.label << ": expected " << std::fixed << std::setprecision(2)
                << o.distribution.mean() << std::defaultfloat;
            for (int k = std::max(1, o.distribution.min()); k <= o.distribution.max() && k <= 6; ++k)
                out << ", " << k << "+ " << percent(o.distribution.p_at_least(k));
            out << "\n";
        }
        for (const auto& c : r.chances) out << "  " << c.label << ": " << percent(c.probability) << "\n";
    }
    if (!r.effects.empty()) {
        out << "\nEffects:\n";
        // In the player's words, as the desk says them (no battle: units by number).
        const model::Battle none;
        for (const auto& e : r.effects)
            if (!model::is_deed_detail(e)) out << "  " << model::describe_effect(battle ? *battle : none, e) << "\n";
    }
    if (!r.follow_ups.empty()) {
        out << "\nNext:\n";
        for (const auto& f : r.follow_ups)
            // A follow-up of no unit (a commander's capture) says only what it is, as the desk does.
            out << "  " << f.action << (f.unit ? " for " + unit_name(battle, f.unit) : std::string()) << ": " << f.reason
                << "  [" << f.citation << "]\n";
    }
}

void print_battle(std::ostream& out, const model::Battle& b) {
    out << b.name << " (" << b.ruleset << "), turn " << b.turn << "\n";
    for (const auto& side : b.sides) {
        out << "\n" << side.name << (side.colour.empty() ? "" : " [" + side.colour + "]") << "\n";
        for (const auto& c : b.commanders) {
            if (c.side != side.id) continue;
            out << "  Commander " << c.name << (c.is_general ? " (General)" : "") << ": "
                << model::commander_status_id(c.status);
            if (c.attached_unit) out << ", joined " << unit_name(&b, c.attached_unit);
            if (const auto sector = model::assigned_sector(b, model::Entity::Commander, c.id))
                out << " (" << *sector << "'s sector)";
            out << "\n";
        }
        for (const auto& u : b.units) {
            if (u.side != side.id) continue;
            // Hits against a capacity where the ruleset counts them, else figures left of the start.
            out << "  " << std::left << std::setw(28) << u.name << std::right;
            if (u.hit_capacity > 0)
                out << " hits " << u.hits << "/" << std::left << std::setw(4) << u.hit_capacity << " ";
            else
                out << std::setw(4) << u.figures << "/" << std::left << std::setw(4) << u.start_figures << " ";
            out
                << u.troop_type << ", " << u.quality << ", " << u.weapon
                << (u.formed ? "" : ", unformed");
            std::string flags = flags_text(u);
            if (!flags.empty()) out << "  [" << flags << "]";
            if (const auto sector = model::unit_sector(b, u.id)) out << "  (" << *sector << "'s sector)";
            out << "\n";
        }
    }
}

namespace {

template <typename Entry>
void print_line_of(std::ostream& out, const Entry& e, const std::map<std::string, std::string>& action_names,
                   const model::Battle& battle) {
    // "Turn options set: Turn options set" says it twice: the summary alone then.
    const std::string actor = report::unsaid_actor(battle, e.unit, e.summary);
    std::string head = report::entry_heading(e.id, e.turn, e.kind, e.action, e.refers_to, action_names, actor);
    const std::string name = report::action_name(e.action, action_names);
    std::string_view summary = e.summary;
    if (e.kind == store::EntryKind::Action && actor.empty() && summary.rfind(name, 0) == 0)
        head.erase(head.size() - name.size());
    else
        head += ": ";
    // "Undo of #10: Undo: ..." likewise.
    for (std::string_view said : {"Undo: ", "Redo: "})
        if (e.kind != store::EntryKind::Action && summary.rfind(said, 0) == 0) summary.remove_prefix(said.size());
    out << head << summary << (e.undone ? " (undone)" : "");
    if (!e.umpire.empty()) out << " [" << e.umpire << "]";  // who applied it, where the store keeps that
    out << "\n";
}

} // namespace

void print_journal_entry(std::ostream& out, const store::JournalEntry& e,
                         const std::map<std::string, std::string>& action_names, const model::Battle& battle) {
    print_line_of(out, e, action_names, battle);
}
void print_journal_entry(std::ostream& out, const store::JournalLine& e,
                         const std::map<std::string, std::string>& action_names, const model::Battle& battle) {
    if (e.damaged)
        out << "#" << e.id << " DAMAGED: its row does not match its checksum, so what it says is not shown\n";
    else
        print_line_of(out, e, action_names, battle);
}

void add_json_flag(CLI::App* cmd, bool& json) {
    cmd->add_flag("--json", json, "Print what the command did as JSON on standard output");
}

void print_report(bool json, const nlohmann::json& j, const std::string& text, std::ostream& text_out) {
    if (json)
        std::cout << j.dump(2) << "\n";
    else
        text_out << text << "\n";
}

std::string battle_json_text(const model::Battle& b, std::int64_t journal_entries,
                             const std::vector<std::int64_t>& damaged_entries) {
    // Every object's keys in nlohmann's order (sorted by bytes), so that the text is its dump(2).
    std::vector<std::pair<std::string_view, model::Flag>> flag_names;
    for (auto f : model::kAllFlags) flag_names.emplace_back(model::flag_id(f), f);
    std::sort(flag_names.begin(), flag_names.end());
    store::JsonText out(2);
    out.reserve(1024 + b.units.size() * 700);  // a unit takes some 600 bytes indented
    out.begin_object();
    out.key("commanders").begin_array();
    for (const auto& c : b.commanders) {
        out.begin_object();
        out.key("attached_unit").optional(c.attached_unit);
        out.key("general").value(c.is_general);
        out.key("id").value(c.id);
        out.key("name").value(c.name);
        out.key("side").value(c.side);
        out.key("status").value(model::commander_status_id(c.status));
        out.end_object();
    }
    out.end_array();
    if (!damaged_entries.empty()) {  // only a damaged file has the key
        out.key("damaged_entries").begin_array();
        for (std::int64_t id : damaged_entries) out.value(static_cast<long long>(id));
        out.end_array();
    }
    out.key("distance_scale").value(b.distance_scale);
    out.key("distance_unit").value(b.distance_unit);
    out.key("journal_entries").value(static_cast<long long>(journal_entries));
    out.key("name").value(b.name);
    out.key("ruleset").value(b.ruleset);
    out.key("sides").begin_array();
    for (const auto& s : b.sides) out.begin_object().key("colour").value(s.colour).key("id").value(s.id).key("name").value(s.name).end_object();
    out.end_array();
    out.key("turn").value(b.turn);
    out.key("units").begin_array();
    for (const auto& u : b.units) {
        out.begin_object();
        out.key("commander").optional(u.commander);
        out.key("counters").begin_object();
        for (const auto& [name, value] : u.counters) out.key(name).value(value);
        out.end_object();
        out.key("figures").value(u.figures);
        out.key("flags").begin_object();
        for (const auto& [name, flag] : flag_names) out.key(name).value(u.has(flag));
        out.end_object();
        out.key("formed").value(u.formed);
        out.key("hit_capacity").value(u.hit_capacity);
        out.key("hits").value(u.hits);
        out.key("id").value(u.id);
        out.key("name").value(u.name);
        out.key("quality").value(u.quality);
        out.key("side").value(u.side);
        out.key("start_figures").value(u.start_figures);
        out.key("traits").begin_array();
        for (const auto& [name, value] : u.traits) out.value(name);
        out.end_array();
        out.key("type").value(u.troop_type);
        out.key("weapon").value(u.weapon);
        out.end_object();
    }
    out.end_array();
    out.end_object();
    return out.take();
}

nlohmann::json journal_entry_json(const store::JournalEntry& e) {
    auto optional_id = [](const std::optional<int>& id) { return id ? nlohmann::json(*id) : nlohmann::json(nullptr); };
    nlohmann::json j{{"id", e.id}, {"kind", store::entry_kind_id(e.kind)}, {"turn", e.turn},
                     {"action", e.action}, {"summary", e.summary}, {"unit", optional_id(e.unit)},
                     {"target", optional_id(e.target)}, {"dice", e.dice},
                     {"effects", rules::to_json(e.effects)},
                     {"refers_to", e.refers_to ? nlohmann::json(*e.refers_to) : nlohmann::json(nullptr)},
                     {"undone", e.undone}, {"created_at", e.created_at}};
    // Why, not only what: the working with its citations, the dice by group, what it asked next
    // and, where the umpire overruled the rules, his reason and the rules he overruled.
    const nlohmann::json& r = e.resolution;
    auto array_of = [&](const char* key) {
        return r.is_object() && r.contains(key) && r.at(key).is_array() ? r.at(key) : nlohmann::json::array();
    };
    j["steps"] = array_of("steps");
    j["dice_groups"] = array_of("dice");
    j["follow_ups"] = array_of("follow_ups");
    j["results"] = r.is_object() && r.contains("outcome") && r.at("outcome").is_object() && r.at("outcome").contains("results")
                       ? r.at("outcome").at("results")
                       : nlohmann::json::object();
    j["overrule"] = r.is_object() && r.contains("overrule") ? r.at("overrule") : nlohmann::json(nullptr);
    if (!e.umpire.empty()) j["umpire"] = e.umpire;  // a battle on a server records who applied it
    return j;
}

} // namespace umpire::cli
