#include "store/payload.h"

#include <utility>
#include <vector>

namespace umpire::store::detail {

namespace {

using nlohmann::json;

json id_or_null(const std::optional<std::int64_t>& id) { return id ? json(*id) : json(nullptr); }

// The keys of a payload object that the row's columns (or a default) give back on reading.
std::vector<std::pair<const char*, json>> implied_by_columns(const RowColumns& row) {
    return {{"action", row.action}, {"unit", id_or_null(row.unit)}, {"target", id_or_null(row.target)}};
}

std::vector<std::pair<const char*, json>> implied_in_resolution(const RowColumns& row) {
    auto keys = implied_by_columns(row);
    keys.emplace_back("rolled", true);  // only rolled resolutions are recorded
    for (const char* list : {"chances", "dice", "odds"}) keys.emplace_back(list, json::array());
    return keys;
}

void drop_implied(json& j, const std::vector<std::pair<const char*, json>>& keys) {
    for (const auto& [key, value] : keys) {
        const auto it = j.find(key);
        if (it != j.end() && *it == value) j.erase(it);
    }
}

void put_back_implied(json& j, const std::vector<std::pair<const char*, json>>& keys) {
    for (const auto& [key, value] : keys)
        if (!j.contains(key)) j[key] = value;
}

} // namespace

void slim_request(json& request, const RowColumns& row) {
    if (request.is_object()) drop_implied(request, implied_by_columns(row));
}

void restore_request(json& request, const RowColumns& row) {
    if (request.is_object()) put_back_implied(request, implied_by_columns(row));
}

void slim_resolution(json& resolution, const RowColumns& row) {
    if (!resolution.is_object()) return;
    drop_implied(resolution, implied_in_resolution(row));
    const auto outcome = resolution.find("outcome");
    if (outcome != resolution.end() && outcome->is_object()) {
        const auto text = outcome->find("text");
        if (text != outcome->end() && *text == row.summary) outcome->erase(text);
    }
}

void restore_resolution(json& resolution, const RowColumns& row) {
    if (!resolution.is_object()) return;
    put_back_implied(resolution, implied_in_resolution(row));
    const auto outcome = resolution.find("outcome");
    if (outcome != resolution.end() && outcome->is_object() && !outcome->contains("text"))
        (*outcome)["text"] = row.summary;
}

} // namespace umpire::store::detail
