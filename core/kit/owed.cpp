#include "kit/owed.h"

#include "kit/effects.h"
#include "kit/text.h"

#include <algorithm>
#include <stdexcept>

namespace umpire::kit {

namespace {

// The [turn] phases' ids and names, for checking an obligation's phases and saying them.
std::map<std::string, std::string> phase_names(const TableReader& top) {
    std::map<std::string, std::string> out;
    if (top.has("turn") && top.table("turn").has("phases"))
        each_entry(top.table("turn"), "phases", [&](const TableReader& p) { out[p.text("id")] = p.text("name"); });
    return out;
}

// By when, in words: what Pending and the turn status say of it.
std::string due_words(const Obligation& o, const std::map<std::string, std::string>& names) {
    if (o.due == Due::Now) return "before this phase ends";
    std::vector<std::string> said;
    for (const auto& id : o.phases) {
        const std::string& name = names.at(id);
        if (std::find(said.begin(), said.end(), name) == said.end()) said.push_back(name);
    }
    // "the Melee phase", not "the Melee phase phase", for a ruleset that names its phases so.
    const std::string last = said.empty() ? std::string() : said.back();
    const bool named_phase = last.size() >= 6 && last.compare(last.size() - 6, 6, " phase") == 0;
    const std::string phases = list_text(said) + (named_phase ? "" : " phase");
    if (o.due == Due::Each) return "in each " + phases;
    return std::string("by the end of ") + (o.own ? "its side's" : "the") + " next " + phases;
}

bool marker_known(const std::string& marker) {
    if (marker.rfind("counter:", 0) == 0) return marker.size() > 8;
    if (marker.rfind("flag:", 0) == 0) return model::flag_from_id(marker.substr(5)).has_value();
    return false;
}

} // namespace

std::string owed_key(const std::string& id) { return "owed:" + id; }

bool Obligation::paid_by(const std::string& action, const rules::Inputs& inputs) const {
    if (std::find(actions.begin(), actions.end(), action) == actions.end()) return false;
    for (const auto& [input, value] : values) {
        if (auto c = inputs.choices.find(input); c != inputs.choices.end()) {
            if (c->second != value) return false;
        } else if (auto f = inputs.flags.find(input); f != inputs.flags.end()) {
            if (yes_no(f->second) != value) return false;
        } else {
            return false;  // the input was not given: not the action the rule asks for
        }
    }
    return true;
}

std::vector<Obligation> read_obligations(const TableReader& top,
                                         const std::function<std::string(const std::string&)>& cite) {
    std::vector<Obligation> out;
    if (!top.has("owed")) return out;
    const auto names = phase_names(top);
    each_entry(top, "owed", [&](const TableReader& r) {
        Obligation o;
        o.id = r.text("id");
        if (find_obligation(out, o.id)) r.fail_at("id", "\"" + o.id + "\" is declared twice");
        o.actions = r.strings("actions");
        const std::string due = r.one_of("due", {"now", "next", "each"});
        o.due = due == "now" ? Due::Now : due == "next" ? Due::Next : Due::Each;
        o.phases = r.strings("phases");
        for (const auto& p : o.phases)
            if (!names.count(p)) r.fail_at("phases", "\"" + p + "\" is not a phase of [turn]");
        if (o.due != Due::Now && o.phases.empty()) r.fail_at("phases", "\"" + due + "\" needs the phases it is due in");
        if (o.due == Due::Now && !o.phases.empty())
            r.fail_at("phases", "an obligation due \"now\" is due in the phase it arises in: give no phases");
        o.own = r.flag("own", false);
        if (r.has("values"))
            for (const auto& [key, value] : r.table("values").raw()) {
                const auto text = value.value<std::string>();
                if (!text) r.fail_at("values", "\"" + std::string(key.str()) + "\" must be a text");
                o.values[std::string(key.str())] = *text;
            }
        o.while_marker = r.text("while", std::string{});
        if (r.has("done")) {
            o.done = deed_from_id(r.text("done"));
            if (!o.done) r.fail_at("done", "\"" + r.text("done") + "\" is not a deed");
        }
        if (o.standing()) {
            if (!marker_known(o.while_marker))
                r.fail_at("while", "a standing obligation needs the marker its units carry: \"counter:KEY\" or \"flag:ID\"");
            if (!o.done) r.fail_at("done", "a standing obligation needs the deed that pays it in each phase");
        } else {
            if (!o.while_marker.empty() || o.done) r.fail_at("while", "'while' and 'done' are for due = \"each\"");
            if (o.actions.empty()) r.fail_at("actions", "an obligation names the actions that pay it");
        }
        o.unpaid = r.one_of("unpaid", {"none", "rout"}, std::string("none"));
        o.removed = r.flag("removed", false);
        if (o.removed && o.standing()) r.fail_at("removed", "a standing obligation is owed by units on the table");
        o.text = r.text("text");
        o.citation = cite(r.text("citation"));
        o.due_text = due_words(o, names);
        out.push_back(std::move(o));
    });
    return out;
}

const Obligation* find_obligation(const std::vector<Obligation>& all, const std::string& id) {
    for (const auto& o : all)
        if (o.id == id) return &o;
    return nullptr;
}

void owe(const std::vector<Obligation>& all, const model::Battle& battle, rules::Resolution& out,
         const model::Unit& unit, const std::string& id, const std::string& reason, std::optional<int> target) {
    const Obligation* o = find_obligation(all, id);
    if (!o || o->standing()) throw std::logic_error("no obligation \"" + id + "\" to raise");
    if (counter_now(battle, out, unit, owed_key(id)) != 0) return;  // owed already: once is enough
    set_counter(battle, out, unit, owed_key(id), now(battle).stamp(), "to do: " + o->text);
    rules::FollowUp f{o->actions.front(), unit.id, reason.empty() ? o->text : reason + ": " + o->text, o->citation,
                      o->values};
    f.owed = o->id;
    f.due = o->due_text;
    f.target = target;
    out.follow_ups.push_back(std::move(f));
}

void pay(const std::vector<Obligation>& all, const model::Battle& battle, const std::string& action,
         const model::Unit& unit, const rules::Inputs& inputs, rules::Resolution& out) {
    for (const auto& o : all) {
        if (o.standing() || !o.paid_by(action, inputs)) continue;
        if (counter_now(battle, out, unit, owed_key(o.id)) == 0) continue;
        set_counter(battle, out, unit, owed_key(o.id), 0, "done: " + o.text);
    }
}

bool carries(const Obligation& o, const model::Unit& unit) {
    if (o.while_marker.rfind("counter:", 0) == 0) return counter(unit, o.while_marker.substr(8)) != 0;
    if (auto flag = model::flag_from_id(o.while_marker.substr(5))) return unit.has(*flag);
    return false;
}

} // namespace umpire::kit
