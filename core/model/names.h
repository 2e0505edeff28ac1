#pragma once
// Names as the umpire types them: units, commanders and sides are found ignoring case (ASCII),
// and roster names are unique ignoring case.
#include <string>
#include <string_view>

namespace umpire::model {

std::string lower(std::string_view text);
bool iequals(std::string_view a, std::string_view b);
bool istarts_with(std::string_view text, std::string_view prefix);

} // namespace umpire::model
