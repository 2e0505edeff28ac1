// Writing a battle's starting roster back as TOML. The output is laid out like a hand-written
// roster (one [[side]] after another, commanders then units) and parse_roster reads it back to
// the same sides, commanders and units, with the same ids when those were numbered in file order,
// as parse_roster numbers them. In-game state (flags, counters, hits, commander status) is not part
// of a roster and is not written; current_figures is, when it differs from figures.
#include "roster/roster.h"
#include "roster/toml_text.h"

#include <sstream>

namespace umpire::roster {

using detail::toml_float;
using detail::toml_key;
using detail::toml_quote;

std::string write_roster(const model::Battle& battle) {
    std::ostringstream out;
    out << "format = \"umpire-roster\"\n"
        << "version = 1\n"
        << "ruleset = " << toml_quote(battle.ruleset) << "\n"
        << "name = " << toml_quote(battle.name) << "\n"
        << "distance_unit = " << toml_quote(battle.distance_unit) << "\n"
        << "distance_scale = " << toml_float(battle.distance_scale) << "\n";
    if (!battle.house_rules.empty()) out << "house_rules = " << toml_quote(battle.house_rules) << "\n";

    for (const model::Side& side : battle.sides) {
        out << "\n[[side]]\n"
            << "name = " << toml_quote(side.name) << "\n";
        if (!side.colour.empty()) out << "colour = " << toml_quote(side.colour) << "\n";
        for (const model::Commander& c : battle.commanders) {
            if (c.side != side.id) continue;
            out << "\n  [[side.commander]]\n"
                << "  name = " << toml_quote(c.name) << "\n";
            if (c.is_general) out << "  general = true\n";
        }
        for (const model::Unit& u : battle.units) {
            if (u.side != side.id) continue;
            out << "\n  [[side.unit]]\n"
                << "  name = " << toml_quote(u.name) << "\n";
            if (u.commander)
                if (const model::Commander* c = battle.commander(*u.commander))
                    out << "  commander = " << toml_quote(c->name) << "\n";
            out << "  type = " << toml_quote(u.troop_type) << "\n"
                << "  quality = " << toml_quote(u.quality) << "\n"
                << "  weapon = " << toml_quote(u.weapon) << "\n"
                << "  formed = " << (u.formed ? "true" : "false") << "\n"
                << "  figures = " << u.start_figures << "\n";
            if (u.has(model::Flag::Reserve)) out << "  reserve = true\n";
            if (u.has(model::Flag::Hidden)) out << "  hidden = true\n";
            if (u.figures != u.start_figures) out << "  current_figures = " << u.figures << "\n";
            if (u.hit_capacity != 0) out << "  hit_capacity = " << u.hit_capacity << "\n";
            if (u.traits.empty()) continue;
            bool plain = true;  // traits without values are written as a list
            for (const auto& [trait, value] : u.traits) plain = plain && value.empty();
            out << "  traits = " << (plain ? "[" : "{ ");
            bool first = true;
            for (const auto& [trait, value] : u.traits) {
                out << (first ? "" : ", ");
                if (plain)
                    out << toml_quote(trait);
                else
                    out << toml_key(trait) << " = " << toml_quote(value);
                first = false;
            }
            out << (plain ? "]" : " }") << "\n";
        }
    }
    return out.str();
}

} // namespace umpire::roster
