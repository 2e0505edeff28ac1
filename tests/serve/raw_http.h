#pragma once
// A client as plain as can be for the server tests: bytes written to a socket, the raw answer
// read back, so a test sees exactly what left the app.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <stdexcept>
#include <string>

namespace umpire::test {

// A connected socket to 127.0.0.1:port (-1 when the connection failed).
inline int connect_local(int port) {
    const int s = ::socket(AF_INET, SOCK_STREAM, 0);
    if (s < 0) return -1;
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(static_cast<std::uint16_t>(port));
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(s, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) {
        ::close(s);
        return -1;
    }
    return s;
}

inline bool send_all(int s, const std::string& bytes) {
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::send(s, bytes.data() + done, bytes.size() - done, MSG_NOSIGNAL);
        if (n <= 0) return false;
        done += static_cast<std::size_t>(n);
    }
    return true;
}

// Everything the server sends until it closes the connection or `limit` passes.
inline std::string read_until_closed(int s, std::chrono::milliseconds limit = std::chrono::milliseconds(20000)) {
    std::string out;
    const auto until = std::chrono::steady_clock::now() + limit;
    char buf[8192];
    for (;;) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(until - std::chrono::steady_clock::now());
        if (left.count() <= 0) break;
        pollfd p{s, POLLIN, 0};
        if (::poll(&p, 1, static_cast<int>(left.count())) <= 0) break;
        const ssize_t n = ::recv(s, buf, sizeof buf, 0);
        if (n <= 0) break;
        out.append(buf, static_cast<std::size_t>(n));
    }
    return out;
}

// One request on a fresh connection ("Connection: close"), the whole raw answer.
inline std::string http(int port, const std::string& method, const std::string& target,
                        const std::string& extra_headers = "", std::chrono::milliseconds limit = std::chrono::milliseconds(20000)) {
    const int s = connect_local(port);
    if (s < 0) throw std::runtime_error("could not connect to the server");
    send_all(s, method + " " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n" + extra_headers + "\r\n");
    std::string out = read_until_closed(s, limit);
    ::close(s);
    return out;
}

inline int status_of(const std::string& response) {
    if (response.rfind("HTTP/1.1 ", 0) != 0 || response.size() < 12) return -1;
    return std::stoi(response.substr(9, 3));
}

inline std::string body_of(const std::string& response) {
    const auto at = response.find("\r\n\r\n");
    return at == std::string::npos ? "" : response.substr(at + 4);
}

} // namespace umpire::test
