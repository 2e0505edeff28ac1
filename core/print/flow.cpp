#include "print/flow.h"

#include <algorithm>
#include <numeric>

namespace umpire::print {

namespace {
constexpr double kOuterRule = 1.0;
constexpr double kInnerRule = 0.5;
constexpr double kBoxGap = 2.0;    // between tick boxes
constexpr double kGroupGap = 4.0;  // extra after every fifth box, for counting
constexpr double kBoxRowGap = 4.0;
constexpr int kGroup = 5;
constexpr int kBoxesPerRow = 20;  // a row of tick boxes never has to wrap before this many
} // namespace

Flow::Flow(PdfWriter& pdf, Rect area, double scale, std::function<void(Canvas&, int)> decorate,
           FlowStyle style)
    : pdf_(pdf), area_(area), scale_(scale), decorate_(std::move(decorate)), style_(style), y_(area.y) {
    if (decorate_) decorate_(pdf_.canvas(), pdf_.page());
}

bool Flow::page_is_empty() const { return y_ <= area_.y + 0.01; }

void Flow::page_break() {
    if (dry_) return;
    pdf_.new_page();
    y_ = area_.y;
    if (decorate_) decorate_(pdf_.canvas(), pdf_.page());
}

void Flow::space(double points) {
    if (!page_is_empty()) y_ += points * scale_;
}

double Flow::heading_height() const {
    if (!pending_) return 0;
    TextStyle style{style_.heading * scale_, true};
    double before = page_is_empty() ? 0 : 7 * scale_;
    return before + pdf_.canvas().measure(pending_->text, style).height + 4 * scale_;
}

void Flow::need(double height) {
    double total = heading_height() + height;
    if (!dry_ && y_ + total > area_.bottom() && !page_is_empty()) page_break();
    draw_heading();
}

void Flow::heading(const std::string& text, const std::string& citation) {
    pending_ = Pending{text, citation};
}

void Flow::draw_heading() {
    if (!pending_) return;
    Canvas& c = pdf_.canvas();
    if (!page_is_empty()) y_ += 7 * scale_;
    TextStyle style{style_.heading * scale_, true};
    double h = c.text(pending_->text, style, area_.x, y_, 0);
    if (!pending_->citation.empty()) {
        TextStyle cite{style_.small * scale_, false, true, kGrey, Align::Right};
        double ch = c.measure(pending_->citation, cite).height;
        c.text(pending_->citation, cite, area_.x, y_ + h - ch - 1.5 * scale_, area_.width);
    }
    y_ += h + 1.5 * scale_;
    c.line(area_.x, y_, area_.right(), y_, 1.2);
    y_ += 2.5 * scale_;
    pending_.reset();
}

void Flow::side_by_side(const std::function<void()>& left, const std::function<void()>& right) {
    const Rect full = area_;
    const double gutter = 14 * scale_;
    const double half = (full.width - gutter) / 2;
    auto height_of = [&](const std::function<void()>& block) {
        double y0 = y_;
        bool was = pdf_.canvas().dry();
        dry_ = true;
        pdf_.canvas().set_dry(true);
        area_.width = half;
        block();
        double h = y_ - y0;
        y_ = y0;
        area_ = full;
        dry_ = false;
        pdf_.canvas().set_dry(was);
        return h;
    };
    double tallest = std::max(height_of(left), height_of(right));
    if (tallest > full.height) {  // cannot share a page: one after the other
        left();
        right();
        return;
    }
    if (y_ + tallest > full.bottom() && !page_is_empty()) page_break();
    const double top = y_;
    area_ = Rect{full.x, full.y, half, full.height};
    left();
    const double left_end = y_;
    y_ = top;
    area_ = Rect{full.x + half + gutter, full.y, half, full.height};
    right();
    y_ = std::max(left_end, y_);
    area_ = full;
}

void Flow::paragraph(const std::string& text) { paragraph(text, TextStyle{style_.body * scale_}); }

void Flow::paragraph(const std::string& text, const TextStyle& style) {
    double h = pdf_.canvas().measure(text, style, area_.width).height;
    need(h);
    if (!page_is_empty()) y_ += 2 * scale_;
    y_ += pdf_.canvas().text(text, style, area_.x, y_, area_.width);
}

// --- Tables ----------------------------------------------------------------------------------

namespace {
struct BoxGrid {
    int per_row = 1;
    int rows = 1;
};

double box_x(int index_in_row, double box) {
    return index_in_row * (box + kBoxGap) + (index_in_row / kGroup) * kGroupGap;
}

BoxGrid box_grid(int count, double box, double width) {
    int fit = 1;
    while (box_x(fit, box) + box <= width) ++fit;
    if (fit < count && fit >= kGroup) fit -= fit % kGroup;  // wrapped rows break between groups of 5
    BoxGrid g;
    g.per_row = std::max(1, fit);
    g.rows = std::max(1, (count + g.per_row - 1) / g.per_row);
    return g;
}
} // namespace

double Flow::boxes_height(const Boxes& boxes, double width) const {
    BoxGrid g = box_grid(boxes.count, style_.box, width);
    return g.rows * (style_.box + kBoxRowGap) - kBoxRowGap + 4;  // room for the mark's overhang
}

void Flow::draw_boxes(const Boxes& boxes, double x, double y, double width) {
    Canvas& c = pdf_.canvas();
    const double b = style_.box;
    BoxGrid g = box_grid(boxes.count, b, width);
    y += 2;  // the mark overhangs by 2
    for (int i = 0; i < boxes.count; ++i) {
        int row = i / g.per_row, col = i % g.per_row;
        Rect r{x + box_x(col, b), y + row * (b + kBoxRowGap), b, b};
        c.box(r, 0.7, kBlack);
        if (i < boxes.crossed) {
            c.line(r.x + 1.5, r.y + 1.5, r.right() - 1.5, r.bottom() - 1.5, 0.9, kGrey);
            c.line(r.x + 1.5, r.bottom() - 1.5, r.right() - 1.5, r.y + 1.5, 0.9, kGrey);
        }
    }
    if (boxes.mark_after && *boxes.mark_after >= 0 && *boxes.mark_after < boxes.count) {
        int k = *boxes.mark_after;  // boxes before the mark
        double mx, my;
        if (k == 0) {
            mx = x - kBoxGap / 2;
            my = y;
        } else {
            int i = k - 1;  // the last box before the mark
            int row = i / g.per_row, col = i % g.per_row;
            double gap = kBoxGap + ((col + 1) % kGroup == 0 ? kGroupGap : 0);
            mx = x + box_x(col, b) + b + gap / 2;
            my = y + row * (b + kBoxRowGap);
        }
        c.line(mx, my - 2, mx, my + b + 2, 2.0, kRed);
    }
}

double Flow::cell_height(const Cell& cell, double width) const {
    const Canvas& c = pdf_.canvas();
    if (cell.boxes) return boxes_height(*cell.boxes, width);
    double h = c.measure(cell.text, TextStyle{style_.body * scale_, cell.bold}, width).height;
    if (!cell.note.empty())
        h += c.measure(cell.note, TextStyle{style_.small * scale_, false, false, kGrey}, width).height;
    return h;
}

void Flow::draw_cell(const Cell& cell, const Column& column, double x, double y, double width) {
    Canvas& c = pdf_.canvas();
    if (cell.boxes) {
        draw_boxes(*cell.boxes, x, y, width);
        return;
    }
    y += c.text(cell.text, TextStyle{style_.body * scale_, cell.bold, false, kBlack, column.align}, x, y, width);
    if (!cell.note.empty())
        c.text(cell.note, TextStyle{style_.small * scale_, false, false, kGrey, column.align}, x, y, width);
}

// Column widths the way a browser lays out an automatic table: every column wants its natural
// (unwrapped) width; when they do not all fit, wrapping columns give way down to their longest
// word (a row of tick boxes down to kBoxesPerRow boxes), in proportion to what they can give.
std::vector<double> Flow::column_widths(const Table& table) const {
    const Canvas& c = pdf_.canvas();
    const double pad = 4 * scale_;
    const std::size_t n = table.columns.size();
    std::vector<double> natural(n, 0), least(n, 0);
    auto longest_word = [&](const std::string& text, const TextStyle& style) {
        double w = 0;
        std::size_t at = 0;
        while (at <= text.size()) {
            std::size_t end = text.find_first_of(" \n", at);
            if (end == std::string::npos) end = text.size();
            if (end > at) w = std::max(w, c.measure(std::string_view(text).substr(at, end - at), style).width);
            at = end + 1;
        }
        return w;
    };
    for (std::size_t i = 0; i < n; ++i) {
        const bool wrap = table.columns[i].wrap;
        auto consider = [&](const std::string& text, const TextStyle& style, bool may_wrap) {
            if (text.empty()) return;
            natural[i] = std::max(natural[i], c.measure(text, style).width);
            least[i] = std::max(least[i], may_wrap ? longest_word(text, style) : c.measure(text, style).width);
        };
        if (table.header) consider(table.columns[i].label, TextStyle{style_.body * scale_, true}, true);
        for (const auto& row : table.rows) {
            if (i >= row.size()) continue;
            const Cell& cell = row[i];
            if (cell.boxes) {
                int count = std::max(1, cell.boxes->count);
                natural[i] = std::max(natural[i], box_x(count - 1, style_.box) + style_.box + kBoxGap);
                int row_min = wrap ? std::min(count, kBoxesPerRow) : count;
                least[i] = std::max(least[i], box_x(row_min - 1, style_.box) + style_.box + kBoxGap);
                continue;
            }
            consider(cell.text, TextStyle{style_.body * scale_, cell.bold}, wrap);
            consider(cell.note, TextStyle{style_.small * scale_}, true);  // a note always may wrap
        }
        natural[i] += 2 * pad;
        least[i] = std::min(least[i] + 2 * pad, natural[i]);
    }
    const double sum_natural = std::accumulate(natural.begin(), natural.end(), 0.0);
    const double sum_least = std::accumulate(least.begin(), least.end(), 0.0);
    std::vector<double> widths = natural;
    if (sum_natural <= area_.width) {
        // Spare width goes to the wrapping columns, or evenly to all when none wraps.
        double flexible = 0;
        for (std::size_t i = 0; i < n; ++i)
            if (table.columns[i].wrap) flexible += natural[i];
        for (std::size_t i = 0; i < n; ++i) {
            if (flexible > 0 && table.columns[i].wrap)
                widths[i] += (area_.width - sum_natural) * natural[i] / flexible;
            else if (flexible <= 0)
                widths[i] += (area_.width - sum_natural) / static_cast<double>(n);
        }
    } else if (sum_least < area_.width) {
        // Take the missing width from the columns that can give the most, levelling them: the
        // one long notes column wraps rather than every column a little.
        double deficit = sum_natural - area_.width;
        std::vector<double> excess(n);
        for (std::size_t i = 0; i < n; ++i) excess[i] = natural[i] - least[i];
        double lo = 0, hi = *std::max_element(excess.begin(), excess.end());
        for (int step = 0; step < 60; ++step) {  // bisect the level all excess is cut down to
            double level = (lo + hi) / 2, cut = 0;
            for (double e : excess) cut += std::max(0.0, e - level);
            (cut > deficit ? lo : hi) = level;
        }
        for (std::size_t i = 0; i < n; ++i) widths[i] = least[i] + std::min(excess[i], hi);
    } else {
        // Even the least is too wide: squeeze every column alike so the table stays on the page
        // (text then breaks inside words rather than running off the paper).
        for (std::size_t i = 0; i < n; ++i) widths[i] = least[i] * area_.width / sum_least;
    }
    return widths;
}

void Flow::table(const Table& table) {
    Canvas& c = pdf_.canvas();
    const double pad_x = 4 * scale_;
    const double pad_y = style_.row_pad * scale_;
    const std::vector<double> widths = column_widths(table);
    const double width = std::accumulate(widths.begin(), widths.end(), 0.0);

    std::vector<Cell> header_cells;
    for (const auto& col : table.columns) header_cells.push_back(text_cell(col.label, true));
    auto row_height = [&](const std::vector<Cell>& row) {
        double h = 0;
        for (std::size_t i = 0; i < widths.size() && i < row.size(); ++i)
            h = std::max(h, cell_height(row[i], widths[i] - 2 * pad_x));
        return h + 2 * pad_y;
    };
    const double header_h = table.header ? row_height(header_cells) : 0;

    double segment_top = 0;
    auto open_segment = [&] {
        segment_top = y_;
        if (!table.header) return;
        c.fill(Rect{area_.x, y_, width, header_h}, kShade);
        double x = area_.x;
        for (std::size_t i = 0; i < widths.size(); ++i) {
            draw_cell(header_cells[i], table.columns[i], x + pad_x, y_ + pad_y, widths[i] - 2 * pad_x);
            x += widths[i];
        }
        y_ += header_h;
        c.line(area_.x, y_, area_.x + width, y_, kOuterRule);
    };
    auto close_segment = [&] {
        double x = area_.x;
        for (std::size_t i = 0; i + 1 < widths.size(); ++i) {
            x += widths[i];
            c.line(x, segment_top, x, y_, kInnerRule);
        }
        c.box(Rect{area_.x, segment_top, width, y_ - segment_top}, kOuterRule, kBlack);
    };

    double first = table.rows.empty() ? 0 : row_height(table.rows.front());
    need(header_h + first + 2 * scale_);
    if (!page_is_empty()) y_ += 2 * scale_;
    open_segment();
    for (std::size_t r = 0; r < table.rows.size(); ++r) {
        const auto& row = table.rows[r];
        double h = row_height(row);
        if (!dry_ && y_ + h > area_.bottom() && y_ > segment_top + header_h + 0.01) {
            close_segment();
            page_break();
            open_segment();
        }
        if (r < table.shaded.size() && table.shaded[r]) c.fill(Rect{area_.x, y_, width, h}, kShade);
        double x = area_.x;
        for (std::size_t i = 0; i < widths.size() && i < row.size(); ++i) {
            draw_cell(row[i], table.columns[i], x + pad_x, y_ + pad_y, widths[i] - 2 * pad_x);
            x += widths[i];
        }
        y_ += h;
        if (r + 1 < table.rows.size()) c.line(area_.x, y_, area_.x + width, y_, kInnerRule);
    }
    close_segment();
}

} // namespace umpire::print
