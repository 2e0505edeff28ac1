#pragma once
// Internal to umpire_print: the only place that talks to cairo and pango. A PdfWriter owns a
// cairo PDF surface writing to a temporary file (renamed into place by finish()), or to nowhere
// for a measuring pass; its Canvas draws ruled lines, boxes and pango-laid-out text in points
// with the page's top-left corner as origin. Text is plain (never pango markup), so a card or
// unit name can hold any character.
#include "print/geometry.h"

#include <cstdio>
#include <memory>
#include <string>
#include <string_view>

typedef struct _cairo cairo_t;
typedef struct _cairo_surface cairo_surface_t;
typedef struct _PangoContext PangoContext;

namespace umpire::print {

struct Rgb {
    double r = 0, g = 0, b = 0;
};
inline constexpr Rgb kBlack{0, 0, 0};
inline constexpr Rgb kGrey{0.35, 0.35, 0.35};
inline constexpr Rgb kLightGrey{0.75, 0.75, 0.75};
inline constexpr Rgb kShade{0.91, 0.91, 0.91};
inline constexpr Rgb kRed{0.72, 0.05, 0.05};

enum class Align { Left, Centre, Right };

struct TextStyle {
    double size = 10;  // points
    bool bold = false;
    bool italic = false;
    Rgb colour = kBlack;
    Align align = Align::Left;
};

class Canvas {
public:
    Canvas(cairo_t* cr, PangoContext* pango) : cr_(cr), pango_(pango) {}

    // Size of `text` wrapped to `width` (no wrapping when width <= 0): the logical extents.
    Size measure(std::string_view text, const TextStyle& style, double width = 0) const;
    // Draws `text` with its top-left at (x, y), wrapped to `width` (aligned within it);
    // returns the height used.
    double text(std::string_view text, const TextStyle& style, double x, double y, double width = 0);
    void line(double x1, double y1, double x2, double y2, double width, Rgb colour = kBlack);
    void box(const Rect& r, double line_width, Rgb stroke);
    void fill(const Rect& r, Rgb colour);
    // While dry, nothing is drawn but text still reports its height: for measuring a layout.
    void set_dry(bool dry) { dry_ = dry; }
    bool dry() const { return dry_; }

private:
    cairo_t* cr_;
    PangoContext* pango_;
    bool dry_ = false;
};

class PdfWriter {
public:
    // path empty: render to nowhere (to count pages before the real pass).
    PdfWriter(const std::string& path, Size page, const std::string& title);
    ~PdfWriter();
    PdfWriter(const PdfWriter&) = delete;
    PdfWriter& operator=(const PdfWriter&) = delete;

    Canvas& canvas() { return *canvas_; }
    Size page_size() const { return page_; }
    void new_page();
    int page() const { return page_number_; }  // 1-based number of the current page
    // Ends the document, checks cairo's status, syncs the temporary file and renames it to `path`
    // (the caller has decided that `path` may be replaced: the CLI gives a fresh file of its own).
    // Throws PrintError. Without finish(), the destructor removes the temporary file.
    void finish();

private:
    std::string path_;
    std::string temp_path_;
    std::FILE* file_ = nullptr;
    int write_error_ = 0;  // errno of the first failed write or close, 0 while none
    Size page_;
    int page_number_ = 1;
    cairo_surface_t* surface_ = nullptr;
    cairo_t* cr_ = nullptr;
    PangoContext* pango_ = nullptr;
    std::unique_ptr<Canvas> canvas_;
    bool finished_ = false;


public:
    // cairo's output stream: false on a write error.
    bool write_bytes(const unsigned char* data, unsigned int length);
};

} // namespace umpire::print
