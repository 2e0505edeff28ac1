// The server read as a phone and as an intruder would: raw requests, raw answers.
#include "serve/follower.h"
#include "serve/server.h"

#include "roster/edit.h"

#include "raw_http.h"
#include "serve_fixture.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <future>

using namespace umpire;
using namespace std::chrono_literals;

namespace {

struct Served {
    test::ServedBattle battle;
    serve::Pages pages;
    serve::Follower follower{battle.path, pages};
    serve::Server server;

    explicit Served(serve::ServeOptions o = options()) : server(pages, o) {
        server.start();
        follower.start(50ms);
    }
    ~Served() {
        follower.stop();
        server.stop();
    }
    static serve::ServeOptions options() {
        serve::ServeOptions o;
        o.bind = "127.0.0.1";
        o.port = 0;
        o.hold = 3000ms;
        return o;
    }
    std::string path_of(const std::string& name) {
        for (const auto& a : server.addresses())
            if (a.name == name) return a.path;
        throw std::runtime_error("no page for " + name);
    }
    std::string get(const std::string& target) { return test::http(server.port(), "GET", target); }
    std::int64_t apply_elsewhere(const std::function<rules::Resolution(const model::Battle&)>& edit) {
        auto file = store::BattleFile::open(battle.path);
        const rules::Resolution r = edit(file.battle());
        rules::ActionRequest request;
        request.action = r.action;
        request.unit = r.unit;
        return file.record(request, r);
    }
};

int unit_named(const std::string& path, const std::string& name) {
    return store::BattleFile::open(path).battle().find_unit(name)->id;
}

} // namespace

TEST_CASE("serve server: each page, its script and its state come with its token, with the safety headers") {
    Served s;
    const std::string page = s.path_of("Frontier Field Force");
    REQUIRE(page.size() == std::string("/p/").size() + 32 + 1);
    const std::string html = s.get(page);
    CHECK(test::status_of(html) == 200);
    CHECK(html.find("<script src=\"page.js\"") != std::string::npos);
    for (const char* header : {"Content-Security-Policy: default-src 'none'", "frame-ancestors 'none'",
                               "X-Frame-Options: DENY", "X-Content-Type-Options: nosniff", "Referrer-Policy: no-referrer",
                               "Cache-Control: no-store"})
        CHECK(html.find(header) != std::string::npos);
    CHECK(test::status_of(s.get(page + "page.js")) == 200);
    CHECK(test::status_of(s.get(page + "page.css")) == 200);
    const std::string state = s.get(page + "state?since=-1");
    REQUIRE(test::status_of(state) == 200);
    const auto j = nlohmann::json::parse(test::body_of(state));
    CHECK(j["page"]["viewer"]["side"] == "Frontier Field Force");
    // Without the slash the page's own links would miss: it is sent there.
    const std::string bare = s.get(page.substr(0, page.size() - 1));
    CHECK(test::status_of(bare) == 301);
    CHECK(bare.find("Location: " + page) != std::string::npos);
}

TEST_CASE("serve server: no token, a wrong one or a bad path gets 403 or 404 and nothing of the battle") {
    Served s;
    const std::string page = s.path_of("Umpire");
    std::string wrong = page;
    wrong[3] = wrong[3] == 'a' ? 'b' : 'a';
    for (const std::string& target : {std::string("/"), std::string("/p/"), std::string("/p//state"), wrong, wrong + "state",
                                      std::string("/favicon.ico"), std::string("/../../etc/passwd"),
                                      std::string("/p/") + std::string(32, '0') + "/state", std::string("/p/%2e%2e/state")}) {
        const std::string r = s.get(target);
        INFO(target);
        CHECK(test::status_of(r) == 403);
        CHECK(r.find("Gordon") == std::string::npos);
        CHECK(r.find("Kotal") == std::string::npos);
    }
    for (const std::string& target : {page + "../state", page + "..%2f..%2fetc%2fpasswd", page + "nothing", page + "state/x"}) {
        INFO(target);
        const std::string r = s.get(target);
        CHECK((test::status_of(r) == 404 || test::status_of(r) == 403));
        CHECK(r.find("Gordon") == std::string::npos);
    }
    CHECK(test::status_of(s.get(page + "state?since=abc")) == 400);
}

TEST_CASE("serve server: only GET, anything else is 405 and changes nothing") {
    Served s;
    const std::string page = s.path_of("Umpire");
    const auto before = testing::read_bytes(s.battle.path);
    for (const char* method : {"POST", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD"}) {
        INFO(method);
        const std::string r = test::http(s.server.port(), method, page + "state", "Content-Length: 5\r\n\r\nhello");
        CHECK(test::status_of(r) == 405);
        CHECK(r.find("Allow: GET") != std::string::npos);
    }
    CHECK(testing::read_bytes(s.battle.path) == before);
}

TEST_CASE("serve server: a held request answers within a second of a change made by another program") {
    Served s;
    const std::string page = s.path_of("Pathan Lashkar");
    const std::int64_t now = nlohmann::json::parse(test::body_of(s.get(page + "state")))["entry"];
    auto held = std::async(std::launch::async, [&] {
        const std::string r = s.get(page + "state?since=" + std::to_string(now));
        return std::make_pair(r, std::chrono::steady_clock::now());
    });
    std::this_thread::sleep_for(300ms);
    const int ghazis = unit_named(s.battle.path, "Ghazis");
    const auto at = std::chrono::steady_clock::now();
    const std::int64_t entry = s.apply_elsewhere([&](const model::Battle& b) { return roster::set_figures(b, ghazis, 8); });
    const auto [reply, when] = held.get();
    CHECK(when - at < 1s);
    const auto j = nlohmann::json::parse(test::body_of(reply));
    CHECK(j["entry"] == entry);
    REQUIRE(j["entries"].size() == 1);
    CHECK(j["entries"][0]["summary"].get<std::string>().find("Ghazis") != std::string::npos);
    // Nothing more: the heartbeat after the hold (3 s here).
    const auto t0 = std::chrono::steady_clock::now();
    const auto beat = nlohmann::json::parse(test::body_of(s.get(page + "state?since=" + std::to_string(entry))));
    CHECK(beat["unchanged"] == true);
    CHECK(std::chrono::steady_clock::now() - t0 >= 2900ms);
}

TEST_CASE("serve server: new tokens on request, the old addresses stop working at once") {
    Served s;
    const std::string old = s.path_of("Umpire");
    CHECK(test::status_of(s.get(old + "state?wait=0")) == 200);
    s.server.new_tokens();
    const std::string fresh = s.path_of("Umpire");
    CHECK(fresh != old);
    CHECK(test::status_of(s.get(old + "state?wait=0")) == 403);
    CHECK(test::status_of(s.get(fresh + "state?wait=0")) == 200);
}

TEST_CASE("serve server: the umpire's page lists the phones following, each with the entry it has") {
    Served s;
    const std::string side = s.path_of("Frontier Field Force");
    s.get(side + "state?wait=0&since=-1&tab=phone1");
    const auto phones = s.server.phones();
    REQUIRE(phones.size() == 1);
    CHECK(phones[0].viewer == "Frontier Field Force");
    CHECK(phones[0].address == "127.0.0.1");
    const auto j = nlohmann::json::parse(test::body_of(s.get(s.path_of("Umpire") + "state?wait=0")));
    CHECK(j["phones"].size() == 2);  // the side's phone and the umpire's own
}

TEST_CASE("serve server: an address that is no address is the caller's mistake, a taken port is not") {
    test::ServedBattle b;
    serve::Pages pages;
    serve::Follower follower(b.path, pages);
    serve::ServeOptions o;
    o.bind = "not-an-address";
    serve::Server bad(pages, o);
    try {
        bad.start();
        FAIL("started on a bad address");
    } catch (const serve::ServeError& e) {
        CHECK(e.bad_input());
    }
    o.bind = "127.0.0.1";
    o.port = 0;
    serve::Server first(pages, o);
    first.start();
    o.port = first.port();
    serve::Server second(pages, o);
    try {
        second.start();
        FAIL("two servers on one port");
    } catch (const serve::ServeError& e) {
        CHECK_FALSE(e.bad_input());
        CHECK(std::string(e.what()).find(std::to_string(o.port)) != std::string::npos);
    }
}
