#pragma once
// Internal to the store: a private copy of a battle file to examine or rebuild from, so the file
// itself is never written (not even by SQLite rolling back an interrupted write), whatever the
// file's mode or its folder's: the copy is the user's own, readable and writable, in a scratch
// folder removed with it.
#include <string>

namespace umpire::store::detail {

class ScratchCopy {
public:
    // Copies `path` as one moment: under a shared lock when SQLite can take one (a write in
    // progress elsewhere is then never half copied), with the rollback journal of an interrupted
    // write beside it when there is one and `with_journal` (so the copy is seen as the next
    // opening will see it). Throws StoreError when the file cannot be read at all (missing, a
    // folder, unreadable).
    explicit ScratchCopy(const std::string& path, bool with_journal = true);
    ~ScratchCopy();
    ScratchCopy(const ScratchCopy&) = delete;
    ScratchCopy& operator=(const ScratchCopy&) = delete;

    const std::string& file() const { return copy_; }
    // An interrupted write's journal was copied too: the first connection to the copy rolls it back.
    bool rollback_pending() const { return rollback_pending_; }

private:
    std::string dir_, copy_;
    bool rollback_pending_ = false;
};

// The whole of a file's bytes. Throws StoreError (Io) when it cannot be read.
std::string read_whole_file(const std::string& path);

} // namespace umpire::store::detail
