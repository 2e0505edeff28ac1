// `umpire host [BATTLE] [--port N] [--name NAME] | --start | --stop`: the app's own PostgreSQL
// server (host/local_server.h) for several umpires on one battle. Hosting copies the battle into
// it and prints what the other umpires type; the server runs on in the background until stopped.
#include "cli/commands.h"

#include "cli/cli.h"
#include "cli/output.h"
#include "host/local_server.h"
#include "paths.h"
#include "store/backends.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <optional>
#include <stdexcept>

namespace umpire::cli {

namespace {


struct HostArgs {
    std::string battle;
    std::optional<int> port;
    std::string name;
    bool start = false;
    bool stop = false;
    bool json = false;
};

std::string server_folder() { return host::app_server_folder(); }

int stop_server(const HostArgs& a) {
    if (!a.battle.empty() || a.start || a.port || !a.name.empty())
        throw std::invalid_argument("--stop takes nothing else: it stops the server, whatever it holds");
    host::LocalServer server(server_folder());
    if (!server.initialised()) throw std::invalid_argument("no server has been hosted from " + server_folder() + " yet");
    const bool was_running = server.running();
    if (was_running) server.stop();
    print_report(a.json, {{"stopped", was_running}, {"folder", server_folder()}},
                 std::string(was_running ? "Stopped the server" : "The server was not running") +
                     "; its battles stay in " + server_folder() + " (umpire host --start starts it again)",
                 std::cout);
    return kExitOk;
}

int host_battle(const HostArgs& a) {
    if (a.start && !a.battle.empty()) throw std::invalid_argument("--start takes no battle: `umpire host BATTLE` starts the server too");
    if (!a.battle.empty() && store::is_server_address(a.battle))
        throw std::invalid_argument(store::shown(a.battle) + " is on a server already: host a battle file");
    if (!a.battle.empty() && !std::filesystem::is_regular_file(a.battle)) throw std::invalid_argument("no such battle file: " + a.battle);

    host::LocalServer server(server_folder());
    std::string how;
    if (!server.initialised()) {
        if (a.battle.empty()) throw std::invalid_argument("no server has been hosted from " + server_folder() + " yet: umpire host BATTLE makes one");
        server.initialise(a.port.value_or(host::kDefaultPort));
        how = "Made and started";
    } else if (!server.running()) {
        server.start(a.port);
        how = "Started";
    } else {
        if (a.port && *a.port != server.port())
            throw std::invalid_argument("the server already runs, on port " + std::to_string(server.port()) +
                                        ": --port applies when it starts (umpire host --stop first)");
        how = "Already running:";
    }

    std::vector<std::string> names = server.battles();
    std::string copied, note;
    if (!a.battle.empty()) {
        const std::string name = a.name.empty() ? host::battle_name_for(a.battle) : a.name;
        if (std::find(names.begin(), names.end(), name) == names.end()) {
            store::copy_battle(a.battle, server.own_address(name));
            copied = name;
            names = server.battles();
        } else if (a.name.empty()) {
            note = "\"" + name + "\" was on it already: its copy there is the one played (--name NAME hosts " + a.battle +
                   " again under another name)";
        } else {
            throw std::invalid_argument("the server holds a battle named \"" + name + "\" already: choose another --name");
        }
    }

    const std::string host_name = host::reachable_host();
    const std::string password = server.password();
    nlohmann::json list = nlohmann::json::array();
    std::string text = how + std::string(" the umpires' server on port ") + std::to_string(server.port()) +
                       " (TLS, password authentication), kept in " + server_folder() + "\n";
    if (!copied.empty()) text += "Copied " + a.battle + " to it as \"" + copied + "\"\n";
    if (!note.empty()) text += note + "\n";
    text += names.empty() ? "It holds no battle yet (umpire host BATTLE puts one on it)\n" : "Battles on it:\n";
    for (const std::string& n : names) {
        list.push_back({{"name", n}, {"address", server.address(host_name, n)}});
        text += "  " + n + ": " + server.address(host_name, n) + "\n";
    }
    text += "Password for the other umpires: " + password + "\n";
    if (!names.empty()) {
        const std::string shown_battle = copied.empty() ? names.front() : copied;
        text += "Another umpire on the same network plays it with:\n  PGPASSWORD=" + password + " umpire show '" +
                server.address(host_name, shown_battle) + "'\n";
    }
    text += "The server runs in the background: umpire host --stop stops it, umpire host --start starts it again "
            "(the battles stay)";
    print_report(a.json,
                 {{"port", server.port()}, {"password", password}, {"battles", list}, {"folder", server_folder()},
                  {"copied", copied.empty() ? nlohmann::json() : nlohmann::json(copied)}},
                 text, std::cout);
    return kExitOk;
}

} // namespace

void add_host(CLI::App& app, Run& run) {
    auto* cmd = app.add_subcommand("host", "Host battles for several umpires: the app's own PostgreSQL server, on the local\n"
                                           "network with TLS and a password; copies the battle into it and says how the\n"
                                           "other umpires reach it. It runs in the background until --stop.");
    auto a = std::make_shared<HostArgs>();
    cmd->add_option("battle", a->battle, "The battle file to put on the server (only read; none: start the server)");
    cmd->add_option("--port", a->port, "The port it listens on (the first time, or when it starts; default " +
                                           std::to_string(host::kDefaultPort) + ")")
        ->check(CLI::Range(1, 65535));
    cmd->add_option("--name", a->name, "The battle's name on the server (default: the file's name without .umpire)");
    cmd->add_flag("--start", a->start, "Start the server made before, with the battles it holds");
    cmd->add_flag("--stop", a->stop, "Stop the server (its battles stay)");
    add_json_flag(cmd, a->json);
    cmd->callback([a, &run] {
        run = [a] { return a->stop ? stop_server(*a) : host_battle(*a); };
    });
}

} // namespace umpire::cli
