#pragma once
// A page's address as a QR code (libqrencode), for a phone's camera: as modules to draw (the
// desk) or as text for a terminal (`umpire serve --qr`).
#include <string>
#include <string_view>
#include <vector>

namespace umpire::serve {

struct QrCode {
    int size = 0;             // modules on a side, without the quiet zone
    std::vector<bool> dark;   // size * size, row by row
    bool at(int x, int y) const { return dark[static_cast<std::size_t>(y * size + x)]; }
};

// Throws std::runtime_error when the text does not fit a QR code.
QrCode qr_code(std::string_view text);

// Two rows of modules to a line with half blocks and a quiet zone of 2 around. The light
// modules are the printed ones, for the usual terminal of light text on a dark background.
std::string qr_text(const QrCode& code);

} // namespace umpire::serve
