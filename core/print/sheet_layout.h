#pragma once
// Internal to umpire_print (public to tests): reading a ruleset's sheet layout
// (reference/<id>/sheet.toml, embedded; the format is documented at the top of
// reference/macduff/sheet.toml) and filling it from the merged reference TOML. No drawing here:
// the result is plain text in sections, which sheet.cpp and roster_sheet.cpp draw.
// Every piece of data the layout names must be in the reference; if it is not, PrintError says
// which section asked for what (file:line:column of the layout).
#include "model/unit.h"
#include "print/canvas.h"

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace umpire::print {

// How rulebook distances are printed: the battle's scale and unit.
struct Distances {
    double scale = 1.0;
    std::string unit = "in";  // "in" or "cm"
};
std::string format_distance(double rulebook_inches, const Distances& distances);

enum class SectionKind { Table, List, Text };

struct SheetSection {
    std::string heading;
    std::string citation;
    SectionKind kind = SectionKind::Table;
    std::vector<std::string> labels;  // Table: column labels
    std::vector<bool> wrap;           // Table: which columns wrap
    std::vector<Align> align;         // Table: column alignment
    std::vector<std::vector<std::string>> rows;  // Table rows; List rows are {label, value}
    std::string text;                 // Text
    std::string intro;                // printed before the table or list
    std::string note;                 // printed after the section
    enum class Place { Full, Left, Right };
    Place column = Place::Full;       // full width, or in the left or right half (see sheet.toml)
};

struct SheetContent {
    std::string title;
    std::string subtitle;
    std::vector<SheetSection> sections;
};

// The embedded layout for a ruleset, or nullopt.
std::optional<std::string_view> sheet_layout_text(std::string_view ruleset_id);

// Builds the sheet. `layout_name` names the layout in errors. Throws PrintError.
SheetContent build_sheet(std::string_view layout, const std::string& layout_name,
                         std::string_view reference_toml, const Distances& distances);

// What the roster sheet prints for a unit, from the layout's [roster] paths.
struct RosterLookup {
    std::string type;      // display names; the raw id when the layout has no path for it
    std::string quality;
    std::string weapon;
    std::optional<std::pair<int, int>> shaken_loss;  // [numerator, denominator]
};
struct RosterNotes {
    std::string shaken;  // the legend for the shaken mark, empty when the layout has none
};
// Reads the layout's [roster] paths once, then answers for each unit. Throws PrintError.
class RosterReader {
public:
    RosterReader(std::string_view layout, const std::string& layout_name, std::string_view reference_toml);
    ~RosterReader();
    RosterReader(const RosterReader&) = delete;
    RosterReader& operator=(const RosterReader&) = delete;
    RosterLookup lookup(const model::Unit& unit) const;
    RosterNotes notes() const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// Boxes lost before a unit is shaken: it is shaken when more than start * n / d are lost.
int shaken_after(int start, std::pair<int, int> fraction);

} // namespace umpire::print
