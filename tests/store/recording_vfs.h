#pragma once
// Test helper: a SQLite VFS that wraps the default one and sees every file deletion, made the
// default while it lives. In DELETE journal mode deleting the rollback journal is the commit,
// so this is where a test learns whether SQLite asked for the directory to be synced, and where
// it can capture what a kill an instant before the commit would leave behind.
#include <sqlite3.h>

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

namespace umpire::testing {

class RecordingVfs {
public:
    struct Deletion {
        std::string path;
        bool sync_dir = false;
    };
    // Called before a file is deleted, with its name.
    using BeforeDelete = std::function<void(const std::string&)>;

    RecordingVfs() {
        base_ = sqlite3_vfs_find(nullptr);
        vfs_ = *base_;
        vfs_.zName = "umpire-test-recording";
        vfs_.xDelete = &RecordingVfs::remove;
        self() = this;
        sqlite3_vfs_register(&vfs_, 1);
    }
    ~RecordingVfs() {
        sqlite3_vfs_register(base_, 1);
        sqlite3_vfs_unregister(&vfs_);
        self() = nullptr;
    }
    RecordingVfs(const RecordingVfs&) = delete;
    RecordingVfs& operator=(const RecordingVfs&) = delete;

    const std::vector<Deletion>& deletions() const { return deletions_; }
    void before_delete(BeforeDelete f) { before_ = std::move(f); }

private:
    static RecordingVfs*& self() {
        static RecordingVfs* me = nullptr;
        return me;
    }
    static int remove(sqlite3_vfs*, const char* name, int sync_dir) {
        RecordingVfs* me = self();
        if (me->before_) me->before_(name);
        me->deletions_.push_back({name, sync_dir != 0});
        return me->base_->xDelete(me->base_, name, sync_dir);
    }

    sqlite3_vfs* base_ = nullptr;
    sqlite3_vfs vfs_{};
    std::vector<Deletion> deletions_;
    BeforeDelete before_;
};

// Copies a file and its rollback journal as they are at the moment the journal is about to be
// deleted, i.e. what SIGKILL just before the commit leaves: the first time it happens to `path`.
inline void capture_before_commit(RecordingVfs& vfs, const std::string& path, const std::string& copy) {
    auto done = std::make_shared<bool>(false);
    vfs.before_delete([=](const std::string& name) {
        if (*done || name != path + "-journal") return;
        *done = true;
        std::filesystem::copy_file(path, copy, std::filesystem::copy_options::overwrite_existing);
        std::filesystem::copy_file(name, copy + "-journal", std::filesystem::copy_options::overwrite_existing);
    });
}

} // namespace umpire::testing
