#include "child_process.h"

#include <sys/resource.h>
#include <sys/wait.h>
#include <fcntl.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <stdexcept>

namespace umpire::bench {

namespace {

using Clock = std::chrono::steady_clock;

ProcessRun spawn_and_wait(const std::vector<std::string>& args, const std::string& out_file) {
    std::vector<char*> argv;
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    const auto start = Clock::now();
    const pid_t pid = fork();
    if (pid == 0) {
        const int fd = ::open(out_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd >= 0) {
            dup2(fd, 1);
            close(fd);
        }
        execv(argv[0], argv.data());
        _exit(127);
    }
    ProcessRun run;
    if (pid < 0) {
        run.status = -1;
        return run;
    }
    rusage usage{};
    wait4(pid, &run.status, 0, &usage);
    run.wall_ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    run.cpu_ms = static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1e3 +
                 static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e3;
    run.max_rss_mb = static_cast<double>(usage.ru_maxrss) / 1024.0;
    return run;
}

// The pipes are blocking: a read or write returns short only at the other end's exit.
bool write_all(int fd, const void* data, std::size_t size) {
    const char* p = static_cast<const char*>(data);
    while (size > 0) {
        const ssize_t n = ::write(fd, p, size);
        if (n <= 0) return false;
        p += n;
        size -= static_cast<std::size_t>(n);
    }
    return true;
}

bool read_all(int fd, void* data, std::size_t size) {
    char* p = static_cast<char*>(data);
    while (size > 0) {
        const ssize_t n = ::read(fd, p, size);
        if (n <= 0) return false;
        p += n;
        size -= static_cast<std::size_t>(n);
    }
    return true;
}

bool write_string(int fd, const std::string& s) {
    const std::uint64_t size = s.size();
    return write_all(fd, &size, sizeof size) && write_all(fd, s.data(), s.size());
}

bool read_string(int fd, std::string& s) {
    std::uint64_t size = 0;
    if (!read_all(fd, &size, sizeof size)) return false;
    s.resize(size);
    return read_all(fd, s.data(), s.size());
}

int to_runner = -1, from_runner = -1;

// The runner's loop: a request is the argument count, the arguments and the output file; the
// answer is the ProcessRun. It ends when the bench closes its end.
[[noreturn]] void serve(int requests, int answers) {
    for (;;) {
        std::uint64_t count = 0;
        if (!read_all(requests, &count, sizeof count)) _exit(0);
        std::vector<std::string> args(count);
        std::string out_file;
        for (auto& a : args)
            if (!read_string(requests, a)) _exit(1);
        if (!read_string(requests, out_file)) _exit(1);
        const ProcessRun run = spawn_and_wait(args, out_file);
        if (!write_all(answers, &run, sizeof run)) _exit(1);
    }
}

} // namespace

void start_runner() {
    int requests[2], answers[2];
    if (pipe(requests) != 0 || pipe(answers) != 0) throw std::runtime_error("cannot make the runner's pipes");
    const pid_t pid = fork();
    if (pid < 0) throw std::runtime_error("cannot fork the runner");
    if (pid == 0) {
        close(requests[1]);
        close(answers[0]);
        serve(requests[0], answers[1]);
    }
    close(requests[0]);
    close(answers[1]);
    to_runner = requests[1];
    from_runner = answers[0];
}

ProcessRun run_process(const std::vector<std::string>& args, const std::string& out_file) {
    ProcessRun run;
    if (to_runner < 0) {
        run = spawn_and_wait(args, out_file);
    } else {
        const std::uint64_t count = args.size();
        bool sent = write_all(to_runner, &count, sizeof count);
        for (const auto& a : args) sent = sent && write_string(to_runner, a);
        if (!sent || !write_string(to_runner, out_file) || !read_all(from_runner, &run, sizeof run))
            throw std::runtime_error("the runner of child processes is gone");
    }
    if (run.status != 0) {
        std::string cmd;
        for (const auto& a : args) cmd += a + " ";
        throw std::runtime_error("failed (status " + std::to_string(run.status) + "): " + cmd);
    }
    return run;
}

} // namespace umpire::bench
