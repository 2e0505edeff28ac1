#pragma once
// `umpire serve` as the command line reaches it. Serving links cpp-httplib, whose shared library
// brings OpenSSL, zlib and brotli: loading and starting them was most of every other command's
// start (`umpire --version`, `umpire roll`). So the command's work is the serving module
// (umpire-serve.so, beside the program or in <prefix>/lib/games/umpire), loaded only by `serve`.
// The desk links the server itself: it opens a window anyway.
#include "serve/server.h"

#include <string>

namespace umpire::cli {

struct ServeCommand {
    std::string path;
    serve::ServeOptions options;
    bool qr = false;    // each address as a QR code too
    bool json = false;  // the addresses as JSON, one line each time they are given
};

struct ServeModule {
    // Serves until SIGINT or SIGTERM (SIGHUP: new addresses); throws what the command reports.
    int (*run)(const ServeCommand& command);
};

// The module's table: loaded on the first call; install::ModuleError when it cannot be, with
// nothing served.
const ServeModule& serve_module();

// The module's file and its one exported symbol (an install::ModuleEntry, install/modules.h).
inline constexpr const char* kServeModuleFile = "umpire-serve.so";
inline constexpr const char* kServeModuleSymbol = "umpire_serve_module";

} // namespace umpire::cli
