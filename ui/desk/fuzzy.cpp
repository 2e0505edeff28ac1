#include "desk/fuzzy.h"

#include "model/names.h"

#include <cctype>
#include <string>

namespace umpire::desk {

namespace {

std::string lowered(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

bool word_start(std::string_view s, std::size_t i) {
    return i == 0 || !std::isalnum(static_cast<unsigned char>(s[i - 1]));
}

} // namespace

std::optional<int> fuzzy_score(std::string_view text, std::string_view query) {
    // Spaces in the query are ignored for the in-order match but kept for the substring tests.
    if (query.empty()) return 0;
    const std::string t = lowered(text);
    const std::string q = lowered(query);
    // Shorter names rank a little higher among equal matches: "Rally" before "Rally (army)".
    const int brevity = 100 - static_cast<int>(std::min<std::size_t>(t.size(), 100));
    switch (model::name_match(t, q)) {  // the ranking names have everywhere
    case model::NameMatch::Whole:
    case model::NameMatch::Start: return 4000 + brevity;
    case model::NameMatch::WordStart: return 3000 + brevity;
    case model::NameMatch::Inside: return 2000 + brevity;
    case model::NameMatch::None: break;
    }

    // Letters in order; each one landing on a word start counts extra, gaps cost.
    int score = 1000 + brevity;
    std::size_t ti = 0;
    for (char c : q) {
        if (c == ' ') continue;
        const std::size_t found = t.find(c, ti);
        if (found == std::string::npos) return std::nullopt;
        if (word_start(t, found)) score += 20;
        score -= static_cast<int>(std::min<std::size_t>(found - ti, 20));
        ti = found + 1;
    }
    return score;
}

} // namespace umpire::desk
