#pragma once
// How many bytes this process has read from files so far (Linux: rchar in /proc/self/io), so a
// test can say how much of a battle file a read took: SQLite reads the file with read calls.
#include <cstdint>
#include <fstream>
#include <stdexcept>
#include <string>

namespace umpire::test {

inline std::uint64_t bytes_read() {
    std::ifstream io("/proc/self/io");
    std::string key;
    std::uint64_t value = 0;
    while (io >> key >> value)
        if (key == "rchar:") return value;
    throw std::runtime_error("no rchar in /proc/self/io");
}

} // namespace umpire::test
