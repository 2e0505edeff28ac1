// `umpire serve BATTLE`: the battle on the players' phones. A page for the umpire and one for
// each side, served read-only on the local network while the desk and other commands go on
// writing to the battle; Ctrl+C stops it, SIGHUP gives every page a new address. The serving
// itself is in the serving module (serve_command.h says why), loaded when the command runs.
#include "cli/commands.h"
#include "cli/serve_command.h"

#include <memory>

namespace umpire::cli {

void add_serve(CLI::App& app, Run& run) {
    auto* cmd = app.add_subcommand("serve", "Serve the battle to the players' phones on the local network: a read-only\n"
                                            "page for the umpire and one for each side, each at its own secret address,\n"
                                            "live while the battle is played");
    auto a = std::make_shared<ServeCommand>();
    cmd->add_option("battle", a->path, "Battle file")->required();
    cmd->add_option("--bind", a->options.bind,
                    "The address to listen on (default 0.0.0.0: every network of this machine, where a phone on "
                    "the same network reaches it; 127.0.0.1: this machine only)")
        ->capture_default_str();
    cmd->add_option("--port", a->options.port, "The port (0: any free port, said when serving starts)")
        ->capture_default_str()
        ->check(CLI::Range(0, 65535));
    cmd->add_option("--max-connections", a->options.max_connections,
                    "Connections served at once; more are told to come back (each phone keeps one open)")
        ->capture_default_str()
        ->check(CLI::Range(1, 1024));
    cmd->add_flag("--qr", a->qr, "Print each address as a QR code too, for a phone's camera");
    cmd->add_flag("--json", a->json, "Print the addresses as JSON, one line each time they are given");
    cmd->callback([a, &run] {
        run = [a] { return serve_module().run(*a); };
    });
}

} // namespace umpire::cli
