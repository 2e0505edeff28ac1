#pragma once
// The pages served on the local network: one address for the umpire and one for each side, each
// with a random token in it (serve/tokens.h). Read-only and made for a shared network: only GET
// is answered (anything else 405), a missing or wrong token gets 403 and nothing of the battle,
// requests are bounded in size and time, connections in number (past the limit a client is told
// 503 at once), and every response forbids framing and loading anything from elsewhere.
#include "serve/pages.h"

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace umpire::serve {

// Why serving could not start: `bad_input` for an address that is no address (the caller's
// mistake), otherwise the machine's (the port is taken, the address is not this machine's).
class ServeError : public std::runtime_error {
public:
    ServeError(const std::string& message, bool bad_input) : std::runtime_error(message), bad_input_(bad_input) {}
    bool bad_input() const { return bad_input_; }

private:
    bool bad_input_;
};

struct ServeOptions {
    std::string bind = "0.0.0.0";  // every interface: a phone on the same network reaches it
    int port = 8080;               // 0: any free port (port() says which)
    // Connections served at once, a phone's held request included (each holds a thread while
    // open); more are answered 503 and closed.
    std::size_t max_connections = 128;
    // How long a "changes since" request is held before the heartbeat answer.
    std::chrono::milliseconds hold{15000};
    std::chrono::milliseconds request_deadline{10000};  // a request must arrive whole within this
    std::chrono::milliseconds idle{5000};                // a kept-alive connection waits this long
};

// A page's address without the host: "/p/<token>/".
struct PageAddress {
    int viewer = 0;
    std::string name;
    std::string path;
};

// A phone that asked for its page lately (within the hold and a margin): whose page, from
// where, and the entry it had then.
struct Phone {
    std::string viewer;
    std::string address;
    std::int64_t entry = -1;
    double seconds_ago = 0;
};

class Server {
public:
    Server(Pages& pages, ServeOptions options);
    ~Server();
    Server(const Server&) = delete;
    Server& operator=(const Server&) = delete;

    // Binds and starts serving on threads of its own. ServeError when it cannot.
    void start();
    // Stops listening, answers the held requests and waits for the threads.
    void stop();

    int port() const;
    const ServeOptions& options() const;
    // The pages' addresses as they stand (new viewers get a token on first asking).
    std::vector<PageAddress> addresses();
    // New tokens for every page: the old addresses stop working at once.
    void new_tokens();
    std::vector<Phone> phones() const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

} // namespace umpire::serve
