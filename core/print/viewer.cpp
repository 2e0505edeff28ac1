// Handing a finished PDF to the desktop's viewer without blocking the caller (the GUI's frame
// loop). Double fork: the middle child exits at once and is reaped here, so no zombie is left;
// the grandchild runs the viewer in its own session, reparented to init.
#include "print/print.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <vector>

namespace umpire::print {

namespace {

// The program's full path from PATH (or as given when it contains a '/'); empty if not found.
std::string find_program(const std::string& program) {
    auto runnable = [](const std::string& p) {
        struct stat st {};
        return ::stat(p.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(p.c_str(), X_OK) == 0;
    };
    if (program.find('/') != std::string::npos) return runnable(program) ? program : std::string();
    const char* path = std::getenv("PATH");
    std::stringstream dirs(path ? path : "/usr/local/bin:/usr/bin:/bin");
    std::string dir;
    while (std::getline(dirs, dir, ':')) {
        std::string candidate = (dir.empty() ? "." : dir) + "/" + program;
        if (runnable(candidate)) return candidate;
    }
    return {};
}

} // namespace

std::string open_with_viewer(const std::string& path, const std::string& viewer) {
    std::string program = find_program(viewer);
    if (program.empty()) return "cannot open " + path + ": " + viewer + " was not found; open the file yourself";
    // Everything the children need is prepared before fork: after it, only exec-safe calls.
    std::vector<char*> argv{program.data(), const_cast<char*>(path.c_str()), nullptr};
    int null_fd = ::open("/dev/null", O_RDWR | O_CLOEXEC);
    pid_t child = ::fork();
    if (child < 0) {
        if (null_fd >= 0) ::close(null_fd);
        return "cannot start " + viewer + ": " + std::strerror(errno);
    }
    if (child == 0) {
        pid_t grandchild = ::fork();
        if (grandchild != 0) ::_exit(grandchild < 0 ? 1 : 0);
        ::setsid();
        if (null_fd >= 0) {
            ::dup2(null_fd, STDIN_FILENO);
            ::dup2(null_fd, STDOUT_FILENO);
            ::dup2(null_fd, STDERR_FILENO);
        }
        ::execv(program.c_str(), argv.data());
        ::_exit(127);
    }
    if (null_fd >= 0) ::close(null_fd);
    int status = 0;
    while (::waitpid(child, &status, 0) < 0 && errno == EINTR) {
    }
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) return "cannot start " + viewer;
    return {};
}

} // namespace umpire::print
