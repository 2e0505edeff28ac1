#pragma once
// Internal to umpire_print: a little layout helper over Canvas that flows headings, paragraphs
// and ruled tables down the page and onto the next one. Tables repeat their header row after a
// page break; a heading is never left alone at the bottom of a page. Every size is multiplied
// by `scale`, so a sheet can shrink a little to stay within its pages.
#include "print/canvas.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace umpire::print {

// A row of tick boxes: one per figure (or hit). `crossed` are already gone; the shaken mark is a
// bar after box `mark_after` (1-based count of boxes before it), none when nullopt.
struct Boxes {
    int count = 0;
    int crossed = 0;
    std::optional<int> mark_after;
};

struct Cell {
    std::string text;
    std::string note;  // a second, smaller grey line (a unit's commander, a modifier's help)
    bool bold = false;
    std::optional<Boxes> boxes;
};
inline Cell text_cell(std::string text, bool bold = false, std::string note = {}) {
    Cell c;
    c.text = std::move(text);
    c.bold = bold;
    c.note = std::move(note);
    return c;
}
inline Cell box_cell(Boxes boxes) {
    Cell c;
    c.boxes = boxes;
    return c;
}

struct Column {
    std::string label;
    bool wrap = false;  // takes the width left over and wraps its text
    Align align = Align::Left;
};

struct Table {
    std::vector<Column> columns;
    std::vector<std::vector<Cell>> rows;
    bool header = true;        // draw the labels as a shaded first row
    std::vector<bool> shaded;  // optional per-row background (e.g. a shaken unit)
};

struct FlowStyle {
    double body = 10;      // body text size before scaling
    double heading = 12.5;
    double small = 7.5;
    double box = 8.5;      // tick box side (not scaled: it must take a pencil)
    double row_pad = 2.0;  // white space above and below the text of a table row, before scaling
};

class Flow {
public:
    // `decorate` draws a page's fixed furniture (header, footer) when the page begins.
    Flow(PdfWriter& pdf, Rect area, double scale, std::function<void(Canvas&, int page)> decorate,
         FlowStyle style = {});

    double scale() const { return scale_; }
    double body_size() const { return style_.body * scale_; }
    const Rect& area() const { return area_; }
    double y() const { return y_; }

    void heading(const std::string& text, const std::string& citation = {});
    void paragraph(const std::string& text, const TextStyle& style);
    void paragraph(const std::string& text);  // body text
    void table(const Table& table);
    void space(double points);
    void page_break();
    // Two blocks side by side, each in half the width (less a gutter), starting level and kept
    // on one page; the flow continues below the taller. Each callback adds headings,
    // paragraphs and tables to this flow as usual.
    void side_by_side(const std::function<void()>& left, const std::function<void()>& right);
    int pages() const { return pdf_.page(); }

private:
    struct Pending {
        std::string text, citation;
    };
    double heading_height() const;
    void draw_heading();
    // Makes room for `height` (plus a pending heading) on this page, breaking to the next.
    void need(double height);
    bool page_is_empty() const;

    std::vector<double> column_widths(const Table& table) const;
    double cell_height(const Cell& cell, double width) const;
    void draw_cell(const Cell& cell, const Column& column, double x, double y, double width);
    double boxes_height(const Boxes& boxes, double width) const;
    void draw_boxes(const Boxes& boxes, double x, double y, double width);

    PdfWriter& pdf_;
    Rect area_;
    double scale_;
    std::function<void(Canvas&, int)> decorate_;
    FlowStyle style_;
    double y_;
    std::optional<Pending> pending_;
    bool dry_ = false;  // measuring: nothing drawn, no page breaks
};

} // namespace umpire::print
