#include "install/modules.h"

#include "install/companions.h"

#include <dlfcn.h>

namespace umpire::install {

const void* load_module(const std::string& file, const char* symbol, const char* version, std::size_t table_size,
                        const std::string& what, const std::string& consequence) {
    const std::vector<std::string> candidates = companion_candidates(file);
    std::string error;
    for (const std::string& path : candidates) {
        // RTLD_LOCAL: the module's own symbols stay its own.
        void* module = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
        if (!module) {
            const char* why = dlerror();
            error += std::string(error.empty() ? "" : "; ") + (why ? why : path + ": cannot be loaded");
            continue;
        }
        const auto entry = reinterpret_cast<ModuleEntry>(dlsym(module, symbol));
        if (const void* table = entry ? entry(version, table_size) : nullptr) return table;
        error += std::string(error.empty() ? "" : "; ") + path + " is not the " + what + " of umpire " + version;
    }
    if (candidates.empty()) error = "the program's own path could not be read";
    throw ModuleError("cannot load the " + what + " " + file + " (" + error + "); " + consequence);
}

} // namespace umpire::install
