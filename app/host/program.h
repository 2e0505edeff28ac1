#pragma once
// Running another program (PostgreSQL's initdb, pg_ctl and psql, openssl) and waiting for it.
#include <string>
#include <vector>

namespace umpire::host {

struct ProgramRun {
    int exit_code = -1;  // the program's exit code; -1 when it could not be started or was killed
    std::string output;  // what it wrote on standard output and standard error, interleaved
};

// Runs `argv` (argv[0] a path) with standard input from /dev/null and its output collected
// through a file in `scratch_folder` (a server it starts keeps no pipe of ours open: a caller
// waiting for our output, a test harness say, is not held up by it).
ProgramRun run_program(const std::vector<std::string>& argv, const std::string& scratch_folder);

} // namespace umpire::host
