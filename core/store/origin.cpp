#include "store/origin.h"

#include "rules/resolution_json.h"

#include <stdexcept>
#include <utility>

namespace umpire::store::detail {

using nlohmann::json;

namespace {

json optional_id(const std::optional<int>& id) { return id ? json(*id) : json(nullptr); }

std::optional<int> optional_id(const json& j) {
    if (j.is_null()) return std::nullopt;
    return j.get<int>();
}

} // namespace

json battle_to_json(const model::Battle& b) {
    json sides = json::array(), commanders = json::array(), units = json::array();
    for (const auto& s : b.sides)
        sides.push_back({{"id", s.id}, {"name", s.name}, {"colour", s.colour}, {"counters", s.counters}});
    for (const auto& c : b.commanders)
        commanders.push_back({{"id", c.id}, {"name", c.name}, {"side", c.side}, {"is_general", c.is_general},
                              {"attached_unit", optional_id(c.attached_unit)},
                              {"status", model::commander_status_id(c.status)}});
    for (const auto& u : b.units) units.push_back(rules::to_json(u));
    return {{"name", b.name}, {"ruleset", b.ruleset}, {"distance_unit", b.distance_unit},
            {"distance_scale", b.distance_scale}, {"house_rules", b.house_rules}, {"turn", b.turn},
            {"counters", b.counters}, {"texts", b.texts}, {"sides", std::move(sides)},
            {"commanders", std::move(commanders)}, {"units", std::move(units)}};  // moved: no copy of thousands of units
}

model::Battle battle_from_json(const json& j) {
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
    for (const auto& u : j.at("units")) b.units.push_back(rules::unit_from_json(u));
    return b;
}

} // namespace umpire::store::detail
