#pragma once
// Debian's headless Chromium driven over the DevTools protocol on a pipe (--remote-debugging-pipe:
// JSON messages ended by a NUL, commands on the browser's fd 3, answers on its fd 4), so a test
// loads a page as a phone does, reads what it shows and saves a screenshot. No network: the
// flags keep Chromium from calling home.
#include <nlohmann/json.hpp>

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace umpire::test {

inline std::string chromium_binary() {
    for (const char* p : {"/usr/bin/chromium", "/usr/bin/chromium-browser"})
        if (std::filesystem::exists(p)) return p;
    throw std::runtime_error("Chromium is not installed (scripts/install-deps.sh installs Debian's chromium)");
}

inline std::string base64_decode(const std::string& in) {
    static const std::string kAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    int bits = 0, value = 0;
    for (char c : in) {
        const auto at = kAlphabet.find(c);
        if (at == std::string::npos) continue;  // '=' and line breaks
        value = (value << 6) | static_cast<int>(at);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out += static_cast<char>((value >> bits) & 0xff);
        }
    }
    return out;
}

class Chromium {
public:
    explicit Chromium(const std::filesystem::path& profile) {
        int to_browser[2], from_browser[2];
        if (::pipe(to_browser) != 0 || ::pipe(from_browser) != 0) throw std::runtime_error("pipe failed");
        const std::string binary = chromium_binary();
        pid_ = ::fork();
        if (pid_ == 0) {
            ::dup2(to_browser[0], 3);
            ::dup2(from_browser[1], 4);
            const int null = ::open("/dev/null", O_WRONLY);
            ::dup2(null, 1);
            ::dup2(null, 2);
            const std::string dir = "--user-data-dir=" + profile.string();
            std::vector<std::string> args{binary, "--headless", "--no-sandbox", dir, "--disable-gpu",
                                          "--disable-background-networking", "--disable-component-update",
                                          "--disable-sync", "--no-first-run", "--disable-dev-shm-usage",
                                          "--hide-scrollbars", "--remote-debugging-pipe", "about:blank"};
            std::vector<char*> argv;
            for (auto& a : args) argv.push_back(a.data());
            argv.push_back(nullptr);
            ::execv(binary.c_str(), argv.data());
            ::_exit(127);
        }
        ::close(to_browser[0]);
        ::close(from_browser[1]);
        out_ = to_browser[1];
        in_ = from_browser[0];
        // The page's own target, attached flat: its commands carry the session id.
        const auto targets = call("Target.getTargets", {});
        std::string page;
        for (const auto& t : targets["targetInfos"])
            if (t["type"] == "page") page = t["targetId"];
        if (page.empty()) page = call("Target.createTarget", {{"url", "about:blank"}})["targetId"];
        session_ = call("Target.attachToTarget", {{"targetId", page}, {"flatten", true}})["sessionId"];
        call("Page.enable", {});
        call("Runtime.enable", {});
    }
    ~Chromium() {
        try {
            send({{"id", ++id_}, {"method", "Browser.close"}, {"params", nlohmann::json::object()}});
        } catch (...) {
        }
        ::close(out_);
        ::close(in_);
        for (int i = 0; i < 50; ++i) {
            if (::waitpid(pid_, nullptr, WNOHANG) == pid_) return;
            ::usleep(100000);
        }
        ::kill(pid_, SIGKILL);
        ::waitpid(pid_, nullptr, 0);
    }

    // A phone's screen: width x height CSS pixels, mobile, light or dark.
    void screen(int width, int height, bool dark) {
        call("Emulation.setDeviceMetricsOverride",
             {{"width", width}, {"height", height}, {"deviceScaleFactor", 1}, {"mobile", width < 700}});
        call("Emulation.setEmulatedMedia",
             {{"features", nlohmann::json::array({{{"name", "prefers-color-scheme"}, {"value", dark ? "dark" : "light"}}})}});
    }
    void go(const std::string& url) { call("Page.navigate", {{"url", url}}); }
    // The value of a JavaScript expression in the page (null when it throws).
    nlohmann::json eval(const std::string& expression) {
        const auto r = call("Runtime.evaluate", {{"expression", expression}, {"returnByValue", true}});
        return r.contains("result") && r["result"].contains("value") ? r["result"]["value"] : nlohmann::json();
    }
    void screenshot(const std::filesystem::path& png) {
        const auto r = call("Page.captureScreenshot", {{"format", "png"}, {"captureBeyondViewport", false}});
        std::ofstream(png, std::ios::binary) << base64_decode(r["data"].get<std::string>());
    }

    nlohmann::json call(const std::string& method, const nlohmann::json& params) {
        const int id = ++id_;
        nlohmann::json msg{{"id", id}, {"method", method}, {"params", params}};
        if (!session_.empty()) msg["sessionId"] = session_;
        send(msg);
        for (;;) {
            const nlohmann::json reply = receive();
            if (reply.value("id", -1) != id) continue;  // an event, or an older answer
            if (reply.contains("error")) throw std::runtime_error(method + ": " + reply["error"].dump());
            return reply.value("result", nlohmann::json::object());
        }
    }

private:
    void send(const nlohmann::json& msg) {
        const std::string bytes = msg.dump() + '\0';
        std::size_t done = 0;
        while (done < bytes.size()) {
            const ssize_t n = ::write(out_, bytes.data() + done, bytes.size() - done);
            if (n <= 0) throw std::runtime_error("Chromium closed its pipe");
            done += static_cast<std::size_t>(n);
        }
    }
    nlohmann::json receive() {
        const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(30);
        for (;;) {
            const auto end = buffer_.find('\0');
            if (end != std::string::npos) {
                const std::string one = buffer_.substr(0, end);
                buffer_.erase(0, end + 1);
                return nlohmann::json::parse(one);
            }
            pollfd p{in_, POLLIN, 0};
            const int left = static_cast<int>(
                std::chrono::duration_cast<std::chrono::milliseconds>(until - std::chrono::steady_clock::now()).count());
            if (left <= 0 || ::poll(&p, 1, left) <= 0) throw std::runtime_error("Chromium did not answer in 30 s");
            char buf[65536];
            const ssize_t n = ::read(in_, buf, sizeof buf);
            if (n <= 0) throw std::runtime_error("Chromium closed its pipe");
            buffer_.append(buf, static_cast<std::size_t>(n));
        }
    }

    pid_t pid_ = -1;
    int out_ = -1, in_ = -1;
    int id_ = 0;
    std::string session_;
    std::string buffer_;
};

} // namespace umpire::test
