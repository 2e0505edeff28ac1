#include "serve/connection.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace umpire::serve::detail {

using Clock = std::chrono::steady_clock;

Connection::Connection(int sock, const ConnectionLimits& limits, const std::atomic<bool>& stopping)
    : sock_(sock), limits_(limits), stopping_(stopping) {
    begin_request();
}

bool Connection::wait(short events, Clock::time_point until) const {
    constexpr auto kSlice = std::chrono::milliseconds(100);
    while (!stopping_) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(until - Clock::now());
        if (left.count() <= 0) return false;
        pollfd p{sock_, events, 0};
        const int n = ::poll(&p, 1, static_cast<int>(std::min(left, kSlice).count()));
        if (n > 0) return (p.revents & (events | POLLHUP | POLLERR)) != 0;
        if (n < 0 && errno != EINTR) return false;
    }
    return false;
}

bool Connection::wait_for_request(std::chrono::milliseconds idle) {
    return at_ < have_ || wait(POLLIN, Clock::now() + idle);
}

void Connection::begin_request() {
    deadline_ = Clock::now() + limits_.request_deadline;
    budget_ = limits_.request_bytes;
}

bool Connection::is_readable() const { return at_ < have_ || wait(POLLIN, deadline_); }

bool Connection::is_writable() const { return wait(POLLOUT, Clock::now() + limits_.write_timeout); }

ssize_t Connection::read(char* ptr, size_t size) {
    if (size == 0) return 0;
    if (at_ == have_) {
        if (budget_ == 0 || !wait(POLLIN, deadline_)) return -1;
        ssize_t n;
        do n = ::recv(sock_, buffer_, std::min(sizeof buffer_, budget_), 0);
        while (n < 0 && errno == EINTR);
        if (n <= 0) return n < 0 ? -1 : 0;
        have_ = static_cast<std::size_t>(n);
        at_ = 0;
        budget_ -= have_;
    }
    const std::size_t n = std::min(size, have_ - at_);
    std::memcpy(ptr, buffer_ + at_, n);
    at_ += n;
    return static_cast<ssize_t>(n);
}

ssize_t Connection::write(const char* ptr, size_t size) {
    std::size_t done = 0;
    while (done < size) {
        if (!is_writable()) return -1;
        const ssize_t n = ::send(sock_, ptr + done, size - done, MSG_NOSIGNAL);
        if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
        if (n <= 0) return -1;
        done += static_cast<std::size_t>(n);
    }
    return static_cast<ssize_t>(done);
}

namespace {

void address_of(const sockaddr_storage& addr, std::string& ip, int& port) {
    char text[INET6_ADDRSTRLEN] = "";
    if (addr.ss_family == AF_INET) {
        const auto& a = reinterpret_cast<const sockaddr_in&>(addr);
        ::inet_ntop(AF_INET, &a.sin_addr, text, sizeof text);
        port = ntohs(a.sin_port);
    } else if (addr.ss_family == AF_INET6) {
        const auto& a = reinterpret_cast<const sockaddr_in6&>(addr);
        ::inet_ntop(AF_INET6, &a.sin6_addr, text, sizeof text);
        port = ntohs(a.sin6_port);
    }
    ip = text;
}

} // namespace

void Connection::get_remote_ip_and_port(std::string& ip, int& port) const {
    sockaddr_storage addr{};
    socklen_t len = sizeof addr;
    if (::getpeername(sock_, reinterpret_cast<sockaddr*>(&addr), &len) == 0) address_of(addr, ip, port);
}

void Connection::get_local_ip_and_port(std::string& ip, int& port) const {
    sockaddr_storage addr{};
    socklen_t len = sizeof addr;
    if (::getsockname(sock_, reinterpret_cast<sockaddr*>(&addr), &len) == 0) address_of(addr, ip, port);
}

void refuse_and_close(int sock, const char* status_line) {
    std::string reply = std::string("HTTP/1.1 ") + status_line +
                        "\r\nContent-Length: 0\r\nConnection: close\r\nRetry-After: 2\r\n\r\n";
    (void)::send(sock, reply.data(), reply.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
    ::shutdown(sock, SHUT_RDWR);
    ::close(sock);
}

} // namespace umpire::serve::detail
