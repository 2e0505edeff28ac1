#include "serve/qr.h"

#include <qrencode.h>

#include <memory>
#include <stdexcept>
#include <string>

namespace umpire::serve {

QrCode qr_code(std::string_view text) {
    const std::string s(text);
    std::unique_ptr<QRcode, void (*)(QRcode*)> code(QRcode_encodeString(s.c_str(), 0, QR_ECLEVEL_M, QR_MODE_8, 1),
                                                    QRcode_free);
    if (!code) throw std::runtime_error("the address does not fit a QR code: " + s);
    QrCode out;
    out.size = code->width;
    out.dark.resize(static_cast<std::size_t>(out.size * out.size));
    for (std::size_t i = 0; i < out.dark.size(); ++i) out.dark[i] = (code->data[i] & 1) != 0;
    return out;
}

std::string qr_text(const QrCode& code) {
    constexpr int kQuiet = 2;
    auto dark = [&](int x, int y) {
        x -= kQuiet;
        y -= kQuiet;
        return x >= 0 && y >= 0 && x < code.size && y < code.size && code.at(x, y);
    };
    const int side = code.size + 2 * kQuiet;
    std::string out;
    for (int y = 0; y < side; y += 2) {
        for (int x = 0; x < side; ++x) {
            // Light is drawn, dark is left as the terminal's background: a light-on-dark
            // terminal then shows the code the right way round (dark modules dark).
            const bool top = !dark(x, y), bottom = y + 1 < side && !dark(x, y + 1);
            out += top && bottom ? "\u2588" : top ? "\u2580" : bottom ? "\u2584" : " ";
        }
        out += '\n';
    }
    return out;
}

} // namespace umpire::serve
