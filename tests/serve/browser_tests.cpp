// The phones' page in a real browser: `umpire serve` started as the umpire would, Debian's
// headless Chromium at phone size, a change made with `umpire apply` seen on the page within a
// second, and screenshots saved (build/serve-*.png) to be looked at.
#include "chromium.h"

#include "../cli/run_umpire.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <iostream>
#include <thread>

using namespace umpire;
using namespace std::chrono_literals;

namespace {

// `umpire serve BATTLE --bind 127.0.0.1 --port 0 --json`, its first line (the addresses) read.
class ServeProcess {
public:
    explicit ServeProcess(const std::string& battle) {
        int out[2];
        REQUIRE(::pipe(out) == 0);
        pid_ = ::fork();
        if (pid_ == 0) {
            ::dup2(out[1], 1);
            const int null = ::open("/dev/null", O_RDONLY);
            ::dup2(null, 0);
            ::execl(UMPIRE_BIN, UMPIRE_BIN, "serve", battle.c_str(), "--bind", "127.0.0.1", "--port", "0", "--json",
                    static_cast<char*>(nullptr));
            ::_exit(127);
        }
        ::close(out[1]);
        std::string line;
        char c;
        while (::read(out[0], &c, 1) == 1 && c != '\n') line += c;
        ::close(out[0]);
        INFO(line);
        addresses = nlohmann::json::parse(line);
    }
    ~ServeProcess() { stop(); }
    // As Ctrl+C does: a clean stop, exit 0.
    void stop() {
        if (pid_ < 0) return;
        ::kill(pid_, SIGTERM);
        int status = 0;
        ::waitpid(pid_, &status, 0);
        pid_ = -1;
        CHECK(WIFEXITED(status));
        CHECK(WEXITSTATUS(status) == 0);
    }
    std::string url(const std::string& page) const {
        for (const auto& p : addresses["pages"])
            if (p["page"] == page) return p["url"];
        throw std::runtime_error("no page " + page);
    }
    nlohmann::json addresses;

private:
    pid_t pid_ = -1;
};

// Polls the page until `expression` is true or `limit` passes; how long it took.
std::optional<std::chrono::milliseconds> wait_for(test::Chromium& browser, const std::string& expression,
                                                  std::chrono::milliseconds limit) {
    const auto start = std::chrono::steady_clock::now();
    while (std::chrono::steady_clock::now() - start < limit) {
        if (browser.eval(expression) == true)
            return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start);
        std::this_thread::sleep_for(10ms);
    }
    return std::nullopt;
}

std::string live_is(std::int64_t entry) {
    return "document.getElementById('live').textContent === 'live, as of entry #" + std::to_string(entry) + "'";
}

} // namespace

TEST_CASE("serve browser: a side's page at phone size follows a change made by the CLI within a second") {
    test::Scratch scratch;
    const std::string battle = scratch.path("kotal.umpire").string();
    REQUIRE(scratch.umpire({"new", "--roster", std::string(UMPIRE_SOURCE_DIR) + "/rosters/macduff-kotal-pass.toml", "-o", battle}).code == 0);
    REQUIRE(scratch.umpire({"hide", battle, "Afridi Marksmen"}).code == 0);
    REQUIRE(scratch.umpire({"turn", battle, "next", "--seed", "9"}).code == 0);  // entries 2 and 3
    ServeProcess serve(battle);
    test::Chromium browser(scratch.path("profile"));
    browser.screen(390, 844, false);
    browser.go(serve.url("Frontier Field Force"));
    REQUIRE(wait_for(browser, live_is(3), 10s));
    // The hidden unit is nowhere on the other side's page.
    CHECK(browser.eval("document.body.textContent.includes('Afridi Marksmen')") == false);
    CHECK(browser.eval("document.body.textContent.includes('Orakzai Riflemen')") == true);

    const auto applied = scratch.umpire({"apply", battle, "shoot", "--unit", "2nd Sikhs", "--target", "Orakzai Riflemen",
                                         "--range", "10", "--seed", "3", "--overrule", "a volley before the cards"});
    const auto committed = std::chrono::steady_clock::now();  // the CLI has committed and exited
    REQUIRE(applied.code == 0);
    const auto seen = wait_for(browser, live_is(4), 5s);
    REQUIRE(seen);
    const auto after = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - committed);
    std::cout << "serve browser: the CLI's change was on the page " << after.count() << " ms after its commit\n";
    CHECK(after < 1000ms);
    // The shot is there with its working and citations.
    CHECK(browser.eval("document.querySelector('.result .steps') !== null") == true);
    CHECK(browser.eval("document.querySelector('.result .cite').textContent.startsWith('[')") == true);
    // The page fits the phone: nothing wider than its 390 pixels.
    CHECK(browser.eval("document.documentElement.scrollWidth <= 390") == true);
    browser.screenshot(std::string(UMPIRE_BINARY_DIR) + "/serve-phone-light.png");
    // Further down: the enemy's units as the table shows them (the hidden one left out).
    browser.eval("window.scrollTo(0, document.querySelectorAll('#sides h2')[1].offsetTop - 70)");
    std::this_thread::sleep_for(100ms);
    browser.screenshot(std::string(UMPIRE_BINARY_DIR) + "/serve-phone-enemy.png");
    browser.eval("window.scrollTo(0, 0)");

    browser.screen(390, 844, true);
    std::this_thread::sleep_for(200ms);
    browser.screenshot(std::string(UMPIRE_BINARY_DIR) + "/serve-phone-dark.png");

    // The umpire's page on a tablet: the journal and the phones following.
    browser.screen(1024, 768, false);
    browser.go(serve.url("Umpire"));
    REQUIRE(wait_for(browser, live_is(4), 10s));
    CHECK(browser.eval("document.body.textContent.includes('Afridi Marksmen')") == true);
    CHECK(browser.eval("document.querySelectorAll('#journal li').length") == 4);
    browser.screenshot(std::string(UMPIRE_BINARY_DIR) + "/serve-tablet-umpire.png");

    // The server goes away (the laptop closed, the network gone): the page says so.
    serve.stop();
    CHECK(wait_for(browser, "document.getElementById('live').textContent === 'reconnecting'", 5s));
}
