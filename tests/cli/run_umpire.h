#pragma once
// Runs the real `umpire` binary with arguments and captures its exit code, stdout and stderr.
// XDG directories point into a scratch folder so tests never touch the user's home, and the
// locale is C.UTF-8 (so the default paper is A4) unless a test sets another.
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace umpire::test {

struct Run {
    int code = -1;
    std::string out;
    std::string err;
};

inline std::string quote(const std::string& arg) {
    std::string q = "'";
    for (char c : arg) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

inline std::string slurp(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

class Scratch {
public:
    Scratch() {
        dir_ = std::filesystem::temp_directory_path() /
               ("umpire-cli-" + std::to_string(::getpid()) + "-" + std::to_string(counter()++));
        std::filesystem::remove_all(dir_);
        std::filesystem::create_directories(dir_);
    }
    ~Scratch() { std::filesystem::remove_all(dir_); }
    std::filesystem::path path(const std::string& name) const { return dir_ / name; }

    // Locale variables for the next runs, e.g. {"LC_ALL=en_US.UTF-8", "LOCPATH=/some/dir"}.
    void set_locale(const std::vector<std::string>& assignments) {
        locale_ = "-u LC_ALL -u LANG -u LC_PAPER";
        for (const auto& a : assignments) locale_ += " " + quote(a);
    }
    // What the next runs read on standard input (none by default).
    void set_input(const std::string& text) {
        std::ofstream(path("stdin"), std::ios::binary) << text;
        input_ = true;
    }

    Run umpire(const std::vector<std::string>& args) const {
        std::string cmd = "env " + locale_ + " XDG_DATA_HOME=" + quote((dir_ / "data").string()) +
                          " XDG_STATE_HOME=" + quote((dir_ / "state").string()) +
                          " XDG_CONFIG_HOME=" + quote((dir_ / "config").string()) + " " +
                          quote(UMPIRE_BIN);
        for (const auto& a : args) cmd += " " + quote(a);
        cmd += (input_ ? " < " + quote(path("stdin").string()) : std::string(" < /dev/null")) + " > " +
               quote(path("stdout").string()) + " 2> " + quote(path("stderr").string());
        int status = std::system(cmd.c_str());
        Run r;
        r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        r.out = slurp(path("stdout"));
        r.err = slurp(path("stderr"));
        return r;
    }

private:
    static int& counter() {
        static int n = 0;
        return n;
    }
    std::filesystem::path dir_;
    std::string locale_ = "-u LANG -u LC_PAPER LC_ALL=C.UTF-8";
    bool input_ = false;
};

} // namespace umpire::test
