#pragma once
// Printing before the game: PDF quick-reference sheets, chance cards and roster status sheets,
// drawn with cairo's PDF surface and laid out with pango (vector text, fonts embedded). This is
// the whole public surface of umpire_print: the CLI (`umpire sheet|cards|roster-sheet`) and the
// GUI's File > Print... call exactly these functions.
//
// Every writer renders to a temporary file beside `path` and renames it into place, so a failed
// print never leaves a half-written PDF. Failures throw PrintError (bad layout data, a card that
// cannot fit its text, an unwritable file); writing nothing in that case.
#include "model/battle.h"
#include "print/geometry.h"
#include "rules/ruleset.h"
#include "turn/chance_deck.h"

#include <stdexcept>
#include <string>

namespace umpire::print {

class PrintError : public std::runtime_error {
public:
    explicit PrintError(const std::string& message, bool disk = false) : std::runtime_error(message), disk_(disk) {}
    // The disk refused the document (full, read-only, an I/O error): not a fault of what was printed.
    bool disk() const { return disk_; }

private:
    bool disk_ = false;
};

// --- Quick-reference sheet -------------------------------------------------------------------
// Laid out by the ruleset's reference/<id>/sheet.toml (embedded), filled from
// ruleset.reference_toml() (so house rules show). A section whose data is missing from the
// reference throws PrintError. Aims for at most two pages (the type shrinks a little if needed).
struct SheetOptions {
    Paper paper = Paper::A4;
    // Table distances: the battle's scale and unit. Rulebook inches by default.
    double distance_scale = 1.0;
    std::string distance_unit = "in";
    std::string battle_name;  // printed under the title when the sheet is for one battle
    bool house_rules = false; // the battle has house rules (the sheet says so)
};
// SheetOptions for a battle: its paper default, distance scale and unit, name, house rules.
SheetOptions sheet_options_for(const model::Battle& battle, Paper paper);
// Returns the number of pages written.
int write_sheet(const rules::Ruleset& ruleset, const SheetOptions& options, const std::string& path);

// --- Chance cards ----------------------------------------------------------------------------
// Business cards (3.5 x 2 in), 10 a page in 2 columns of 5 (Letter: 0.75 in side and 0.5 in top
// margins; A4: the same grid centred), crop marks in the margins. Each colour's set starts a
// new page, in its colour. With backs, every page of fronts is followed by its page of backs,
// mirrored left to right so a long-edge duplex print lines up. With blanks, each colour's set
// is followed by deck.blanks blank cards. A card whose text cannot fit throws PrintError.
struct CardOptions {
    Paper paper = Paper::Letter;
    bool backs = false;
    bool blanks = false;
};
int write_cards(const turn::ChanceDeck& deck, const CardOptions& options, const std::string& path);

// --- Roster status sheet ---------------------------------------------------------------------
// One section per side, each starting a new page: its commanders with status boxes, then its
// units with type, quality, weapon, starting figures and one tick box per figure (per hit when
// the unit has a hit_capacity), figures already lost crossed out, and the shaken threshold
// marked on the box row (from the ruleset's sheet.toml [roster] paths into its reference).
int write_roster_sheet(const model::Battle& battle, const rules::Ruleset& ruleset, Paper paper,
                       const std::string& path);

// --- Viewer ----------------------------------------------------------------------------------
// Opens a file with the desktop's viewer for its type (GIO's default application, through the
// desktop portal inside a sandbox) without blocking. Returns an empty string when it was started,
// else why not (no viewer for the type, the viewer would not start). Reached through printer():
// GIO is the printing module's, not the command line's.
std::string open_with_viewer(const std::string& path);

} // namespace umpire::print
