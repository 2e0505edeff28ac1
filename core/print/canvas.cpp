#include "print/canvas.h"

#include "print/print.h"

#include <cairo-pdf.h>
#include <cairo.h>
#include <pango/pangocairo.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <sys/stat.h>
#include <unistd.h>

namespace umpire::print {

namespace {

constexpr const char* kFontFamily = "DejaVu Sans";

cairo_status_t write_to(void* writer, const unsigned char* data, unsigned int length) {
    return static_cast<PdfWriter*>(writer)->write_bytes(data, length) ? CAIRO_STATUS_SUCCESS
                                                                       : CAIRO_STATUS_WRITE_ERROR;
}

// A disk's refusal in words, "the disk is full" as the store says it (store/disk.h, which this
// module does not link).
std::string disk_words(int err) {
    return err == ENOSPC || err == EDQUOT ? "the disk is full" : std::strerror(err);
}

// The permissions a new file gets from the process's umask (read without changing it).
mode_t new_file_mode() {
    mode_t mask = 022;
    if (std::FILE* status = std::fopen("/proc/self/status", "r")) {
        char line[256];
        while (std::fgets(line, sizeof line, status))
            if (std::strncmp(line, "Umask:", 6) == 0) mask = static_cast<mode_t>(std::strtol(line + 6, nullptr, 8));
        std::fclose(status);
    }
    return static_cast<mode_t>(0666 & ~mask);
}

int pango_units(double points) { return static_cast<int>(points * PANGO_SCALE + 0.5); }

// A pango layout for one piece of text, freed on scope exit.
class Layout {
public:
    Layout(PangoContext* pango, std::string_view text, const TextStyle& style, double width)
        : layout_(pango_layout_new(pango)) {
        PangoFontDescription* font = pango_font_description_new();
        pango_font_description_set_family(font, kFontFamily);
        pango_font_description_set_weight(font, style.bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
        pango_font_description_set_style(font, style.italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL);
        // Absolute size: device units are PDF points, whatever resolution pango assumes.
        pango_font_description_set_absolute_size(font, style.size * PANGO_SCALE);
        pango_layout_set_font_description(layout_, font);
        pango_font_description_free(font);
        pango_layout_set_text(layout_, text.data(), static_cast<int>(text.size()));
        if (width > 0) {
            pango_layout_set_width(layout_, pango_units(width));
            pango_layout_set_wrap(layout_, PANGO_WRAP_WORD_CHAR);
        }
        PangoAlignment align = style.align == Align::Centre  ? PANGO_ALIGN_CENTER
                               : style.align == Align::Right ? PANGO_ALIGN_RIGHT
                                                             : PANGO_ALIGN_LEFT;
        pango_layout_set_alignment(layout_, align);
    }
    ~Layout() { g_object_unref(layout_); }
    Layout(const Layout&) = delete;
    Layout& operator=(const Layout&) = delete;

    PangoLayout* get() const { return layout_; }
    Size size() const {
        PangoRectangle logical;
        pango_layout_get_extents(layout_, nullptr, &logical);
        return {static_cast<double>(logical.width) / PANGO_SCALE,
                static_cast<double>(logical.height) / PANGO_SCALE};
    }

private:
    PangoLayout* layout_;
};

} // namespace

Size Canvas::measure(std::string_view text, const TextStyle& style, double width) const {
    return Layout(pango_, text, style, width).size();
}

double Canvas::text(std::string_view text, const TextStyle& style, double x, double y, double width) {
    Layout layout(pango_, text, style, width);
    if (dry_) return layout.size().height;
    cairo_set_source_rgb(cr_, style.colour.r, style.colour.g, style.colour.b);
    cairo_move_to(cr_, x, y);
    pango_cairo_show_layout(cr_, layout.get());
    return layout.size().height;
}

void Canvas::line(double x1, double y1, double x2, double y2, double width, Rgb colour) {
    if (dry_) return;
    cairo_set_source_rgb(cr_, colour.r, colour.g, colour.b);
    cairo_set_line_width(cr_, width);
    cairo_set_line_cap(cr_, CAIRO_LINE_CAP_SQUARE);
    cairo_move_to(cr_, x1, y1);
    cairo_line_to(cr_, x2, y2);
    cairo_stroke(cr_);
}

void Canvas::box(const Rect& r, double line_width, Rgb stroke) {
    if (dry_) return;
    cairo_set_source_rgb(cr_, stroke.r, stroke.g, stroke.b);
    cairo_set_line_width(cr_, line_width);
    cairo_set_line_join(cr_, CAIRO_LINE_JOIN_MITER);
    cairo_rectangle(cr_, r.x, r.y, r.width, r.height);
    cairo_stroke(cr_);
}

void Canvas::fill(const Rect& r, Rgb colour) {
    if (dry_) return;
    cairo_set_source_rgb(cr_, colour.r, colour.g, colour.b);
    cairo_rectangle(cr_, r.x, r.y, r.width, r.height);
    cairo_fill(cr_);
}

bool PdfWriter::write_bytes(const unsigned char* data, unsigned int length) {
    if (!file_) return true;  // measuring pass: discard
    if (write_error_ == 0 && std::fwrite(data, 1, length, file_) != length) write_error_ = errno ? errno : EIO;
    return write_error_ == 0;
}

PdfWriter::PdfWriter(const std::string& path, Size page, const std::string& title)
    : path_(path), page_(page) {
    if (!path_.empty()) {
        namespace fs = std::filesystem;
        fs::path target(path_);
        fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
        std::string pattern = (dir / ("." + target.filename().string() + ".XXXXXX")).string();
        int fd = ::mkstemp(pattern.data());
        if (fd < 0)
            throw PrintError("cannot write " + path_ + ": " + disk_words(errno), true);
        temp_path_ = pattern;
        ::fchmod(fd, new_file_mode());  // mkstemp makes 0600; a PDF is as readable as any new file
        file_ = ::fdopen(fd, "wb");
        if (!file_) {
            const int err = errno;
            ::close(fd);
            std::filesystem::remove(temp_path_);
            throw PrintError("cannot write " + path_ + ": " + disk_words(err), true);
        }
    }
    surface_ = cairo_pdf_surface_create_for_stream(&write_to, this, page.width, page.height);
    cairo_pdf_surface_set_metadata(surface_, CAIRO_PDF_METADATA_TITLE, title.c_str());
    cairo_pdf_surface_set_metadata(surface_, CAIRO_PDF_METADATA_CREATOR, "Umpire");
    cr_ = cairo_create(surface_);
    pango_ = pango_cairo_create_context(cr_);
    // Text positions come from the font's own outlines, not from metrics hinted to a pixel grid.
    cairo_font_options_t* options = cairo_font_options_create();
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
    pango_cairo_context_set_font_options(pango_, options);
    cairo_font_options_destroy(options);
    canvas_ = std::make_unique<Canvas>(cr_, pango_);
}

PdfWriter::~PdfWriter() {
    if (pango_) g_object_unref(pango_);
    if (cr_) cairo_destroy(cr_);
    if (surface_) cairo_surface_destroy(surface_);
    if (file_) std::fclose(file_);
    if (!finished_ && !temp_path_.empty()) {
        std::error_code ignored;
        std::filesystem::remove(temp_path_, ignored);
    }
}

void PdfWriter::new_page() {
    cairo_show_page(cr_);
    ++page_number_;
}

void PdfWriter::finish() {
    cairo_status_t drawing = cairo_status(cr_);
    cairo_surface_finish(surface_);
    cairo_status_t surface = cairo_surface_status(surface_);
    if (file_) {
        // Flushed and synced before the rename, so a power cut never leaves the name on a PDF
        // whose bytes were still in memory.
        if (std::fflush(file_) != 0 || ::fsync(::fileno(file_)) != 0)
            if (write_error_ == 0) write_error_ = errno;
        if (std::fclose(file_) != 0 && write_error_ == 0) write_error_ = errno;
        file_ = nullptr;
    }
    if (drawing != CAIRO_STATUS_SUCCESS)
        throw PrintError("drawing " + path_ + " failed: " + cairo_status_to_string(drawing));
    if (write_error_ != 0) throw PrintError("cannot write " + path_ + ": " + disk_words(write_error_), true);
    if (surface != CAIRO_STATUS_SUCCESS)
        throw PrintError("cannot write " + path_ + ": " + cairo_status_to_string(surface));
    if (!temp_path_.empty()) {
        std::error_code ec;
        std::filesystem::rename(temp_path_, path_, ec);
        if (ec) throw PrintError("cannot write " + path_ + ": " + disk_words(ec.value()), true);
    }
    finished_ = true;
}

} // namespace umpire::print
