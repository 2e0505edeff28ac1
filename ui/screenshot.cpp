#include "screenshot.h"

#include <GL/gl.h>

#include <cstring>
#include <filesystem>

// stb_image_write is a single-header library: its implementation lives in this one file.
// Its code does not pass our warning set, so the warnings are silenced for it alone.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wconversion"
#pragma GCC diagnostic ignored "-Wsign-conversion"
#pragma GCC diagnostic ignored "-Wshadow"
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wimplicit-fallthrough"
#pragma GCC diagnostic ignored "-Wdouble-promotion"
#pragma GCC diagnostic ignored "-Wpedantic"
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb_image_write.h>
#pragma GCC diagnostic pop

namespace umpire::ui {

std::vector<unsigned char> read_back_buffer(int width, int height) {
    const auto w = static_cast<std::size_t>(width);
    const auto h = static_cast<std::size_t>(height);
    std::vector<unsigned char> pixels(w * h * 4);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadBuffer(GL_BACK);
    glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
    // OpenGL's first row is the bottom one; PNG's is the top one.
    const std::size_t stride = w * 4;
    std::vector<unsigned char> row(stride);
    for (std::size_t y = 0; y < h / 2; ++y) {
        unsigned char* top = pixels.data() + y * stride;
        unsigned char* bottom = pixels.data() + (h - 1 - y) * stride;
        std::memcpy(row.data(), top, stride);
        std::memcpy(top, bottom, stride);
        std::memcpy(bottom, row.data(), stride);
    }
    // The window is opaque: drop whatever alpha the framebuffer kept.
    for (std::size_t i = 3; i < pixels.size(); i += 4) pixels[i] = 255;
    return pixels;
}

bool write_png(const std::string& path, int width, int height,
               const std::vector<unsigned char>& rgba, std::string& error) {
    if (width <= 0 || height <= 0 ||
        rgba.size() < static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 4) {
        error = "no pixels to write";
        return false;
    }
    std::error_code ec;
    const auto parent = std::filesystem::path(path).parent_path();
    if (!parent.empty()) std::filesystem::create_directories(parent, ec);
    if (!stbi_write_png(path.c_str(), width, height, 4, rgba.data(), width * 4)) {
        error = "cannot write " + path;
        return false;
    }
    return true;
}

} // namespace umpire::ui
