#pragma once
// Shared by the movement action and the charge reactions: the terrain ruling and the movement
// dice (with the optional average dice). Internal to the MacDuff target.
#include "rulesets/macduff/mechanics.h"

#include <string>
#include <vector>

namespace umpire::macduff {

// ---- Terrain (6) ------------------------------------------------------------------------------

struct TerrainRuling {
    std::string mode;      // full, basic, half, half-all, barred
    std::string reason;    // for the working
    std::string citation;
};
// How a unit of `terrain_class` may move over `ground`, along a road or through a gap.
// terrain_class "none" (boats, trains, flying things): terrain does not apply.
TerrainRuling terrain_ruling(const Terrain& terrain, const Ground& ground, const std::string& terrain_class,
                             bool road, bool gap);
bool excludes_bonuses(const std::string& mode);   // basic, half
bool halves(const std::string& mode);             // half, half-all
// Half of a move in rulebook inches, rounded by the table's `halving`.
double halve(const Movement& movement, double inches);

// ---- Movement dice ------------------------------------------------------------------------------

// One group of movement dice: "Basic move 2d6", "March +1d6", "Against the current -1d6".
struct MoveTerm {
    std::string kind;   // basic, special, march, road, charge, follow-me, band
    std::string label;
    int count = 0;      // number of dice
    int sign = 1;       // -1: subtracted
    bool average = false;
};

// The face an average die shows for a die value: faces present on the die read as themselves, so
// the umpire types what the average die shows; the app's own 1 to 6 map onto the surplus faces.
int average_face(const std::vector<int>& faces, int value);
// With `never` (1 to 6), the joint chances of each total and no die showing that face.
dice::Distribution term_distribution(const Movement& movement, const MoveTerm& term, int never = 0);

struct RolledTerm {
    MoveTerm term;
    std::vector<int> values;  // as shown (average faces mapped)
    std::vector<int> raw;     // as the dice source gave them
    int total() const;
};
RolledTerm roll_term(const Movement& movement, const MoveTerm& term, dice::DiceSource& dice);

// The movement row a unit moves on by default (5, movement table), or "" if none fits.
std::string default_row(const Tables& tables, const model::Unit& unit);
// The terrain class of a unit moving on `row`: pack animals and light artillery refine the row's.
std::string terrain_class_of(const Tables& tables, const MoveRow& row, const model::Unit* unit);

} // namespace umpire::macduff
