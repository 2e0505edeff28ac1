#pragma once
// Saving what the GUI drew: read the current OpenGL framebuffer and write it as a PNG.
#include <string>
#include <vector>

namespace umpire::ui {

// Reads the back buffer of the current GL context (width x height, RGBA, top row first).
std::vector<unsigned char> read_back_buffer(int width, int height);

// Writes RGBA pixels (top row first) as a PNG. Returns false and says why in `error`.
bool write_png(const std::string& path, int width, int height,
               const std::vector<unsigned char>& rgba, std::string& error);

} // namespace umpire::ui
