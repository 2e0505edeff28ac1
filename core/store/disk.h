#pragma once
// Internal to the store: making a file appear under its name whole and for good. A file is
// written under a temporary name in the same folder, synced, and then linked to its name
// (link, unlike rename, fails when the name exists, so nothing is ever replaced), and the
// folder is synced so the new name itself survives a power cut.
#include <functional>
#include <string>
#include <string_view>

namespace umpire::store::detail {

// An error of the disk's in words: "the disk is full" (ENOSPC, EDQUOT) or the system's words.
std::string io_error_words(int err);

// A new empty file beside `path` to build it in, made under a fresh hidden name with O_EXCL and
// O_NOFOLLOW (never an existing file, never through a symlink planted there); returns its name.
// StoreError (Io) when the folder refuses, with "the disk is full" when that is why.
std::string create_fresh_beside(const std::string& path);

// Refuses, before anything is made, a new file at `path` that cannot be: no name given ("give a
// file name for the <what>"), a folder that does not exist, or a name already taken (a copy never
// overwrites). StoreError with those words. What the copy commands check of their target.
void refuse_new_file_at(const std::string& path, const std::string& what);

// fsync of a file's data and of a folder's entries; StoreError (Io) when the disk refuses.
void sync_file(const std::string& path);
void sync_directory_of(const std::string& path);

// Moves `temporary` to `path` without ever replacing a file there (StoreError, temporary
// removed, when `path` exists) and syncs the folder. Also used by the CLI for its outputs.
void publish(const std::string& temporary, const std::string& path);

// Makes `path` whole from what `fill(fresh)` writes into a fresh file beside it
// (create_fresh_beside): the fresh file is synced, then moved into place, never over a file unless
// `replace` (then renamed over it: a symlink there is replaced, not followed). What `fill` throws
// is passed on, and the fresh file removed. StoreError as write_whole's.
void write_whole_through(const std::string& path, bool replace, const std::function<void(const std::string& fresh)>& fill);

// Writes `bytes` to `path` whole: into a fresh file beside it (create_fresh_beside), synced, then
// moved into place, never over a file unless `replace` (then renamed over it: a symlink there is
// replaced, not followed). Nothing is left behind on failure. StoreError: BadFile when `path`
// exists and may not be replaced; Io when the disk refuses, saying "the disk is full" when it is.
void write_whole(const std::string& path, std::string_view bytes, bool replace);

} // namespace umpire::store::detail
