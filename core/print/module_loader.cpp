// printer() in a program that loads the printing module when something is first printed
// (print/printer.h says why).
#include "print/printer.h"

#include "install/companions.h"

#include <dlfcn.h>

#include <mutex>

namespace umpire::print {

namespace {

const Printer* load(std::string& error) {
    const std::vector<std::string> candidates = install::companion_candidates(kModuleFile);
    for (const std::string& path : candidates) {
        // RTLD_LOCAL: the module's own symbols stay its own. Never unloaded: the table points into it.
        void* module = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
        if (!module) {
            const char* why = dlerror();
            error += std::string(error.empty() ? "" : "; ") + (why ? why : path + ": cannot be loaded");
            continue;
        }
        const auto entry = reinterpret_cast<ModuleEntry>(dlsym(module, kModuleSymbol));
        const Printer* printer = entry ? entry(UMPIRE_VERSION, sizeof(Printer)) : nullptr;
        if (printer) return printer;
        error += std::string(error.empty() ? "" : "; ") + path + " is not the printing module of umpire " + UMPIRE_VERSION;
    }
    if (candidates.empty()) error = "the program's own path could not be read";
    return nullptr;
}

} // namespace

const Printer& printer() {
    static std::mutex loading;
    static const Printer* loaded = nullptr;
    const std::lock_guard<std::mutex> lock(loading);
    if (!loaded) {
        std::string error;
        loaded = load(error);
        if (!loaded)
            throw ModuleError(std::string("cannot load the printing module ") + kModuleFile + " (" + error +
                             "); nothing was printed");
    }
    return *loaded;
}

} // namespace umpire::print
