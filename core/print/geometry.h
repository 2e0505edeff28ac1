#pragma once
// Page geometry in PDF points (1/72 in): paper sizes and the chance-card grid. No drawing here,
// so tests can check the numbers directly.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace umpire::print {

enum class Paper { A4, Letter };

struct Size {
    double width = 0;
    double height = 0;
};

struct Rect {
    double x = 0;  // left, from the page's left edge
    double y = 0;  // top, from the page's top edge
    double width = 0;
    double height = 0;
    double right() const { return x + width; }
    double bottom() const { return y + height; }
};

inline constexpr double kPointsPerInch = 72.0;

// Letter 612 x 792, A4 595.28 x 841.89 (210 x 297 mm).
Size paper_size(Paper paper);
std::string_view paper_id(Paper paper);  // "a4", "letter"
std::optional<Paper> paper_from_id(std::string_view id);  // case-insensitive

// Business card 3.5 x 2 in.
inline constexpr double kCardWidth = 3.5 * kPointsPerInch;   // 252
inline constexpr double kCardHeight = 2.0 * kPointsPerInch;  // 144
inline constexpr int kCardColumns = 2;
inline constexpr int kCardRows = 5;
inline constexpr int kCardsPerPage = kCardColumns * kCardRows;

// The ten card positions of a page, row by row (left then right), touching so one cut serves
// two cards. Letter: 0.75 in side and 0.5 in top margins, exactly; A4: the same grid centred.
std::vector<Rect> card_slots(Paper paper);

// The slot on the backs page that lies behind front slot `index` when the sheet is flipped on
// its long edge (duplex): same row, mirrored column.
int back_slot(int index);

// Crop marks: short lines in the margins continuing every cut line of the grid, kept a little
// away from the cards.
struct Line {
    double x1 = 0, y1 = 0, x2 = 0, y2 = 0;
};
std::vector<Line> crop_marks(Paper paper);

} // namespace umpire::print
