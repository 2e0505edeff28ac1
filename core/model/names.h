#pragma once
// Names as the umpire types them: units, commanders and sides are found ignoring case (ASCII),
// and roster names are unique ignoring case.
#include <string>
#include <string_view>

namespace umpire::model {

std::string lower(std::string_view text);
bool iequals(std::string_view a, std::string_view b);
bool istarts_with(std::string_view text, std::string_view prefix);
// A whole number as typed: only ASCII digits, at least one ("104", not "" or "10e").
bool all_digits(std::string_view text);

// How well what was typed names a name, worst to best: somewhere inside it ("8e" in "108e
// Ligne"), at the start of one of its words ("burn" in "Colonel Burnaby", "28" in "1/28th
// Foot"), at the start of the name, the whole name. Ignores case. The one ranking of names the
// desk's finding and the command lines share.
enum class NameMatch { None, Inside, WordStart, Start, Whole };
NameMatch name_match(std::string_view name, std::string_view typed);

} // namespace umpire::model
