#include "install/companions.h"

#include <filesystem>

namespace umpire::install {

namespace fs = std::filesystem;

std::vector<std::string> companion_candidates(const std::string& name) {
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (ec) return {};
    const fs::path dir = exe.parent_path();
    return {(dir / name).string(), (dir.parent_path() / UMPIRE_COMPANION_DIR / name).lexically_normal().string()};
}

std::string find_companion(const std::string& name) {
    std::error_code ec;
    for (const std::string& path : companion_candidates(name))
        if (fs::is_regular_file(path, ec)) return path;
    return {};
}

std::string candidates_text(const std::vector<std::string>& candidates) {
    std::string text;
    for (std::size_t i = 0; i < candidates.size(); ++i)
        text += (i == 0 ? "" : i + 1 == candidates.size() ? ", or " : ", ") + candidates[i];
    return text.empty() ? std::string("(the program's own path could not be read)") : text;
}

} // namespace umpire::install
