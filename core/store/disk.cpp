#include "store/disk.h"

#include "store/battle_file.h"

#include <fcntl.h>
#include <stdio.h>  // renameat2
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <random>

namespace umpire::store::detail {

namespace fs = std::filesystem;

namespace {

fs::path folder_of(const std::string& path) {
    const fs::path p(path);
    return p.has_parent_path() ? p.parent_path() : fs::path(".");
}

void sync_fd_of(const std::string& path, int flags, const std::string& what) {
    const int fd = ::open(path.c_str(), flags | O_CLOEXEC);
    if (fd < 0) throw StoreError("cannot sync " + what + ": " + std::strerror(errno), StoreProblem::Io);
    const int rc = ::fsync(fd);
    const int err = errno;
    ::close(fd);
    if (rc != 0) throw StoreError("cannot sync " + what + ": " + std::strerror(err), StoreProblem::Io);
}

} // namespace

std::string io_error_words(int err) {
    return err == ENOSPC || err == EDQUOT ? "the disk is full" : std::strerror(err);
}

void refuse_new_file_at(const std::string& path, const std::string& what) {
    std::error_code ec;
    if (path.empty()) throw StoreError("give a file name for the " + what);
    const fs::path target(path);
    const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
    if (!fs::is_directory(dir, ec))
        throw StoreError("cannot write " + path + ": the folder " + dir.string() + " does not exist");
    if (fs::exists(fs::symlink_status(target, ec))) throw StoreError(path + " already exists; a copy never overwrites a file");
}

std::string create_fresh_beside(const std::string& path) {
    std::random_device entropy;
    const fs::path p(path);
    for (int attempt = 0;; ++attempt) {
        const std::string name = (folder_of(path) / ("." + p.filename().string() + ".partial-" + std::to_string(::getpid()) +
                                                      "-" + std::to_string(entropy() % 1000000000)))
                                     .string();
        const int fd = ::open(name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
        if (fd >= 0) {
            ::close(fd);
            return name;
        }
        if (errno == EEXIST && attempt < 100) continue;
        const int err = errno;
        throw StoreError("cannot write " + path + ": " + io_error_words(err), StoreProblem::Io);
    }
}

void sync_file(const std::string& path) { sync_fd_of(path, O_RDONLY, path); }

void sync_directory_of(const std::string& path) {
    const fs::path dir = folder_of(path);
    sync_fd_of(dir.string(), O_RDONLY | O_DIRECTORY, "the folder " + dir.string());
}

void publish(const std::string& temporary, const std::string& path) {
    std::error_code ec;
    auto refuse = [&](int err) {
        fs::remove(temporary, ec);
        if (err == EEXIST) throw StoreError(path + " already exists; it was left as it was");
        throw StoreError("cannot write " + path + ": " + std::strerror(err), StoreProblem::Io);
    };
    // A rename that refuses to replace; where the filesystem does not know the flag, a hard
    // link (which never replaces either); where it has no hard links (a FAT USB stick), a
    // plain rename after looking (the only case with a window, and a tiny one).
    if (::renameat2(AT_FDCWD, temporary.c_str(), AT_FDCWD, path.c_str(), RENAME_NOREPLACE) != 0) {
        const int err = errno;
        if (err != EINVAL && err != ENOSYS && err != EOPNOTSUPP) refuse(err);
        if (::link(temporary.c_str(), path.c_str()) == 0) {
            fs::remove(temporary, ec);
        } else {
            const int link_err = errno;
            if (link_err != EPERM && link_err != EOPNOTSUPP && link_err != ENOSYS) refuse(link_err);
            if (fs::exists(fs::symlink_status(path, ec))) refuse(EEXIST);
            if (::rename(temporary.c_str(), path.c_str()) != 0) refuse(errno);
        }
    }
    sync_directory_of(path);
}

void write_whole_through(const std::string& path, bool replace, const std::function<void(const std::string& fresh)>& fill) {
    const std::string temp = create_fresh_beside(path);
    std::error_code ec;
    auto fail = [&](int err) {
        fs::remove(temp, ec);
        throw StoreError("cannot write " + path + ": " + io_error_words(err) + "; nothing was written", StoreProblem::Io);
    };
    try {
        fill(temp);
    } catch (...) {
        fs::remove(temp, ec);
        throw;
    }
    // Synced under its fresh name, so the name never points at a file whose bytes a power cut loses.
    const int fd = ::open(temp.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) fail(errno);
    if (::fsync(fd) != 0) {
        const int err = errno;
        ::close(fd);
        fail(err);
    }
    ::close(fd);
    if (!replace) return publish(temp, path);  // refuses a name that exists, even one that appeared since a look
    if (::rename(temp.c_str(), path.c_str()) != 0) fail(errno);
    sync_directory_of(path);
}

void write_whole(const std::string& path, std::string_view bytes, bool replace) {
    write_whole_through(path, replace, [&](const std::string& temp) {
        auto fail = [&](int err) {
            throw StoreError("cannot write " + path + ": " + io_error_words(err) + "; nothing was written",
                             StoreProblem::Io);
        };
        const int fd = ::open(temp.c_str(), O_WRONLY | O_NOFOLLOW | O_CLOEXEC);
        if (fd < 0) fail(errno);
        for (std::size_t done = 0; done < bytes.size();) {
            const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
            if (n < 0) {
                if (errno == EINTR) continue;
                const int err = errno;
                ::close(fd);
                fail(err);
            }
            done += static_cast<std::size_t>(n);
        }
        if (::close(fd) != 0) fail(errno);
    });
}

} // namespace umpire::store::detail
