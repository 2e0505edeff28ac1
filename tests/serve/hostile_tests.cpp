// Hostile clients on a shared network: the server stays up, bounded and correct.
#include "serve/follower.h"
#include "serve/server.h"

#include "raw_http.h"
#include "serve_fixture.h"

#include <catch2/catch.hpp>

#include <thread>
#include <vector>

using namespace umpire;
using namespace std::chrono_literals;

namespace {

struct Hostile {
    test::ServedBattle battle;
    serve::Pages pages;
    serve::Follower follower{battle.path, pages};
    serve::Server server;
    std::string page;

    explicit Hostile(serve::ServeOptions o) : server(pages, o) {
        server.start();
        page = server.addresses().front().path;
    }
    static serve::ServeOptions options() {
        serve::ServeOptions o;
        o.bind = "127.0.0.1";
        o.port = 0;
        o.hold = 2000ms;
        o.request_deadline = 1000ms;
        o.idle = 1000ms;
        o.max_connections = 32;
        return o;
    }
    // The server still answers a good request, and correctly.
    bool healthy() {
        const std::string r = test::http(server.port(), "GET", page + "state?wait=0");
        return test::status_of(r) == 200 && r.find("Kotal Pass") != std::string::npos;
    }
};

} // namespace

TEST_CASE("serve hostile: huge headers and a huge request line are refused, the server stays up") {
    Hostile h(Hostile::options());
    const std::string huge(200 * 1024, 'x');
    const std::string r1 = test::http(h.server.port(), "GET", h.page + "state", "X-Big: " + huge + "\r\n", 5000ms);
    CHECK(test::status_of(r1) != 200);
    std::string many;
    for (int i = 0; i < 4000; ++i) many += "X-H" + std::to_string(i) + ": " + std::string(50, 'y') + "\r\n";
    const std::string r2 = test::http(h.server.port(), "GET", h.page + "state", many, 5000ms);
    CHECK(test::status_of(r2) != 200);
    const std::string r3 = test::http(h.server.port(), "GET", h.page + std::string(100 * 1024, 'a'), "", 5000ms);
    CHECK(test::status_of(r3) != 200);
    CHECK(h.healthy());
}

TEST_CASE("serve hostile: a client sending a byte at a time is cut off at the request deadline") {
    Hostile h(Hostile::options());
    const int s = test::connect_local(h.server.port());
    REQUIRE(s >= 0);
    const std::string request = "GET " + h.page + "state HTTP/1.1\r\nHost: x\r\n";
    const auto start = std::chrono::steady_clock::now();
    bool cut = false;
    for (char c : request) {
        if (!test::send_all(s, std::string(1, c))) {
            cut = true;
            break;
        }
        pollfd p{s, POLLIN, 0};
        if (::poll(&p, 1, 100) > 0) {  // the server answered or closed
            cut = true;
            break;
        }
    }
    const auto took = std::chrono::steady_clock::now() - start;
    ::close(s);
    CHECK(cut);
    CHECK(took < 3s);
    CHECK(h.healthy());
}

TEST_CASE("serve hostile: a thousand connections at once are bounded, answered or refused, and the server recovers") {
    Hostile h(Hostile::options());
    std::vector<int> sockets;
    for (int i = 0; i < 1000; ++i) {
        const int s = test::connect_local(h.server.port());
        if (s >= 0) sockets.push_back(s);
    }
    CHECK(sockets.size() > 900);  // the backlog takes them; the app decides
    // Each one either is refused at once (503) or, sending nothing, is closed at the deadline:
    // none is kept open.
    std::size_t refused = 0, closed = 0;
    for (int s : sockets) {
        const std::string r = test::read_until_closed(s, 5000ms);
        if (test::status_of(r) == 503) ++refused;
        else if (r.empty()) ++closed;
        ::close(s);
    }
    CHECK(refused + closed == sockets.size());
    CHECK(refused >= sockets.size() / 2);
    CHECK(h.healthy());
}

TEST_CASE("serve hostile: requests that hold their page are bounded by the connection limit") {
    auto o = Hostile::options();
    o.max_connections = 8;
    Hostile h(o);
    const std::int64_t entry = h.pages.entry();
    // Eight phones wait for a change; the ninth is told to come back later.
    std::vector<int> held;
    for (int i = 0; i < 8; ++i) {
        const int s = test::connect_local(h.server.port());
        test::send_all(s, "GET " + h.page + "state?since=" + std::to_string(entry) + " HTTP/1.1\r\nHost: x\r\n\r\n");
        held.push_back(s);
    }
    std::this_thread::sleep_for(200ms);
    CHECK(test::status_of(test::http(h.server.port(), "GET", h.page + "state?wait=0", "", 3000ms)) == 503);
    // They are held, not refused: nothing comes until a change or the heartbeat.
    for (int s : held) {
        const std::string early = test::read_until_closed(s, 20ms);  // all eight well within the 2 s hold
        INFO(early);
        CHECK(early.empty());
        ::close(s);
    }
    std::this_thread::sleep_for(2500ms);  // their holds end; the threads are free again
    CHECK(h.healthy());
}

TEST_CASE("serve hostile: a refused request's body is never read as a request of its own") {
    Hostile h(Hostile::options());
    // A POST whose body is a GET of the page: refused, and the connection closed with it.
    const std::string inner = "GET " + h.page + "state?wait=0 HTTP/1.1\r\nHost: x\r\n\r\n";
    const int s = test::connect_local(h.server.port());
    REQUIRE(s >= 0);
    test::send_all(s, "POST " + h.page + "state HTTP/1.1\r\nHost: x\r\nContent-Length: " + std::to_string(inner.size()) +
                          "\r\n\r\n" + inner);
    const std::string answer = test::read_until_closed(s, 3000ms);
    ::close(s);
    CHECK(test::status_of(answer) == 405);
    CHECK(answer.find("Kotal") == std::string::npos);
    CHECK(answer.find("HTTP/1.1 200") == std::string::npos);
}
