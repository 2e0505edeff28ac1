#pragma once
// The bench's measured commands, each run as a child process: its wall time, CPU time and peak
// memory. They are started by a small process forked as the bench begins (start_runner), not by
// the bench itself: Linux counts in a child's peak memory the size of the process it was forked
// from, and forked from the bench holding the generated battles, every child "peaked" at the
// bench's own 30 MB, which hid what `umpire show` itself uses.
#include <string>
#include <vector>

namespace umpire::bench {

struct ProcessRun {
    double wall_ms = 0, cpu_ms = 0, max_rss_mb = 0;
    int status = 0;
};

// Forks the runner; call first thing in main, while the bench is still small. Children run
// without it (before the call, or in the runner itself) are started directly.
void start_runner();

// Runs args[0] with args (a path, not looked up), its output to out_file. Throws
// std::runtime_error when it cannot be run or does not exit 0.
ProcessRun run_process(const std::vector<std::string>& args, const std::string& out_file = "/dev/null");

} // namespace umpire::bench
