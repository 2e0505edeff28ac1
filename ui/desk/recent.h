#pragma once
// Recent battles for File > Recent: most recent first, kept between runs in a small text file
// (one path per line) in the XDG state directory. A battle that has since been moved or deleted
// stays listed (shown greyed) until it falls off the end, so a stick that is not plugged in
// does not lose its entry.
#include <cstddef>
#include <string>
#include <vector>

namespace umpire::desk {

class RecentBattles {
public:
    static constexpr std::size_t kMax = 10;

    // Reads `file` if it exists; a blank `file` keeps the list in memory only.
    explicit RecentBattles(std::string file = {});

    const std::vector<std::string>& paths() const { return paths_; }
    // Puts `battle_path` (made absolute) first, dropping an older mention and anything past
    // kMax, and writes the file. A file that cannot be written is not an error worth stopping
    // for: the list is a convenience, the battles themselves are safe.
    void add(const std::string& battle_path);
    void remove(const std::string& battle_path);

private:
    void save() const;

    std::string file_;
    std::vector<std::string> paths_;
};

} // namespace umpire::desk
