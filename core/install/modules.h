#pragma once
// A module is a part of the program loaded only by the commands that need it, so that every other
// command starts without its shared libraries (the printing module's cairo and pango, the serving
// module's HTTP server with OpenSSL). Each exports one C function, given the build of the program
// that loads it; a module of another build answers nullptr rather than hand over a table of
// functions whose objects it may lay out differently.
#include <cstddef>
#include <mutex>
#include <stdexcept>
#include <string>

namespace umpire::install {

// The signature of every module's one exported symbol: its table of functions, or nullptr when
// `version` and `table_size` are not those it was built with.
using ModuleEntry = const void* (*)(const char* version, std::size_t table_size);

// A module that could not be loaded: the program's installation, never what was asked of it.
class ModuleError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Loads the companion `file` (companions.h: beside the program, then <prefix>/lib/games/umpire)
// and returns the table its `symbol` gives for this build. Never unloaded: the table points into
// it. Throws ModuleError "cannot load the <what> <file> (why); <consequence>" when no candidate
// gives one.
const void* load_module(const std::string& file, const char* symbol, const char* version, std::size_t table_size,
                        const std::string& what, const std::string& consequence);

// The module's table of type `Table` (each module has a type of its own), loaded by load_module on
// the first call from whichever thread, and the same table ever after.
template <typename Table>
const Table& module_table(const std::string& file, const char* symbol, const char* version, const std::string& what,
                          const std::string& consequence) {
    static std::mutex loading;
    static const Table* loaded = nullptr;
    const std::lock_guard<std::mutex> lock(loading);
    if (!loaded) loaded = static_cast<const Table*>(load_module(file, symbol, version, sizeof(Table), what, consequence));
    return *loaded;
}

} // namespace umpire::install
