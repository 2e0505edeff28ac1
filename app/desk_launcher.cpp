#include "desk_launcher.h"

#include "install/companions.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <iostream>

namespace umpire::app {

std::vector<std::string> desk_arguments(const std::string& desk, const cli::GuiRequest& request) {
    std::vector<std::string> args{desk};
    if (request.width > 0 && request.height > 0)
        args.insert(args.end(), {"--width", std::to_string(request.width), "--height", std::to_string(request.height)});
    if (request.screenshot) args.insert(args.end(), {"--screenshot", *request.screenshot});
    if (!request.show.empty()) args.insert(args.end(), {"--show", request.show});
    if (request.frames > 0) args.insert(args.end(), {"--frames", std::to_string(request.frames)});
    args.insert(args.end(), {"--", request.battle_path});  // a battle named "-x.umpire" is still a file
    return args;
}

int start_desk(const cli::GuiRequest& request) {
    const std::string desk = install::find_companion(kDeskProgram);
    if (desk.empty()) {
        std::cerr << "umpire: the desk (" << kDeskProgram << ") is not installed with this program: looked for "
                  << install::candidates_text(install::companion_candidates(kDeskProgram))
                  << ". The subcommands work without it (umpire --help)\n";
        return cli::kExitFailure;
    }
    const std::vector<std::string> args = desk_arguments(desk, request);
    std::vector<char*> argv;
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    std::cout.flush();
    std::cerr.flush();
    execv(desk.c_str(), argv.data());
    const int err = errno;
    std::cerr << "umpire: cannot start the desk " << desk << ": " << std::strerror(err) << "\n";
    return cli::kExitFailure;
}

} // namespace umpire::app
