#pragma once
// A session bus of the test's own (dbus-daemon with nothing to activate, so no real portal can
// start on it), and the programs the tests put on it: started, read from, ended with the test.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

extern char** environ;

namespace umpire::test {

// A program run with its standard output on a pipe; terminated and waited for at the end.
enum class Stderr { Shown, Hidden };
class ChildProcess {
public:
    explicit ChildProcess(const std::vector<std::string>& argv, Stderr errors = Stderr::Shown) {
        int fds[2];
        if (pipe(fds) != 0) throw std::runtime_error("pipe failed");
        posix_spawn_file_actions_t actions;
        posix_spawn_file_actions_init(&actions);
        posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO);
        posix_spawn_file_actions_addclose(&actions, fds[0]);
        posix_spawn_file_actions_addclose(&actions, fds[1]);
        if (errors == Stderr::Hidden)
            posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
        std::vector<char*> args;
        for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
        args.push_back(nullptr);
        const int failed = posix_spawn(&pid_, args[0], &actions, nullptr, args.data(), environ);
        posix_spawn_file_actions_destroy(&actions);
        close(fds[1]);
        out_ = fds[0];
        if (failed != 0) {
            close(out_);
            throw std::runtime_error("cannot run " + argv[0]);
        }
    }
    ~ChildProcess() {
        kill(pid_, SIGTERM);
        int status = 0;
        waitpid(pid_, &status, 0);
        close(out_);
    }
    ChildProcess(const ChildProcess&) = delete;
    ChildProcess& operator=(const ChildProcess&) = delete;

    // The next line the program writes, or "" when none comes within `wait`.
    std::string read_line(std::chrono::milliseconds wait = std::chrono::seconds(10)) {
        std::string line;
        const auto deadline = std::chrono::steady_clock::now() + wait;
        while (std::chrono::steady_clock::now() < deadline) {
            pollfd p{out_, POLLIN, 0};
            const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
            if (poll(&p, 1, static_cast<int>(left.count())) <= 0) break;
            char c = 0;
            if (read(out_, &c, 1) != 1) break;
            if (c == '\n') return line;
            line += c;
        }
        return {};
    }

private:
    pid_t pid_ = 0;
    int out_ = -1;
};

// dbus-daemon on a config of our own: anyone may own any name, nothing is activated.
class PrivateBus {
public:
    explicit PrivateBus(const std::string& config_path)
        // Run as root it warns that it cannot raise its file limit: not the test's business.
        : daemon_(daemon_command(config_path), Stderr::Hidden), address_(daemon_.read_line()) {
        if (address_.empty()) throw std::runtime_error("dbus-daemon gave no address");
    }
    const std::string& address() const { return address_; }

private:
    static std::vector<std::string> daemon_command(const std::string& path) {
        std::ofstream(path) << R"(<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:tmpdir=/tmp</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
)";
        return {UMPIRE_DBUS_DAEMON, "--config-file=" + path, "--nofork", "--print-address=1"};
    }
    ChildProcess daemon_;
    std::string address_;
};

} // namespace umpire::test
