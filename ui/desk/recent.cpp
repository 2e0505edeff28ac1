#include "desk/recent.h"

#include "store/backends.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace umpire::desk {

namespace fs = std::filesystem;

namespace {

// A file's path made absolute; a server's address as it is, without any password in it.
std::string absolute(const std::string& path) {
    if (store::is_server_address(path)) return store::shown(path);
    std::error_code ec;
    const fs::path p = fs::absolute(path, ec);
    return ec ? path : p.lexically_normal().string();
}

} // namespace

RecentBattles::RecentBattles(std::string file) : file_(std::move(file)) {
    if (file_.empty()) return;
    std::ifstream in(file_);
    std::string line;
    while (std::getline(in, line) && paths_.size() < kMax) {
        if (line.empty() || line[0] == '#') continue;
        if (std::find(paths_.begin(), paths_.end(), line) == paths_.end()) paths_.push_back(line);
    }
}

void RecentBattles::add(const std::string& battle_path) {
    const std::string path = absolute(battle_path);
    paths_.erase(std::remove(paths_.begin(), paths_.end(), path), paths_.end());
    paths_.insert(paths_.begin(), path);
    if (paths_.size() > kMax) paths_.resize(kMax);
    save();
}

void RecentBattles::remove(const std::string& battle_path) {
    const std::string path = absolute(battle_path);
    paths_.erase(std::remove(paths_.begin(), paths_.end(), path), paths_.end());
    save();
}

void RecentBattles::save() const {
    if (file_.empty()) return;
    std::error_code ec;
    const fs::path target(file_);
    if (target.has_parent_path()) fs::create_directories(target.parent_path(), ec);
    // Written beside and renamed over, so two windows closing together leave one whole list.
    const std::string partial = file_ + ".partial-" + std::to_string(::getpid());
    {
        std::ofstream out(partial, std::ios::trunc);
        if (!out) return;
        out << "# Umpire: recent battles, most recent first\n";
        for (const auto& p : paths_) out << p << "\n";
        if (!out) return;
    }
    fs::rename(partial, target, ec);
    if (ec) fs::remove(partial, ec);
}

} // namespace umpire::desk
