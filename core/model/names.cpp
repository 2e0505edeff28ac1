#include "model/names.h"

#include <algorithm>
#include <cctype>

namespace umpire::model {

std::string lower(std::string_view text) {
    std::string out(text);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

bool iequals(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
           });
}

bool istarts_with(std::string_view text, std::string_view prefix) {
    return text.size() >= prefix.size() && iequals(text.substr(0, prefix.size()), prefix);
}

bool all_digits(std::string_view text) {
    return !text.empty() &&
           std::all_of(text.begin(), text.end(), [](unsigned char c) { return std::isdigit(c) != 0; });
}

NameMatch name_match(std::string_view name, std::string_view typed) {
    if (typed.empty() || typed.size() > name.size()) return NameMatch::None;
    if (iequals(name, typed)) return NameMatch::Whole;
    if (istarts_with(name, typed)) return NameMatch::Start;
    NameMatch best = NameMatch::None;
    for (std::size_t at = 1; at + typed.size() <= name.size(); ++at) {
        if (!iequals(name.substr(at, typed.size()), typed)) continue;
        if (!std::isalnum(static_cast<unsigned char>(name[at - 1]))) return NameMatch::WordStart;
        best = NameMatch::Inside;
    }
    return best;
}

} // namespace umpire::model
