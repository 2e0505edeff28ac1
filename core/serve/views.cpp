#include "serve/visibility.h"
#include "serve/views.h"

#include "turn/status_json.h"
#include "turn/turn_engine.h"

#include <algorithm>

namespace umpire::serve {

using nlohmann::json;

namespace {

std::string unit_name(const model::Battle& battle, std::optional<int> id) {
    if (!id) return "";
    const model::Unit* u = battle.unit(*id);
    return u ? u->name : "";
}

json unit_json(const model::Battle& battle, const rules::Ruleset& ruleset, const model::Unit& u) {
    json flags = json::array();
    for (model::Flag f : model::kAllFlags)
        // Activated and fired are kept as deeds now; the old flags are not shown (as the desk).
        if (u.has(f) && f != model::Flag::Activated && f != model::Flag::Fired) flags.push_back(model::flag_id(f));
    json notes = json::array();
    for (const auto& n : ruleset.unit_notes(battle, u))
        if (!n.label.empty()) notes.push_back({{"label", n.label}, {"value", n.value}});
    const model::Commander* k = u.commander ? battle.commander(*u.commander) : nullptr;
    return {{"name", u.name}, {"commander", k ? k->name : ""}, {"type", u.troop_type}, {"quality", u.quality},
            {"weapon", u.weapon}, {"formed", u.formed}, {"figures", u.figures}, {"start_figures", u.start_figures},
            {"hits", u.hits}, {"hit_capacity", u.hit_capacity}, {"on_table", u.on_table()}, {"flags", flags},
            {"notes", notes}};
}

json commander_json(const model::Battle& battle, const model::Commander& k, const HiddenFrom& hidden) {
    const bool with_visible = k.attached_unit && !hidden.hides(*k.attached_unit);
    return {{"name", k.name}, {"general", k.is_general}, {"status", model::commander_status_id(k.status)},
            {"with", with_visible ? unit_name(battle, k.attached_unit) : ""}};
}

json side_json(const model::Battle& battle, const rules::Ruleset& ruleset, const model::Side& s, int viewer,
               const HiddenFrom& hidden) {
    json commanders = json::array(), units = json::array();
    for (const auto& k : battle.commanders)
        if (k.side == s.id) commanders.push_back(commander_json(battle, k, hidden));
    for (const model::Unit* u : visible_units(battle, viewer))
        if (u->side == s.id) units.push_back(unit_json(battle, ruleset, *u));
    return {{"name", s.name}, {"colour", s.colour}, {"own", viewer == kUmpire || viewer == s.id},
            {"counters", s.counters}, {"commanders", commanders}, {"units", units}};
}

// The turn status with its ids said as names, hidden units left out of its lists.
json status_for(const model::Battle& battle, const turn::TurnStatus& st, const HiddenFrom& hidden) {
    json j = turn::status_json(battle, st);
    auto side_name = [&](const char* key) {
        if (!j.contains(key) || !j[key].is_number_integer()) return;
        const model::Side* s = battle.side(j[key].get<int>());
        j[key] = s ? json(s->name) : json(nullptr);
    };
    for (const char* key : {"active_side", "first_side", "chance_due_side", "high_roller"}) side_name(key);
    if (j.contains("active_commander") && j["active_commander"].is_number_integer()) {
        const model::Commander* k = battle.commander(j["active_commander"].get<int>());
        j["active_commander"] = k ? json(k->name) : json(nullptr);
    }
    for (const char* key : {"units_to_move", "units_to_order", "units_to_check"}) {
        if (!j.contains(key) || !j[key].is_array()) continue;
        json names = json::array();
        for (const json& id : j[key])
            if (id.is_number_integer() && !hidden.hides(id.get<int>())) names.push_back(unit_name(battle, id.get<int>()));
        j[key] = names;
    }
    // What a hidden unit owes is as hidden as the unit.
    if (j.contains("owed") && j["owed"].is_array()) {
        json kept = json::array();
        for (const json& o : j["owed"])
            if (!(o.contains("unit") && o["unit"].is_number_integer() && hidden.hides(o["unit"].get<int>())))
                kept.push_back(o);
        j["owed"] = kept;
    }
    // The cards keep their ids for the umpire only; a side reads the label.
    auto strip_card = [](json& card) {
        if (card.is_object()) {
            card.erase("side");
            card.erase("commander");
        }
    };
    if (j.contains("current")) strip_card(j["current"]);
    if (j.contains("discards"))
        for (json& c : j["discards"]) strip_card(c);
    return j;
}

json line_json(const store::JournalLine& l) {
    return {{"id", l.id}, {"turn", l.turn}, {"kind", store::entry_kind_id(l.kind)}, {"action", l.action},
            {"summary", l.summary}, {"undone", l.undone},
            {"refers_to", l.refers_to ? json(*l.refers_to) : json(nullptr)}};
}

// A result as a page shows it: the headline, the dice, the working with its citations, what
// it asks next.
json result_json(const model::Battle& battle, const KnownEntry& e) {
    json j = line_json(e.line);
    const json& r = e.resolution;
    if (!r.is_object()) return j;
    j["outcome"] = r.contains("outcome") && r["outcome"].is_object() ? r["outcome"].value("text", "") : "";
    json dice = json::array();
    for (const json& g : r.value("dice", json::array()))
        dice.push_back({{"label", g.value("label", "")}, {"values", g.value("values", json::array())},
                        {"success_on", g.value("success_on", 0)}, {"modifier", g.value("modifier", 0)}});
    j["dice"] = dice;
    json steps = json::array();
    for (const json& s : r.value("steps", json::array()))
        steps.push_back({{"text", s.value("text", "")}, {"citation", s.value("citation", "")}});
    j["steps"] = steps;
    json next = json::array();
    for (const auto& f : e.line.follow_ups)
        next.push_back({{"action", f.action}, {"unit", unit_name(battle, f.unit)}, {"reason", f.reason},
                        {"citation", f.citation}});
    j["next"] = next;
    if (r.contains("overrule") && r["overrule"].is_object()) j["overrule"] = r["overrule"].value("reason", "");
    return j;
}

// Whether a result concerns the viewer: it touches one of its units, or is about no unit at
// all (a turn step: a card, the wind, a chance card). The umpire is concerned by everything.
bool concerns(const model::Battle& battle, const store::JournalLine& l, int viewer) {
    if (viewer == kUmpire) return true;
    auto own = [&](std::optional<int> id) {
        const model::Unit* u = id ? battle.unit(*id) : nullptr;
        return u && u->side == viewer;
    };
    if (own(l.unit) || own(l.target)) return true;
    for (int u : l.units)
        if (own(u)) return true;
    return !l.unit && !l.target && l.units.empty();
}

View view_for(const model::Battle& battle, const rules::Ruleset& ruleset, const turn::TurnStatus& st,
              const std::vector<std::string>& turn_notes, const std::vector<KnownEntry>& known,
              const std::vector<std::string>& known_text, std::int64_t last_entry, int viewer) {
    const HiddenFrom hidden(battle, viewer);
    View v;
    v.viewer = viewer;
    v.oldest_kept = known.empty() ? last_entry + 1 : known.front().line.id;
    const model::Side* own = battle.side(viewer);
    v.name = own ? own->name : "Umpire";

    json sides = json::array();
    for (const auto& s : battle.sides) sides.push_back(side_json(battle, ruleset, s, viewer, hidden));

    json results = json::array(), journal = json::array();
    std::vector<std::size_t> shown;  // indexes into `known` of the results shown, newest first
    for (std::size_t i = known.size(); i-- > 0;) {
        const store::JournalLine& l = known[i].line;
        if (hidden.hides(l, known_text[i])) continue;
        if (l.kind == store::EntryKind::Action && shown.size() < kResultsShown && concerns(battle, l, viewer))
            shown.push_back(i);
    }
    for (std::size_t i : shown) results.push_back(result_json(battle, known[i]));
    for (std::size_t i = 0; i < known.size(); ++i) {
        if (hidden.hides(known[i].line, known_text[i])) continue;
        json line = line_json(known[i].line);
        hidden.redact(line);
        v.lines.emplace_back(known[i].line.id, line.dump());
        if (viewer == kUmpire) journal.push_back(std::move(line));
    }

    json doc{{"entry", last_entry},
             {"viewer", {{"side", viewer == kUmpire ? json(nullptr) : json(v.name)}, {"umpire", viewer == kUmpire}}},
             {"battle", {{"name", battle.name}, {"ruleset", battle.ruleset}, {"ruleset_name", ruleset.name()},
                         {"turn", battle.turn}, {"distance_unit", battle.distance_unit}}},
             {"status", status_for(battle, st, hidden)},
             {"notes", turn_notes},
             {"sides", sides},
             {"results", results}};
    if (viewer == kUmpire) doc["journal"] = journal;
    hidden.redact(doc);
    v.document = doc.dump();
    return v;
}

} // namespace

std::vector<View> build_views(const model::Battle& battle, const rules::Ruleset& ruleset,
                              const turn::TurnRules& turn_rules, const std::vector<KnownEntry>& known,
                              std::int64_t last_entry) {
    const turn::TurnStatus st = turn::turn_status(battle, turn_rules);
    const std::vector<std::string> notes = ruleset.turn_notes(battle);
    // Each entry's payload as text once, for the hidden names to be looked for in it.
    std::vector<std::string> text;
    text.reserve(known.size());
    for (const KnownEntry& e : known) text.push_back(e.resolution.is_null() ? std::string() : e.resolution.dump());
    std::vector<View> views;
    views.push_back(view_for(battle, ruleset, st, notes, known, text, last_entry, kUmpire));
    for (const auto& s : battle.sides) views.push_back(view_for(battle, ruleset, st, notes, known, text, last_entry, s.id));
    return views;
}

} // namespace umpire::serve
