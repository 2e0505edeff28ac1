#include "host/program.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <fstream>
#include <sstream>

extern char** environ;

namespace umpire::host {

ProgramRun run_program(const std::vector<std::string>& argv, const std::string& scratch_folder) {
    ProgramRun run;
    std::string path = scratch_folder + "/program-output.XXXXXX";
    const int fd = ::mkstemp(path.data());
    if (fd < 0) {
        run.output = "cannot make a scratch file in " + scratch_folder;
        return run;
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, fd, 1);
    posix_spawn_file_actions_adddup2(&actions, fd, 2);
    posix_spawn_file_actions_addclose(&actions, fd);
    std::vector<char*> args;
    for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    pid_t pid = 0;
    const int spawned = ::posix_spawn(&pid, args[0], &actions, nullptr, args.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    ::close(fd);
    if (spawned == 0) {
        int status = 0;
        while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
        }
        if (WIFEXITED(status)) run.exit_code = WEXITSTATUS(status);
    }
    std::ifstream in(path);
    std::ostringstream text;
    text << in.rdbuf();
    run.output = text.str();
    ::unlink(path.c_str());
    if (spawned != 0) run.output = "cannot start " + argv[0];
    return run;
}

} // namespace umpire::host
