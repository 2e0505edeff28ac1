#include "kit/text.h"

#include "rules/distance.h"

#include <cmath>
#include <cstdio>

namespace umpire::kit {

std::string plural(int n, const std::string& one, const std::string& many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
}
std::string dice_text(int n) { return plural(n, "die", "dice"); }
std::string hits_text(int n) { return plural(n, "hit", "hits"); }
std::string signed_text(int v) { return (v >= 0 ? "+" : "") + std::to_string(v); }

std::string decimal(double v, int places) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.*f", places, v);
    return buf;
}

std::string yes_no(bool b) { return b ? "yes" : "no"; }

std::string who(const model::Unit* unit, const char* fallback) { return unit ? unit->name : std::string(fallback); }

std::string side_name(const model::Battle& battle, int side) {
    if (const model::Side* s = battle.side(side)) return s->name;
    return "side " + std::to_string(side);
}

std::string possessive(const std::string& name) {
    return name + (!name.empty() && name.back() == 's' ? "'" : "'s");
}

std::string list_text(const std::vector<std::string>& items) { return list_text(items, "and"); }

std::string list_text(const std::vector<std::string>& items, const std::string& last) {
    std::string out;
    for (std::size_t i = 0; i < items.size(); ++i)
        out += (i == 0 ? "" : i + 1 == items.size() ? " " + last + " " : ", ") + items[i];
    return out;
}

std::string turn_note(const model::Battle& battle) { return "turn " + std::to_string(battle.turn); }

namespace {

// "hits", "rallies": the verb as "it" does it (a consonant and y take -ies).
std::string third_person(const std::string& verb) {
    const std::size_t n = verb.size();
    if (n >= 2 && verb[n - 1] == 'y' && std::string("aeiou").find(verb[n - 2]) == std::string::npos)
        return verb.substr(0, n - 1) + "ies";
    return verb + "s";
}

} // namespace

std::string need_text(int natural, const std::string& verb) {
    if (natural >= 7) return "no score can " + verb;
    const std::string does = third_person(verb);
    if (natural <= 1) return "every die " + does;
    if (natural == 6) return does + " on a 6";
    return does + " on " + std::to_string(natural) + "-6";
}

std::string table_distance(const model::Battle& battle, double rulebook_inches) {
    std::string text = rules::format_inches(rulebook_inches);
    const double table = rulebook_inches * battle.distance_scale;
    if (battle.distance_unit == "cm") return text + " (" + decimal(table * 2.54) + " cm on the table)";
    if (std::fabs(battle.distance_scale - 1.0) > 1e-9) text += " (" + rules::format_inches(table) + " on the table)";
    return text;
}

} // namespace umpire::kit
