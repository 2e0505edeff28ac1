#include "store/origin.h"

#include "model/plain_text.h"

#include "rules/resolution_json.h"
#include "store/json_text.h"

#include <algorithm>
#include <stdexcept>
#include <utility>

namespace umpire::store::detail {

using nlohmann::json;

namespace {

std::optional<int> optional_id(const json& j) {
    if (j.is_null()) return std::nullopt;
    return j.get<int>();
}

// Keys in nlohmann's order (sorted by bytes), so that the text is the one its dump() would write.
void write_counters(JsonText& out, const std::map<std::string, int>& counters) {
    out.begin_object();
    for (const auto& [name, value] : counters) out.key(name).value(value);
    out.end_object();
}

void write_texts(JsonText& out, const std::map<std::string, std::string>& texts) {
    out.begin_object();
    for (const auto& [name, value] : texts) out.key(name).value(value);
    out.end_object();
}

void write_unit(JsonText& out, const model::Unit& u) {
    std::vector<std::pair<std::string_view, bool>> flags;
    for (const auto& [flag, on] : u.flags) flags.emplace_back(model::flag_id(flag), on);
    std::sort(flags.begin(), flags.end());
    out.begin_object();
    out.key("commander").optional(u.commander);
    write_counters(out.key("counters"), u.counters);
    out.key("figures").value(u.figures);
    out.key("flags").begin_object();
    for (const auto& [name, on] : flags) out.key(name).value(on);
    out.end_object();
    out.key("formed").value(u.formed);
    out.key("hit_capacity").value(u.hit_capacity);
    out.key("hits").value(u.hits);
    out.key("id").value(u.id);
    out.key("name").value(u.name);
    out.key("quality").value(u.quality);
    out.key("side").value(u.side);
    out.key("start_figures").value(u.start_figures);
    write_texts(out.key("traits"), u.traits);
    out.key("troop_type").value(u.troop_type);
    out.key("weapon").value(u.weapon);
    out.end_object();
}

void write_commander(JsonText& out, const model::Commander& c) {
    out.begin_object();
    out.key("attached_unit").optional(c.attached_unit);
    out.key("id").value(c.id);
    out.key("is_general").value(c.is_general);
    out.key("name").value(c.name);
    out.key("side").value(c.side);
    out.key("status").value(model::commander_status_id(c.status));
    out.end_object();
}

void write_side(JsonText& out, const model::Side& s) {
    out.begin_object();
    out.key("colour").value(s.colour);
    write_counters(out.key("counters"), s.counters);
    out.key("id").value(s.id);
    out.key("name").value(s.name);
    out.end_object();
}

// The battle's keys in nlohmann's order; its units only when `units` (the server keeps them in rows).
void write_battle(JsonText& out, const model::Battle& b, bool units) {
    out.begin_object();
    out.key("commanders").begin_array();
    for (const auto& c : b.commanders) write_commander(out, c);
    out.end_array();
    write_counters(out.key("counters"), b.counters);
    out.key("distance_scale").value(b.distance_scale);
    out.key("distance_unit").value(b.distance_unit);
    out.key("house_rules").value(b.house_rules);
    out.key("name").value(b.name);
    out.key("ruleset").value(b.ruleset);
    out.key("sides").begin_array();
    for (const auto& s : b.sides) write_side(out, s);
    out.end_array();
    write_texts(out.key("texts"), b.texts);
    out.key("turn").value(b.turn);
    if (units) {
        out.key("units").begin_array();
        for (const auto& u : b.units) write_unit(out, u);
        out.end_array();
    }
    out.end_object();
}

} // namespace

std::string origin_text(const model::Battle& b) {
    JsonText out;
    write_battle(out, b, true);
    return out.take();
}

std::string unit_text(const model::Unit& unit) {
    JsonText out;
    write_unit(out, unit);
    return out.take();
}

std::string remainder_text(const model::Battle& battle) {
    JsonText out;
    write_battle(out, battle, false);
    return out.take();
}

std::string not_utf8_text(const model::Battle& b) {
    using model::valid_utf8;
    if (!valid_utf8(b.name)) return "the battle's name";
    if (!valid_utf8(b.ruleset) || !valid_utf8(b.distance_unit) || !valid_utf8(b.house_rules)) return "the battle's settings";
    for (const auto& s : b.sides)
        if (!valid_utf8(s.name) || !valid_utf8(s.colour)) return "the name of side " + std::to_string(s.id);
    for (const auto& c : b.commanders)
        if (!valid_utf8(c.name)) return "the name of commander " + std::to_string(c.id);
    for (const auto& u : b.units) {
        if (!valid_utf8(u.name)) return "the name of unit " + std::to_string(u.id);
        if (!valid_utf8(u.troop_type) || !valid_utf8(u.quality) || !valid_utf8(u.weapon))
            return "the type, quality or weapon of unit " + std::to_string(u.id);
        for (const auto& [key, value] : u.traits)
            if (!valid_utf8(key) || !valid_utf8(value)) return "a trait of unit " + std::to_string(u.id);
        for (const auto& [key, value] : u.counters)
            if (!valid_utf8(key)) return "a counter of unit " + std::to_string(u.id);
    }
    for (const auto& [key, value] : b.texts)
        if (!valid_utf8(key) || !valid_utf8(value)) return "the battle's text \"" + model::escaped(key) + "\"";
    for (const auto& [key, value] : b.counters)
        if (!valid_utf8(key)) return "a counter of the battle";
    return "";
}

std::string bad_text_damage(const model::Battle& battle) {
    const std::string bad = not_utf8_text(battle);
    return bad.empty() ? bad : "the battle's text is damaged: " + bad + " is not UTF-8 text";
}

model::Battle remainder_from_json(const json& j) {
    model::Battle b;
    b.name = j.at("name").get<std::string>();
    b.ruleset = j.at("ruleset").get<std::string>();
    b.distance_unit = j.at("distance_unit").get<std::string>();
    b.distance_scale = j.at("distance_scale").get<double>();
    b.house_rules = j.at("house_rules").get<std::string>();
    b.turn = j.at("turn").get<int>();
    b.counters = j.at("counters").get<std::map<std::string, int>>();
    b.texts = j.at("texts").get<std::map<std::string, std::string>>();
    for (const auto& s : j.at("sides"))
        b.sides.push_back({s.at("id").get<int>(), s.at("name").get<std::string>(),
                           s.at("colour").get<std::string>(),
                           s.at("counters").get<std::map<std::string, int>>()});
    for (const auto& c : j.at("commanders")) {
        model::Commander k;
        k.id = c.at("id").get<int>();
        k.name = c.at("name").get<std::string>();
        k.side = c.at("side").get<int>();
        k.is_general = c.at("is_general").get<bool>();
        k.attached_unit = optional_id(c.at("attached_unit"));
        const auto status = model::commander_status_from_id(c.at("status").get<std::string>());
        if (!status) throw std::invalid_argument("unknown commander status");
        k.status = *status;
        b.commanders.push_back(std::move(k));
    }
    return b;
}

model::Unit unit_from_json(const json& j) { return rules::unit_from_json(j); }

model::Battle battle_from_json(const json& j) {
    model::Battle b = remainder_from_json(j);
    const json& units = j.at("units");
    b.units.reserve(units.size());
    for (const auto& u : units) b.units.push_back(rules::unit_from_json(u));
    return b;
}

} // namespace umpire::store::detail
