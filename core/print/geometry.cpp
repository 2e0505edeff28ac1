#include "print/geometry.h"

#include <algorithm>
#include <cctype>

namespace umpire::print {

namespace {
constexpr double kLetterSideMargin = 0.75 * kPointsPerInch;  // 54
constexpr double kLetterTopMargin = 0.5 * kPointsPerInch;    // 36
constexpr double kMarkGap = 3.0;      // crop marks stop this far from the cards
constexpr double kMarkLength = 18.0;  // ...and are at most this long

// Top-left corner of the grid.
std::pair<double, double> grid_origin(Paper paper) {
    if (paper == Paper::Letter) return {kLetterSideMargin, kLetterTopMargin};
    Size page = paper_size(paper);
    return {(page.width - kCardColumns * kCardWidth) / 2, (page.height - kCardRows * kCardHeight) / 2};
}
} // namespace

Size paper_size(Paper paper) {
    switch (paper) {
    case Paper::Letter: return {612.0, 792.0};
    case Paper::A4: return {595.28, 841.89};
    }
    return {};
}

std::string_view paper_id(Paper paper) { return paper == Paper::Letter ? "letter" : "a4"; }

std::optional<Paper> paper_from_id(std::string_view id) {
    std::string lower(id);
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (lower == "a4") return Paper::A4;
    if (lower == "letter") return Paper::Letter;
    return std::nullopt;
}

std::vector<Rect> card_slots(Paper paper) {
    auto [x0, y0] = grid_origin(paper);
    std::vector<Rect> slots;
    for (int row = 0; row < kCardRows; ++row)
        for (int col = 0; col < kCardColumns; ++col)
            slots.push_back({x0 + col * kCardWidth, y0 + row * kCardHeight, kCardWidth, kCardHeight});
    return slots;
}

int back_slot(int index) {
    int row = index / kCardColumns;
    int col = index % kCardColumns;
    return row * kCardColumns + (kCardColumns - 1 - col);
}

std::vector<Line> crop_marks(Paper paper) {
    auto [x0, y0] = grid_origin(paper);
    double x1 = x0 + kCardColumns * kCardWidth;
    double y1 = y0 + kCardRows * kCardHeight;
    double side = std::min(kMarkLength, x0 - 2 * kMarkGap);
    double top = std::min(kMarkLength, y0 - 2 * kMarkGap);
    std::vector<Line> marks;
    for (int col = 0; col <= kCardColumns; ++col) {
        double x = x0 + col * kCardWidth;
        marks.push_back({x, y0 - kMarkGap, x, y0 - kMarkGap - top});
        marks.push_back({x, y1 + kMarkGap, x, y1 + kMarkGap + top});
    }
    for (int row = 0; row <= kCardRows; ++row) {
        double y = y0 + row * kCardHeight;
        marks.push_back({x0 - kMarkGap, y, x0 - kMarkGap - side, y});
        marks.push_back({x1 + kMarkGap, y, x1 + kMarkGap + side, y});
    }
    return marks;
}

} // namespace umpire::print
