#include "rules/resolution_json.h"

#include <cmath>

namespace umpire::rules {

using nlohmann::json;

namespace {

json optional_id(const std::optional<int>& id) { return id ? json(*id) : json(nullptr); }

std::optional<int> optional_id(const json& j, const char* key) {
    if (!j.contains(key) || j.at(key).is_null()) return std::nullopt;
    return j.at(key).get<int>();
}

// Probabilities rounded so the JSON stays readable; the exact values are kept in memory.
double tidy(double p) { return std::round(p * 1e9) / 1e9; }

json to_json(const dice::Distribution& d) {
    json probabilities = json::array();
    for (int k = d.min(); k <= d.max(); ++k)
        probabilities.push_back({{"value", k}, {"p", tidy(d.p_exactly(k))}, {"p_at_least", tidy(d.p_at_least(k))}});
    return {{"mean", tidy(d.mean())}, {"min", d.min()}, {"max", d.max()}, {"distribution", probabilities}};
}

} // namespace

json to_json(const ActionSpec& spec) {
    json inputs = json::array();
    for (const auto& in : spec.inputs) {
        json item{{"id", in.id}, {"label", in.label}, {"kind", input_kind_id(in.kind)},
                  {"required", in.required}, {"help", in.help}};
        if (in.kind == InputKind::Count || in.kind == InputKind::Distance || in.kind == InputKind::Areas) {
            item["min"] = in.min;
            item["max"] = in.max;
        }
        if (!in.fallback.empty()) item["default"] = in.fallback;
        if (in.id_of != IdOf::Nothing) item["id_of"] = id_of_id(in.id_of);
        if (!in.choices.empty()) {
            json choices = json::array();
            for (const auto& c : in.choices) {
                json cj{{"id", c.id}, {"label", c.label}};
                if (in.kind == InputKind::Modifiers) cj["value"] = c.value;
                if (!c.help.empty()) cj["help"] = c.help;
                choices.push_back(cj);
            }
            item["choices"] = choices;
        }
        inputs.push_back(item);
    }
    return {{"id", spec.id}, {"name", spec.name}, {"summary", spec.summary},
            {"citation", spec.citation}, {"needs_unit", spec.needs_unit},
            {"unit_optional", spec.unit_optional},
            {"needs_target", spec.needs_target}, {"target_optional", spec.target_optional},
            {"inputs", inputs}};
}

json to_json(const ActionRequest& request) {
    json j{{"action", request.action}, {"unit", optional_id(request.unit)},
           {"target", optional_id(request.target)}, {"values", request.values}};
    if (request.answers) j["answers"] = *request.answers;
    if (!request.overrule.empty()) j["overrule"] = request.overrule;
    if (!request.in_sector_of.empty()) j["in_sector_of"] = request.in_sector_of;
    return j;
}

ActionRequest request_from_json(const json& j) {
    ActionRequest r;
    r.action = j.at("action").get<std::string>();
    r.unit = optional_id(j, "unit");
    r.target = optional_id(j, "target");
    if (j.contains("values")) r.values = j.at("values").get<std::map<std::string, std::string>>();
    if (j.contains("answers") && j.at("answers").is_number_integer()) r.answers = j.at("answers").get<std::int64_t>();
    if (j.contains("overrule") && j.at("overrule").is_string()) r.overrule = j.at("overrule").get<std::string>();
    if (j.contains("in_sector_of") && j.at("in_sector_of").is_string())
        r.in_sector_of = j.at("in_sector_of").get<std::string>();
    return r;
}

// The whole unit an effect creates or removes (model/effect.h), every field, so the journal can
// replay it exactly.
json to_json(const model::Unit& u) {
    // Key by key rather than from an initializer list, which copies every value once more: the
    // battle's starting state is thousands of these.
    json j = json::object();
    json& flags = j["flags"] = json::object();
    for (const auto& [flag, on] : u.flags) flags[std::string(model::flag_id(flag))] = on;
    j["id"] = u.id;
    j["name"] = u.name;
    j["side"] = u.side;
    j["commander"] = optional_id(u.commander);
    j["troop_type"] = u.troop_type;
    j["quality"] = u.quality;
    j["weapon"] = u.weapon;
    j["formed"] = u.formed;
    j["start_figures"] = u.start_figures;
    j["figures"] = u.figures;
    j["hits"] = u.hits;
    j["hit_capacity"] = u.hit_capacity;
    j["counters"] = u.counters;
    j["traits"] = u.traits;
    return j;
}

model::Unit unit_from_json(const json& j) {
    model::Unit u;
    u.id = j.at("id").get<int>();
    u.name = j.at("name").get<std::string>();
    u.side = j.at("side").get<int>();
    u.commander = optional_id(j, "commander");
    u.troop_type = j.at("troop_type").get<std::string>();
    u.quality = j.at("quality").get<std::string>();
    u.weapon = j.at("weapon").get<std::string>();
    u.formed = j.at("formed").get<bool>();
    u.start_figures = j.at("start_figures").get<int>();
    u.figures = j.at("figures").get<int>();
    u.hits = j.value("hits", 0);
    u.hit_capacity = j.value("hit_capacity", 0);
    const json flags = j.value("flags", json::object());
    for (const auto& [name, on] : flags.items()) {
        auto flag = model::flag_from_id(name);
        if (!flag) throw std::invalid_argument("unknown unit flag \"" + name + "\"");
        u.flags[*flag] = on.get<bool>();
    }
    u.counters = j.value("counters", std::map<std::string, int>{});
    u.traits = j.value("traits", std::map<std::string, std::string>{});
    return u;
}

json to_json(const model::Effect& e) {
    json j{{"entity", model::entity_id(e.entity)}, {"id", e.id}, {"field", e.field},
           {"before", e.before}, {"after", e.after}, {"reason", e.reason}};
    if (e.unit) j["unit"] = to_json(*e.unit);
    if (e.text_patch) {
        j["text_patch"] = to_json(*e.text_patch);
    } else if (model::is_text_field(e)) {
        // A long text changed (the turn engine's state): what changed, not both ends whole.
        if (e.text_before && e.text_after && e.text_before->size() + e.text_after->size() >= kPatchFrom) {
            j["text_patch"] = to_json(model::make_text_patch(*e.text_before, *e.text_after));
        } else {
            j["text_before"] = e.text_before ? json(*e.text_before) : json(nullptr);
            j["text_after"] = e.text_after ? json(*e.text_after) : json(nullptr);
        }
    }
    return j;
}

json to_json(const model::TextPatch& p) {
    json edits = json::array();
    for (const auto& e : p.edits) edits.push_back(json::array({e.at, e.cut, e.put}));
    return {{"from", {p.before.size, p.before.hash}}, {"to", {p.after.size, p.after.hash}}, {"edits", edits}};
}

model::TextPatch text_patch_from_json(const json& j) {
    model::TextPatch p;
    p.before = {j.at("from").at(0).get<std::int64_t>(), j.at("from").at(1).get<std::string>()};
    p.after = {j.at("to").at(0).get<std::int64_t>(), j.at("to").at(1).get<std::string>()};
    for (const auto& e : j.at("edits"))
        p.edits.push_back({e.at(0).get<std::int64_t>(), e.at(1).get<std::string>(), e.at(2).get<std::string>()});
    return p;
}

json to_json(const std::vector<model::Effect>& effects) {
    json out = json::array();
    for (const auto& e : effects) out.push_back(to_json(e));
    return out;
}

model::Effect effect_from_json(const json& j) {
    model::Effect e;
    auto entity = j.at("entity").get<std::string>();
    if (entity == "unit")
        e.entity = model::Entity::Unit;
    else if (entity == "commander")
        e.entity = model::Entity::Commander;
    else if (entity == "side")
        e.entity = model::Entity::Side;
    else if (entity == "battle")
        e.entity = model::Entity::Battle;
    else
        throw std::invalid_argument("unknown effect entity \"" + entity + "\"");
    e.id = j.at("id").get<int>();
    e.field = j.at("field").get<std::string>();
    e.before = j.at("before").get<std::int64_t>();
    e.after = j.at("after").get<std::int64_t>();
    e.reason = j.value("reason", "");
    if (j.contains("unit") && !j.at("unit").is_null()) e.unit = unit_from_json(j.at("unit"));
    auto text = [&](const char* key) -> std::optional<std::string> {
        if (!j.contains(key) || j.at(key).is_null()) return std::nullopt;
        return j.at(key).get<std::string>();
    };
    e.text_before = text("text_before");
    e.text_after = text("text_after");
    if (j.contains("text_patch")) e.text_patch = text_patch_from_json(j.at("text_patch"));
    return e;
}

std::vector<model::Effect> effects_from_json(const json& j) {
    std::vector<model::Effect> out;
    for (const auto& item : j) out.push_back(effect_from_json(item));
    return out;
}

json to_json(const FollowUp& f) {
    json j{{"action", f.action}, {"unit", optional_id(f.unit)}, {"reason", f.reason}, {"citation", f.citation}};
    if (!f.values.empty()) j["values"] = f.values;
    if (!f.owed.empty()) j["owed"] = {{"id", f.owed}, {"due", f.due}};
    if (f.target) j["target"] = *f.target;
    return j;
}

FollowUp follow_up_from_json(const json& j) {
    // Read defensively: a stored follow-up is shown and offered, never fed to a rule as it is.
    FollowUp f;
    if (!j.is_object()) return f;
    auto text = [&](const char* key) {
        return j.contains(key) && j.at(key).is_string() ? j.at(key).get<std::string>() : std::string();
    };
    f.action = text("action");
    if (j.contains("unit") && j.at("unit").is_number_integer()) f.unit = j.at("unit").get<int>();
    if (j.contains("target") && j.at("target").is_number_integer()) f.target = j.at("target").get<int>();
    f.reason = text("reason");
    f.citation = text("citation");
    if (j.contains("values") && j.at("values").is_object())
        for (const auto& [key, value] : j.at("values").items())
            if (value.is_string()) f.values[key] = value.get<std::string>();
    if (j.contains("owed") && j.at("owed").is_object()) {
        const json& o = j.at("owed");
        if (o.contains("id") && o.at("id").is_string()) f.owed = o.at("id").get<std::string>();
        if (o.contains("due") && o.at("due").is_string()) f.due = o.at("due").get<std::string>();
    }
    return f;
}

json to_json(const Resolution& r) {
    json dice = json::array();
    for (const auto& g : r.dice) {
        json gj{{"label", g.label}, {"values", g.values}};
        if (g.success_on > 0) {
            gj["modifier"] = g.modifier;
            gj["success_on"] = g.success_on;
            gj["successes"] = g.successes();
        }
        dice.push_back(gj);
    }
    json steps = json::array();
    for (const auto& s : r.steps) steps.push_back({{"text", s.text}, {"citation", s.citation}});
    json odds = json::array();
    for (const auto& o : r.odds) {
        json oj = to_json(o.distribution);
        oj["label"] = o.label;
        odds.push_back(oj);
    }
    json chances = json::array();
    for (const auto& c : r.chances) chances.push_back({{"label", c.label}, {"p", tidy(c.probability)}});
    json follow = json::array();
    for (const auto& f : r.follow_ups) follow.push_back(to_json(f));
    json out{{"ruleset", r.ruleset},
            {"action", r.action},
            {"unit", optional_id(r.unit)},
            {"target", optional_id(r.target)},
            {"rolled", r.rolled},
            {"dice", dice},
            {"steps", steps},
            {"outcome", {{"text", r.outcome}, {"results", r.results}}},
            {"odds", odds},
            {"chances", chances},
            {"effects", to_json(r.effects)},
            {"follow_ups", follow}};
    if (!r.overruled.empty()) {
        json overruled = json::array();
        for (const auto& s : r.overruled) overruled.push_back({{"text", s.text}, {"citation", s.citation}});
        out["overrule"] = {{"reason", r.overrule}, {"rules", overruled}};
    }
    if (r.question) {
        json options = json::array();
        for (const auto& o : r.question->options) options.push_back({{"id", o.id}, {"text", o.label}});
        out["question"] = {{"input", r.question->input},
                           {"text", r.question->text},
                           {"citation", r.question->citation},
                           {"options", options}};
    }
    return out;
}

} // namespace umpire::rules
