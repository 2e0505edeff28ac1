#pragma once
// Internal to the store: making a file appear under its name whole and for good. A file is
// written under a temporary name in the same folder, synced, and then linked to its name
// (link, unlike rename, fails when the name exists, so nothing is ever replaced), and the
// folder is synced so the new name itself survives a power cut.
#include <string>

namespace umpire::store::detail {

// A new empty file beside `path` to build it in, made under a fresh hidden name with O_EXCL and
// O_NOFOLLOW (never an existing file, never through a symlink planted there); returns its name.
// StoreError (Io) when the folder refuses, with "the disk is full" when that is why.
std::string create_fresh_beside(const std::string& path);

// fsync of a file's data and of a folder's entries; StoreError (Io) when the disk refuses.
void sync_file(const std::string& path);
void sync_directory_of(const std::string& path);

// Moves `temporary` to `path` without ever replacing a file there (StoreError, temporary
// removed, when `path` exists) and syncs the folder. Also used by the CLI for its outputs.
void publish(const std::string& temporary, const std::string& path);

} // namespace umpire::store::detail
