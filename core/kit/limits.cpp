#include "kit/limits.h"

#include "kit/effects.h"
#include "kit/phase_counts.h"
#include "kit/refusal.h"

#include <algorithm>

namespace umpire::kit {

namespace {

template <typename T>
bool contains(const std::vector<T>& list, const T& item) {
    return std::find(list.begin(), list.end(), item) != list.end();
}

std::vector<Deed> read_deeds(const TableReader& r, std::string_view key) {
    std::vector<Deed> out;
    for (const auto& id : r.strings(key)) {
        auto d = deed_from_id(id);
        if (!d) r.fail_at(key, "\"" + id + "\" is not a deed (activated, ordered, moved, fired, reacted, charged, "
                                           "melee, rallied, worked)");
        out.push_back(*d);
    }
    return out;
}

std::vector<How> read_hows(const TableReader& r, std::string_view key) {
    std::vector<How> out;
    for (const auto& id : r.strings(key)) {
        auto h = how_from_id(id);
        if (!h) r.fail_at(key, "\"" + id + "\" is not a way of doing it (plain, half, full, charge, march, "
                                             "maneuver, stood, reaction, retreat, pursuit)");
        out.push_back(*h);
    }
    return out;
}

// What the unit did that breaks the limit, as the refusal says it; empty when it keeps to it.
std::string negative_past(Deed d) {
    const std::string past = deed_past(d);  // "has moved", "has been ordered"
    return "has not" + past.substr(3);
}

std::string broken(const Limit& l, const model::Battle& battle, const model::Unit& u, const rules::Inputs& inputs,
                   const rules::Resolution& out) {
    const std::string when(within_id(l.within));
    for (const auto& f : l.flags)
        if (auto flag = model::flag_from_id(f); flag && flag_now(battle, out, u, *flag)) return u.name;
    for (const auto& c : l.counters)
        if (counter_now(battle, out, u, c) != 0) return u.name;
    for (const auto& c : l.stamps)
        if (counter_now(battle, out, u, c) == battle.turn) return u.name;
    auto counts = [&](const Done& did_it) {
        return did_it.happened && (l.how.empty() || contains(l.how, did_it.how)) && !contains(l.how_not, did_it.how);
    };
    for (Deed d : l.needs) {
        const Done did_it = done(battle, out, u, d, l.within);
        if (!counts(did_it))
            return u.name + " " + negative_past(d) + " " + when;
    }
    for (Deed d : l.done) {
        const Done did_it = done(battle, out, u, d, l.within);
        if (!counts(did_it)) continue;
        const std::string how = did_it.how == How::Plain ? "" : " (" + std::string(how_id(did_it.how)) + ")";
        if (l.figures.empty()) return u.name + " " + deed_past(d) + how + " " + when;
        int now_figures = 0;
        for (const auto& id : l.figures) {
            const auto with = l.figures_with.find(id);
            if (with != l.figures_with.end() && !inputs.has(with->second)) continue;
            if (inputs.counts.count(id)) now_figures += inputs.count(id);
        }
        const int figures = static_cast<int>(current(battle, out, model::Entity::Unit, u.id, "figures")) +
                            (l.fallen.empty() ? 0 : phase_count_now(battle, out, u, l.fallen));
        if (did_it.count + now_figures > figures)
            return std::to_string(did_it.count) + " of " + u.name + "'s " + std::to_string(figures) + " figures " +
                   std::string(deed_id(d)) + " " + when + "; " + std::to_string(now_figures) + " more cannot";
    }
    if (l.done.empty() && l.needs.empty() && l.flags.empty() && l.counters.empty() && l.stamps.empty())
        return u.name;  // a limit on the troop type alone
    return {};
}

// The phase numbers of the [turn] table's phases named by `ids`.
std::vector<int> phase_numbers(const TableReader& top, const TableReader& limit, const std::vector<std::string>& ids) {
    std::vector<std::string> phases;
    if (top.has("turn") && top.table("turn").has("phases"))
        each_entry(top.table("turn"), "phases", [&](const TableReader& p) { phases.push_back(p.text("id")); });
    std::vector<int> out;
    for (const auto& id : ids) {
        auto it = std::find(phases.begin(), phases.end(), id);
        if (it == phases.end()) limit.fail_at("phases", "\"" + id + "\" is not a phase of [turn]");
        out.push_back(static_cast<int>(it - phases.begin()) + 1);
    }
    return out;
}

} // namespace

bool Limit::governs(std::string_view action) const {
    return std::find(actions.begin(), actions.end(), action) != actions.end();
}

std::vector<Limit> read_limits(const TableReader& top, const std::function<std::string(const std::string&)>& cite) {
    std::vector<Limit> out;
    if (!top.has("limits")) return out;
    each_entry(top, "limits", [&](const TableReader& r) {
        Limit l;
        l.id = r.text("id");
        l.actions = r.strings("actions");
        if (l.actions.empty()) r.fail_at("actions", "a limit governs at least one action");
        l.done = read_deeds(r, "done");
        l.needs = read_deeds(r, "needs");
        l.how = read_hows(r, "how");
        l.how_not = read_hows(r, "how_not");
        l.within = r.one_of("within", {"turn", "phase"}, std::string("turn")) == "turn" ? Within::Turn : Within::Phase;
        l.types = r.strings("types");
        l.flags = r.strings("flags");
        for (const auto& f : l.flags)
            if (!model::flag_from_id(f)) r.fail_at("flags", "\"" + f + "\" is not a unit flag");
        l.counters = r.strings("counters");
        l.stamps = r.strings("stamps");
        l.phases = phase_numbers(top, r, r.strings("phases"));
        if (r.has("only_in") || r.has("own_phase"))
            r.fail("where an action belongs in the turn is said by [[turn.places]], not a limit");
        l.on_target = r.one_of("on", {"unit", "target"}, std::string("unit")) == "target";
        l.unless = r.text("unless", std::string{});
        l.when = r.text("when", std::string{});
        l.figures = r.strings("figures");
        l.fallen = r.text("fallen", std::string{});
        if (!l.fallen.empty() && l.figures.empty()) r.fail_at("fallen", "fallen counts with figures: give figures too");
        if (r.has("figures_with")) {
            for (const auto& [key, value] : r.table("figures_with").raw()) {
                const std::string id(key.str());
                const auto needs = value.value<std::string>();
                if (!needs) r.fail_at("figures_with", "\"" + id + "\" must name the input it counts with");
                if (!contains(l.figures, id)) r.fail_at("figures_with", "\"" + id + "\" is not one of figures");
                l.figures_with[id] = *needs;
            }
        }
        if (l.done.empty() && l.needs.empty() && l.flags.empty() && l.counters.empty() && l.stamps.empty() &&
            l.types.empty())
            r.fail("a limit needs at least one of done, needs, flags, counters, stamps or types");
        l.text = r.text("text");
        l.citation = cite(r.text("citation"));
        out.push_back(std::move(l));
    });
    return out;
}

void check_limits(const std::vector<Limit>& limits, const std::string& action, const model::Battle& battle,
                  const model::Unit* unit, const model::Unit* target, const rules::Inputs& inputs,
                  const rules::ActionRequest& request, rules::Resolution& out) {
    for (const auto& l : limits) {
        if (!l.governs(action)) continue;
        const model::Unit* u = l.on_target ? target : unit;
        if (!u) continue;
        if (!l.types.empty() && !contains(l.types, u->troop_type)) continue;
        if (!l.unless.empty() && inputs.flag(l.unless)) continue;
        if (!l.when.empty() && !inputs.flag(l.when)) continue;
        if (!l.phases.empty() && !contains(l.phases, now(battle).phase)) continue;
        const std::string why = broken(l, battle, *u, inputs, out);
        if (!why.empty()) forbid(request, out, why + ": " + l.text, l.citation);
    }
}

} // namespace umpire::kit
