// Handing a finished PDF to the desktop's viewer through GIO: the viewer the desktop has for the
// file's type (its MIME default), or through the desktop portal inside a sandbox. GIO spawns it
// detached and reaps it, so the caller (the desk's frame loop) is never held up.
#include "print/print.h"

#include <gio/gio.h>

#include <memory>

namespace umpire::print {

std::string open_with_viewer(const std::string& path) {
    // The file's URI as GIO spells it (spaces and other characters escaped).
    const std::unique_ptr<GFile, decltype(&g_object_unref)> file(g_file_new_for_path(path.c_str()), g_object_unref);
    const std::unique_ptr<char, decltype(&g_free)> uri(g_file_get_uri(file.get()), g_free);
    GError* error = nullptr;
    if (g_app_info_launch_default_for_uri(uri.get(), nullptr, &error)) return {};
    std::string why = "cannot open " + path + ": " + (error ? error->message : "no viewer for it") +
                      "; open the file yourself";
    if (error) g_error_free(error);
    return why;
}

} // namespace umpire::print
