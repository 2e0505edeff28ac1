#pragma once
// Internal to the store: a journal row's request and resolution JSON without what the row's own
// columns already hold (schema 5). The action, the unit and the target are columns, the outcome's
// text is the summary, and a recorded resolution is rolled; lists left empty say nothing. Each is
// dropped only when it equals what is put back on reading, so a row reads back exactly as its
// entry was, and a row written before (every key kept) reads back unchanged.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>

namespace umpire::store::detail {

// The columns a payload is told apart from.
struct RowColumns {
    const std::string& action;
    const std::string& summary;
    std::optional<std::int64_t> unit, target;
};

void slim_request(nlohmann::json& request, const RowColumns& row);
void slim_resolution(nlohmann::json& resolution, const RowColumns& row);
void restore_request(nlohmann::json& request, const RowColumns& row);
void restore_resolution(nlohmann::json& resolution, const RowColumns& row);

} // namespace umpire::store::detail
