// Terrain (6): which troops may cross which ground, and how fast. The umpire names the ground
// crossed; the tables say for each movement class whether that is a full move, a basic move only,
// a basic move at half speed, the whole move at half speed (in march column by road or gap), or
// barred. Roads negate off-road terrain (6.4) except where the ground says otherwise (6.2).
#include "rulesets/macduff/movement.h"

#include <algorithm>
#include <cmath>

namespace umpire::macduff {

namespace {

std::string mode_text(const std::string& mode) {
    if (mode == "full") return "no restriction";
    if (mode == "basic") return "a basic move only";
    if (mode == "half") return "a basic move at 1/2 speed";
    if (mode == "half-all") return "1/2 speed, in march column";
    return "may not move over it";
}

} // namespace

TerrainRuling terrain_ruling(const Terrain& terrain, const Ground& ground, const std::string& terrain_class,
                             bool road, bool gap) {
    if (terrain_class == "none")
        return {"full", "terrain does not apply to it", cite(terrain.citation)};
    auto it = terrain.classes.find(terrain_class);
    const std::string cls = it == terrain.classes.end() ? terrain_class : it->second;
    std::string mode = ground.mode_for(terrain_class);
    std::string reason = ground.name + ", " + cls + ": " + mode_text(mode);
    std::string citation = cite(ground.citation);
    if (road && !ground.road.empty()) {
        mode = ground.road;
        reason = ground.name + " by road: " + mode_text(mode);
        citation = cite(ground.citation + ", 6.4 Road Bonuses");
    } else if (gap && mode == "barred" && !ground.gap.empty()) {
        mode = ground.gap;
        reason = ground.name + " through a gap or crossing place, " + cls + ": " + mode_text(mode);
    }
    return {mode, reason, citation};
}

bool excludes_bonuses(const std::string& mode) { return mode == "basic" || mode == "half"; }
bool halves(const std::string& mode) { return mode == "half" || mode == "half-all"; }

double halve(const Movement& movement, double inches) {
    const double half = inches / 2;
    if (movement.halving == "down") return std::floor(half);
    if (movement.halving == "up") return std::ceil(half);
    return half;
}

std::string default_row(const Tables& t, const model::Unit& u) {
    const bool formed = u.formed && !u.has(model::Flag::Disordered);
    const bool dismounted = u.counters.count(key::kDismounted) > 0;
    std::string row;
    if (u.troop_type == "infantry" || u.troop_type == "band" ||
        ((u.troop_type == "cavalry" || u.troop_type == "mounted-infantry") && dismounted))
        row = formed || u.troop_type == "band" ? "formed-infantry" : "unformed-infantry";
    else if (u.troop_type == "cavalry")
        row = formed ? "formed-cavalry" : "unformed-cavalry";
    else if (u.troop_type == "mounted-infantry")
        row = t.move_row("mounted-infantry") ? "mounted-infantry" : "formed-cavalry";
    else if (u.troop_type == "hospital")
        row = "wagon";
    else
        row = u.troop_type;  // artillery, wagon, messenger, boat, steam-engine, train, airship, balloon
    return t.move_row(row) ? row : std::string();
}

std::string terrain_class_of(const Tables& t, const MoveRow& row, const model::Unit* unit) {
    if (!unit || row.terrain_class == "none") return row.terrain_class;
    if (unit->has_trait("pack-animals") && t.terrain.classes.count("pack-animals")) return "pack-animals";
    const auto& light = t.terrain.light_artillery_weapons;
    if (row.id == "artillery" && t.terrain.classes.count("light-artillery") &&
        std::find(light.begin(), light.end(), unit->weapon) != light.end())
        return "light-artillery";
    return row.terrain_class;
}

} // namespace umpire::macduff
