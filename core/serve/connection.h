#pragma once
// One accepted connection as cpp-httplib reads and writes it, with limits its own socket stream
// lacks: each request must arrive whole within a deadline and within a byte budget, so a client
// that sends a byte a second, or headers without end, holds a thread for seconds and a few
// kilobytes, never longer. Internal to the server.
#include <httplib.h>

#include <atomic>
#include <chrono>
#include <cstddef>
#include <string>

namespace umpire::serve::detail {

struct ConnectionLimits {
    std::chrono::milliseconds request_deadline{10000};  // from the first byte wanted to the last
    std::size_t request_bytes = 16 * 1024;              // request line, headers and any body
    std::chrono::milliseconds write_timeout{5000};      // for each write to make progress
};

class Connection : public httplib::Stream {
public:
    Connection(int sock, const ConnectionLimits& limits, const std::atomic<bool>& stopping);

    // Waits up to `idle` for the next request to start; false when none came or the server stops.
    bool wait_for_request(std::chrono::milliseconds idle);
    // The next request's deadline and budget start now.
    void begin_request();

    bool is_readable() const override;
    bool is_writable() const override;
    ssize_t read(char* ptr, size_t size) override;
    ssize_t write(const char* ptr, size_t size) override;
    void get_remote_ip_and_port(std::string& ip, int& port) const override;
    void get_local_ip_and_port(std::string& ip, int& port) const override;
    int socket() const override { return sock_; }

private:
    // Polls for `events` until `until`, in slices, giving up early when the server stops.
    bool wait(short events, std::chrono::steady_clock::time_point until) const;

    int sock_;
    ConnectionLimits limits_;
    const std::atomic<bool>& stopping_;
    std::chrono::steady_clock::time_point deadline_;
    std::size_t budget_ = 0;
    char buffer_[4096];
    std::size_t have_ = 0, at_ = 0;
};

// Writes a short, complete response without waiting (the socket may be full: then nothing is
// written) and closes the socket: the answer to a connection over the limit.
void refuse_and_close(int sock, const char* status_line);

} // namespace umpire::serve::detail
