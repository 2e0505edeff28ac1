// The quick-reference sheet: the ruleset's sheet.toml filled from its reference tables, drawn as
// headed sections of ruled tables on one or two pages.
#include "print/print.h"
#include "rules/grid.h"

#include "print/flow.h"
#include "print/sheet_layout.h"

#include <cstdio>
#include <iterator>

namespace umpire::print {

namespace {

constexpr double kMargin = 32;
constexpr double kFooter = 12;
constexpr int kMaxPages = 2;
// Body text from 10 pt down to 8.5 pt at the least (still legible at arm's length in DejaVu
// Sans, whose x-height is large), then, at that size, tighter table rows: white space goes
// before the text gets any smaller. If the sheet needs more than two pages even then, it takes
// a third rather than shrink further (the tests insist on two).
struct Step {
    double scale;
    double row_pad;  // FlowStyle::row_pad
};
constexpr Step kSteps[] = {{1.0, 2.0}, {0.95, 2.0}, {0.9, 2.0}, {0.85, 2.0}, {0.85, 1.25}};

Table table_of(const SheetSection& s) {
    Table t;
    if (s.kind == SectionKind::List) {
        t.header = false;
        t.columns = {Column{"", false, Align::Left}, Column{"", true, Align::Left}};
        for (const auto& row : s.rows) t.rows.push_back({text_cell(row[0], true), text_cell(row[1])});
        return t;
    }
    for (std::size_t i = 0; i < s.labels.size(); ++i) t.columns.push_back(Column{s.labels[i], s.wrap[i], s.align[i]});
    for (const auto& row : s.rows) {
        std::vector<Cell> cells;
        for (std::size_t i = 0; i < row.size(); ++i) cells.push_back(text_cell(row[i], i == 0));
        t.rows.push_back(std::move(cells));
    }
    return t;
}

std::string scale_text(double scale) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", scale);
    return buf;
}

// Draws the whole sheet at `scale` into `pdf`; returns the pages used.
int render(PdfWriter& pdf, const SheetContent& content, const SheetOptions& options, Step step, int total_pages) {
    const double scale = step.scale;
    Size page = pdf.page_size();
    Rect area{kMargin, kMargin, page.width - 2 * kMargin, page.height - 2 * kMargin - kFooter};
    std::string footer_left = "Umpire \u00b7 " + content.title + " \u00b7 " + content.subtitle;
    auto decorate = [&](Canvas& c, int number) {
        TextStyle small{7.5, false, false, kGrey, Align::Left};
        double y = page.height - kMargin - 8;
        c.text(footer_left, small, kMargin, y, area.width);
        if (total_pages > 0) {
            small.align = Align::Right;
            c.text("page " + std::to_string(number) + " of " + std::to_string(total_pages), small, kMargin, y,
                   area.width);
        }
    };
    FlowStyle style;
    style.row_pad = step.row_pad;
    Flow flow(pdf, area, scale, decorate, style);
    flow.paragraph(content.title, TextStyle{20 * scale, true});
    std::string sub = content.subtitle;
    if (!options.battle_name.empty()) {
        sub += (sub.empty() ? "" : " for ") + options.battle_name;
        if (options.house_rules) sub += ", with its house rules";
    }
    std::string distances;
    if (const auto grid = rules::grid_from_unit(options.distance_unit))
        distances = std::string("This battle is played on ") + std::string(rules::grid_id(*grid)) +
                    (*grid == rules::Grid::Squares ? ": distances in areas, a diagonal step counting 1.5."
                                                   : ": distances in areas, with no diagonals.");
    else if (options.distance_scale != 1.0 || options.distance_unit != "in")
        distances = "Distances for this table: the rulebook's \u00d7 " + scale_text(options.distance_scale) +
                    (options.distance_unit == "cm" ? ", in centimetres." : ", in inches.");
    if (!sub.empty()) flow.paragraph(sub, TextStyle{11 * scale, false, true, kGrey});
    if (!distances.empty()) flow.paragraph(distances, TextStyle{9 * scale, false, true, kGrey});
    flow.space(2);

    const TextStyle note_style{8.5 * scale, false, true, kBlack};
    auto draw = [&](const SheetSection& section) {
        flow.heading(section.heading, section.citation);
        if (!section.intro.empty()) flow.paragraph(section.intro);
        if (section.kind == SectionKind::Text)
            flow.paragraph(section.text);
        else
            flow.table(table_of(section));
        if (!section.note.empty()) flow.paragraph(section.note, note_style);
    };
    using Place = SheetSection::Place;
    const auto& sections = content.sections;
    for (std::size_t i = 0; i < sections.size();) {
        if (sections[i].column == Place::Full) {
            draw(sections[i++]);
            continue;
        }
        // A group: the left-hand stack, then the right-hand stack, side by side.
        std::vector<const SheetSection*> left, right;
        while (i < sections.size() && sections[i].column == Place::Left) left.push_back(&sections[i++]);
        while (i < sections.size() && sections[i].column == Place::Right) right.push_back(&sections[i++]);
        flow.side_by_side([&] { for (const auto* s : left) draw(*s); }, [&] { for (const auto* s : right) draw(*s); });
    }
    return flow.pages();
}

} // namespace

int write_sheet(const rules::Ruleset& ruleset, const SheetOptions& options, const std::string& path) {
    std::string id(ruleset.id());
    auto layout = sheet_layout_text(id);
    if (!layout)
        throw PrintError("no quick-reference layout for ruleset \"" + id + "\" (reference/" + id + "/sheet.toml)");
    SheetContent content = build_sheet(*layout, "reference/" + id + "/sheet.toml", ruleset.reference_toml(),
                                       Distances{options.distance_scale, options.distance_unit});
    Size page = paper_size(options.paper);
    std::string title = content.title + " \u2013 " + content.subtitle;

    Step chosen = kSteps[std::size(kSteps) - 1];
    int pages = 0;
    for (Step step : kSteps) {
        PdfWriter measure("", page, title);
        pages = render(measure, content, options, step, 0);
        if (pages <= kMaxPages) {
            chosen = step;
            break;
        }
    }
    PdfWriter pdf(path, page, title);
    int written = render(pdf, content, options, chosen, pages);
    pdf.finish();
    return written;
}

} // namespace umpire::print
