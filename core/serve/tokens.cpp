#include "serve/tokens.h"

#include <sys/random.h>

#include <array>
#include <cerrno>
#include <stdexcept>

namespace umpire::serve {

std::string random_token() {
    std::array<unsigned char, 16> bytes{};
    std::size_t got = 0;
    while (got < bytes.size()) {
        const ssize_t n = ::getrandom(bytes.data() + got, bytes.size() - got, 0);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) throw std::runtime_error("the system gave no random numbers for the pages' addresses");
        got += static_cast<std::size_t>(n);
    }
    static constexpr char kHex[] = "0123456789abcdef";
    std::string out;
    for (unsigned char b : bytes) {
        out += kHex[b >> 4];
        out += kHex[b & 0x0f];
    }
    return out;
}

bool same_token(std::string_view given, std::string_view secret) {
    // Every byte of the secret is looked at whatever `given` holds; the differences are OR-ed
    // together and only read at the end.
    volatile unsigned char diff = given.size() == secret.size() ? 0 : 1;
    for (std::size_t i = 0; i < secret.size(); ++i) {
        const unsigned char g = i < given.size() ? static_cast<unsigned char>(given[i]) : 0;
        diff = static_cast<unsigned char>(diff | (g ^ static_cast<unsigned char>(secret[i])));
    }
    return diff == 0;
}

} // namespace umpire::serve
