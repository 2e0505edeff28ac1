// The serving module (umpire-serve.so): `umpire serve`'s work, loaded by the command line only
// when it serves (cli/serve_command.h says why). Its one exported symbol hands its table to a
// program of the same build.
#include "cli/serve_command.h"

#include "serve/follower.h"
#include "serve/network.h"
#include "serve/qr.h"
#include "serve/visibility.h"
#include "rules/inputs.h"

#include <nlohmann/json.hpp>

#include <signal.h>
#include <unistd.h>

#include <cstring>
#include <ctime>
#include <iostream>

namespace umpire::cli {

namespace {

// The addresses, as JSON on one line (for scripts) or as text with QR codes on request.
void print_addresses(const ServeCommand& a, serve::Server& server, const std::string& battle_name) {
    const std::vector<std::string> hosts = serve::hosts_for(a.options.bind);
    const auto pages = server.addresses();
    if (a.json) {
        nlohmann::json j{{"battle", battle_name}, {"bind", a.options.bind}, {"port", server.port()}};
        nlohmann::json list = nlohmann::json::array();
        for (const auto& p : pages)
            list.push_back({{"page", p.name}, {"umpire", p.viewer == serve::kUmpire},
                            {"url", serve::page_url(hosts.front(), server.port(), p.path)}, {"path", p.path}});
        j["pages"] = list;
        std::cout << j.dump() << std::endl;
        return;
    }
    for (const auto& p : pages) {
        std::cout << "  " << p.name << ": " << serve::page_url(hosts.front(), server.port(), p.path) << "\n";
        for (std::size_t i = 1; i < hosts.size(); ++i)
            std::cout << "    or " << serve::page_url(hosts[i], server.port(), p.path) << "\n";
        if (a.qr) std::cout << serve::qr_text(serve::qr_code(serve::page_url(hosts.front(), server.port(), p.path)));
    }
    std::cout << std::flush;
}

int run_serve(const ServeCommand& a) {
    // Signals are taken by this thread alone (sigtimedwait below), never by the server's threads,
    // which inherit the blocked mask.
    sigset_t signals;
    sigemptyset(&signals);
    for (int s : {SIGINT, SIGTERM, SIGHUP}) sigaddset(&signals, s);
    pthread_sigmask(SIG_BLOCK, &signals, nullptr);
    ::signal(SIGPIPE, SIG_IGN);

    serve::Pages pages;
    serve::Follower follower(a.path, pages);
    serve::Server server(pages, a.options);
    try {
        server.start();
    } catch (const serve::ServeError& e) {
        if (e.bad_input()) throw rules::InputError("bind", e.what());
        throw;
    }
    follower.start();
    const std::string name = follower.file().battle().name;
    if (!a.json) {
        const bool everywhere = a.options.bind == "0.0.0.0" || a.options.bind == "::";
        std::cout << "Serving " << name << " on port " << server.port()
                  << (everywhere ? " on every network of this machine: a phone on the same network opens these"
                                 : " at " + a.options.bind + " only")
                  << " (read-only; the battle goes on being played from the desk and the command line):\n";
    }
    print_addresses(a, server, name);
    if (!a.json)
        std::cout << "Ctrl+C stops. kill -HUP " << ::getpid()
                  << " gives every page a new address (the old ones stop working).\n" << std::flush;

    std::string problem;
    for (;;) {
        timespec tick{1, 0};
        const int sig = sigtimedwait(&signals, nullptr, &tick);
        if (sig == SIGINT || sig == SIGTERM) break;
        if (sig == SIGHUP) {
            server.new_tokens();
            if (!a.json) std::cout << "New addresses (the old ones no longer work):\n";
            print_addresses(a, server, name);
        }
        // A reading problem is said once when it starts, and again when it is over.
        const std::string now = follower.last_problem();
        if (now != problem) {
            std::cerr << (now.empty() ? "umpire: the battle reads again; the pages follow it\n"
                                      : "umpire: cannot read the battle (" + now + "); the pages show it as it was\n");
            problem = now;
        }
    }
    follower.stop();
    server.stop();
    if (!a.json) std::cout << "Stopped serving " << name << ".\n";
    return 0;
}

} // namespace

} // namespace umpire::cli

extern "C" __attribute__((visibility("default"))) const void* umpire_serve_module(const char* version,
                                                                                   std::size_t table_size) {
    static const umpire::cli::ServeModule module{&umpire::cli::run_serve};
    if (!version || std::strcmp(version, UMPIRE_VERSION) != 0 || table_size != sizeof(module)) return nullptr;
    return &module;
}
