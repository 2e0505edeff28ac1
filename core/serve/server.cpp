#include "serve/server.h"

#include "serve/connection.h"
#include "serve/tokens.h"
#include "serve/visibility.h"

#include <httplib.h>

#include <arpa/inet.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <charconv>
#include <condition_variable>
#include <deque>
#include <map>
#include <mutex>
#include <thread>

namespace umpire::embedded {
std::string_view serve_page_html();
std::string_view serve_page_css();
std::string_view serve_page_js();
} // namespace umpire::embedded

namespace umpire::serve {

namespace {

using Clock = std::chrono::steady_clock;

// Set on the thread that answers connections over the limit.
thread_local bool t_refusing = false;
// Set when a request was refused before its body was read: the connection is closed after the
// answer, so that body is never read as a request of its own.
thread_local bool t_close_after = false;

// cpp-httplib's task queue, bounded: a connection gets a thread of its own while fewer than
// `max` are open (threads are started as needed and kept); past that it is handed to one
// thread that answers 503 and closes it without reading a byte.
class BoundedQueue : public httplib::TaskQueue {
public:
    explicit BoundedQueue(std::size_t max) : max_(max) {
        refuser_ = std::thread([this] {
            t_refusing = true;
            run(refused_);
        });
    }

    void enqueue(std::function<void()> fn) override {
        {
            std::lock_guard lock(mutex_);
            if (open_ >= max_) {
                refused_.push_back(std::move(fn));
            } else {
                ++open_;
                jobs_.push_back([this, fn = std::move(fn)] {
                    fn();
                    std::lock_guard done(mutex_);
                    --open_;
                    ++idle_;
                });
                if (idle_ > 0)
                    --idle_;
                else
                    workers_.emplace_back([this] { run(jobs_); });
            }
        }
        cond_.notify_all();
    }

    void shutdown() override {
        {
            std::lock_guard lock(mutex_);
            shutdown_ = true;
        }
        cond_.notify_all();
        for (auto& t : workers_) t.join();
        refuser_.join();
    }

private:
    void run(std::deque<std::function<void()>>& queue) {
        for (;;) {
            std::function<void()> fn;
            {
                std::unique_lock lock(mutex_);
                cond_.wait(lock, [&] { return !queue.empty() || shutdown_; });
                if (queue.empty()) return;
                fn = std::move(queue.front());
                queue.pop_front();
            }
            fn();
        }
    }

    const std::size_t max_;
    std::mutex mutex_;
    std::condition_variable cond_;
    std::deque<std::function<void()>> jobs_, refused_;
    std::vector<std::thread> workers_;
    std::thread refuser_;
    std::size_t open_ = 0, idle_ = 0;
    bool shutdown_ = false;
};

// cpp-httplib's server with our own connection loop (serve/connection.h): each request bounded
// in time and bytes, and connections over the limit refused without a read.
class HttpServer : public httplib::Server {
public:
    HttpServer(detail::ConnectionLimits limits, std::chrono::milliseconds idle, std::atomic<bool>& stopping)
        : limits_(limits), idle_(idle), stopping_(stopping) {}

    // The library listens with a backlog of 5; phones arriving together (a room scanning the
    // codes) would wait for SYN retries. listen() again on a listening socket only widens it.
    void widen_backlog() { ::listen(svr_sock_, 256); }

private:
    bool process_and_close_socket(socket_t sock) override {
        if (t_refusing) {
            detail::refuse_and_close(sock, "503 Service Unavailable");
            return false;
        }
        detail::Connection strm(sock, limits_, stopping_);
        constexpr int kRequestsPerConnection = 100;
        bool ok = true;
        for (int i = 0; i < kRequestsPerConnection && !stopping_; ++i) {
            if (!strm.wait_for_request(i == 0 ? limits_.request_deadline : idle_)) break;
            strm.begin_request();
            bool closed = false;
            const bool last = i + 1 == kRequestsPerConnection;
            t_close_after = false;
            ok = process_request(strm, last, closed, nullptr);
            if (!ok || closed || t_close_after) break;
        }
        ::shutdown(sock, SHUT_RDWR);
        ::close(sock);
        return ok;
    }

    detail::ConnectionLimits limits_;
    std::chrono::milliseconds idle_;
    std::atomic<bool>& stopping_;
};

bool is_address(const std::string& text) {
    unsigned char buf[sizeof(in6_addr)];
    return ::inet_pton(AF_INET, text.c_str(), buf) == 1 || ::inet_pton(AF_INET6, text.c_str(), buf) == 1 ||
           text == "localhost";
}

// A tab's own id from the page (so two phones behind one address count twice): at most 16
// letters and digits, anything else dropped.
std::string tab_id(const std::string& raw) {
    std::string out;
    for (char c : raw)
        if (out.size() < 16 && ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))) out += c;
    return out;
}

std::optional<std::int64_t> whole_number(const std::string& text) {
    std::int64_t v = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || end != text.data() + text.size() || text.empty()) return std::nullopt;
    return v;
}

} // namespace

struct Server::Impl {
    Pages& pages;
    ServeOptions options;
    std::atomic<bool> stopping{false};
    HttpServer http;
    std::thread listener;
    int port = 0;
    bool started = false;

    mutable std::mutex mutex;
    std::map<int, std::string> tokens;  // by viewer
    struct Seen {
        std::string viewer;
        std::string address;
        std::int64_t entry = -1;
        Clock::time_point at;
    };
    std::map<std::string, Seen> seen;  // by viewer, address and tab

    Impl(Pages& p, ServeOptions o)
        : pages(p), options(std::move(o)),
          http(detail::ConnectionLimits{options.request_deadline, 16 * 1024, std::chrono::milliseconds(5000)},
               options.idle, stopping) {}

    // The viewer whose token is `given`: every token is compared in full, in constant time.
    std::optional<int> viewer_of(std::string_view given) {
        std::lock_guard lock(mutex);
        std::optional<int> found;
        for (const auto& [viewer, token] : tokens)
            if (same_token(given, token)) found = viewer;
        return found;
    }

    void note_phone(int viewer, const httplib::Request& req, std::int64_t since) {
        std::string name = "Umpire";
        for (const Viewer& v : pages.viewers())
            if (v.id == viewer) name = v.name;
        const std::string key = std::to_string(viewer) + ' ' + req.remote_addr + ' ' + tab_id(req.get_param_value("tab"));
        std::lock_guard lock(mutex);
        const auto now = Clock::now();
        // Bounded: phones gone quiet are forgotten, and a flood of tab ids cannot grow it past
        // a few hundred.
        constexpr std::size_t kMaxSeen = 512;
        if (seen.size() >= kMaxSeen) {
            for (auto it = seen.begin(); it != seen.end();)
                it = now - it->second.at > forget_after() ? seen.erase(it) : std::next(it);
            if (seen.size() >= kMaxSeen && !seen.count(key)) return;
        }
        seen[key] = {name, req.remote_addr, since, now};
    }

    std::chrono::milliseconds forget_after() const { return options.hold + std::chrono::milliseconds(10000); }

    std::string phones_json() const {
        nlohmann::json out = nlohmann::json::array();
        for (const Phone& p : phones()) out.push_back({{"viewer", p.viewer}, {"address", p.address}, {"entry", p.entry}});
        return out.dump();
    }

    std::vector<Phone> phones() const {
        std::lock_guard lock(mutex);
        std::vector<Phone> out;
        const auto now = Clock::now();
        for (const auto& [key, s] : seen) {
            const auto age = now - s.at;
            if (age > forget_after()) continue;
            out.push_back({s.viewer, s.address, s.entry, std::chrono::duration<double>(age).count()});
        }
        return out;
    }

    void answer(const httplib::Request& req, httplib::Response& res) {
        // /p/<token>/<what>
        const std::string& path = req.path;
        if (path.rfind("/p/", 0) != 0) return forbid(res);
        const std::size_t slash = path.find('/', 3);
        const std::string_view token = std::string_view(path).substr(3, slash == std::string::npos ? std::string::npos : slash - 3);
        const std::optional<int> viewer = viewer_of(token);
        if (!viewer) return forbid(res);
        if (slash == std::string::npos) {
            res.status = 301;
            res.set_header("Location", path + "/");
            return;
        }
        const std::string what = path.substr(slash + 1);
        if (what.empty() || what == "index.html") return res.set_content(std::string(embedded::serve_page_html()), "text/html; charset=utf-8");
        if (what == "page.css") return res.set_content(std::string(embedded::serve_page_css()), "text/css; charset=utf-8");
        if (what == "page.js") return res.set_content(std::string(embedded::serve_page_js()), "text/javascript; charset=utf-8");
        if (what != "state") {
            res.status = 404;
            return res.set_content("Not found\n", "text/plain; charset=utf-8");
        }
        std::int64_t since = -1;
        if (req.has_param("since")) {
            auto n = whole_number(req.get_param_value("since"));
            if (!n) {
                res.status = 400;
                return res.set_content("since must be a whole number\n", "text/plain; charset=utf-8");
            }
            since = *n;
        }
        note_phone(*viewer, req, since);
        const auto hold = req.has_param("wait") && req.get_param_value("wait") == "0" ? std::chrono::milliseconds(0)
                                                                                      : options.hold;
        std::optional<std::string> reply = pages.changes_since(*viewer, since, hold);
        if (!reply) {
            res.status = 503;
            return res.set_content("The battle is not ready\n", "text/plain; charset=utf-8");
        }
        if (*viewer == kUmpire) reply->insert(reply->size() - 1, ",\"phones\":" + phones_json());
        res.set_content(std::move(*reply), "application/json");
    }

    static void forbid(httplib::Response& res) {
        res.status = 403;
        res.set_content("Forbidden: this address needs the page's own link\n", "text/plain; charset=utf-8");
    }
};

Server::Server(Pages& pages, ServeOptions options) : impl_(std::make_unique<Impl>(pages, std::move(options))) {
    auto& http = impl_->http;
    http.set_default_headers({
        {"Content-Security-Policy", "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
                                    "img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"},
        {"X-Frame-Options", "DENY"},
        {"X-Content-Type-Options", "nosniff"},
        {"Referrer-Policy", "no-referrer"},
        {"Cache-Control", "no-store"},
        {"Cross-Origin-Resource-Policy", "same-origin"},
    });
    http.set_payload_max_length(1024);
    // The library's default also sets SO_REUSEPORT, which lets a second server (the desk and
    // `umpire serve`, say) take the same port and share its phones at random: address reuse
    // only, so a taken port is refused.
    http.set_socket_options([](socket_t sock) {
        int yes = 1;
        ::setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    });
    http.set_write_timeout(5, 0);
    const std::size_t max = impl_->options.max_connections;
    http.new_task_queue = [max] { return new BoundedQueue(max); };
    // Only GET: any other method is refused before its body is read or a route is looked at.
    http.set_pre_routing_handler([](const httplib::Request& req, httplib::Response& res) {
        if (req.method == "GET") return httplib::Server::HandlerResponse::Unhandled;
        res.status = 405;
        res.set_header("Allow", "GET");
        t_close_after = true;
        res.set_content("Only GET: these pages are read-only\n", "text/plain; charset=utf-8");
        return httplib::Server::HandlerResponse::Handled;
    });
    http.Get(".*", [this](const httplib::Request& req, httplib::Response& res) { impl_->answer(req, res); });
}

Server::~Server() { stop(); }

void Server::start() {
    Impl& d = *impl_;
    if (d.started) return;
    if (!is_address(d.options.bind))
        throw ServeError("\"" + d.options.bind + "\" is not an address to listen on (say 0.0.0.0, 127.0.0.1 or one of "
                         "this machine's addresses)", true);
    if (d.options.port < 0 || d.options.port > 65535)
        throw ServeError("the port must be a whole number from 0 to 65535, got " + std::to_string(d.options.port), true);
    if (d.options.port == 0) {
        d.port = d.http.bind_to_any_port(d.options.bind);
        if (d.port < 0) throw ServeError("could not listen on " + d.options.bind + " (is it this machine's address?)", false);
    } else {
        if (!d.http.bind_to_port(d.options.bind, d.options.port))
            throw ServeError("could not listen on " + d.options.bind + " port " + std::to_string(d.options.port) +
                                 " (is the port taken by another program, or the address not this machine's?)",
                             false);
        d.port = d.options.port;
    }
    d.http.widen_backlog();
    d.stopping = false;
    d.pages.resume();
    d.listener = std::thread([&d] { d.http.listen_after_bind(); });
    d.started = true;
    // cpp-httplib's stop() does nothing until the listening loop has begun: wait for it, so a
    // stop right after the start is never lost.
    for (int i = 0; i < 2000 && !d.http.is_running(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(1));
}

void Server::stop() {
    Impl& d = *impl_;
    if (!d.started) return;
    d.stopping = true;
    d.pages.stop();
    d.http.stop();
    if (d.listener.joinable()) d.listener.join();
    d.started = false;
}

int Server::port() const { return impl_->port; }
const ServeOptions& Server::options() const { return impl_->options; }

std::vector<PageAddress> Server::addresses() {
    Impl& d = *impl_;
    std::vector<PageAddress> out;
    const std::vector<Viewer> viewers = d.pages.viewers();
    std::lock_guard lock(d.mutex);
    for (const Viewer& v : viewers) {
        std::string& token = d.tokens[v.id];
        if (token.empty()) token = random_token();
        out.push_back({v.id, v.name, "/p/" + token + "/"});
    }
    return out;
}

void Server::new_tokens() {
    Impl& d = *impl_;
    std::lock_guard lock(d.mutex);
    for (auto& [viewer, token] : d.tokens) token = random_token();
}

std::vector<Phone> Server::phones() const { return impl_->phones(); }

} // namespace umpire::serve
