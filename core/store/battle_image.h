#pragma once
// Internal to the store, the same for every backend: a whole battle as its store keeps it (the
// starting state's text, the state, every journal row with its checksum and head, the seal), so
// a battle can be carried from one backend to another byte for byte, and judged the same way on
// either: `umpire check` of a battle on a server is the check of its image.
#include "model/battle.h"
#include "store/inspect.h"
#include "store/journal.h"
#include "store/seal.h"

#include <cstdint>
#include <string>
#include <vector>

namespace umpire::store::detail {

// A journal row with what its store keeps beside it: the checksum and head as stored, and who
// applied it where the backend keeps that ("" in a battle file).
struct StoredEntry {
    StoredRow row;
    std::string checksum;
    std::string head;
    std::string umpire;
};

struct BattleImage {
    Seal seal;               // with the origin's text, exactly as stored
    std::string created_at;  // when the battle was made
    model::Battle state;
    std::vector<StoredEntry> rows;  // oldest first
};

// The battle file at `path`, opened as `umpire` opens it (brought up to this version's schema,
// checked whole), read as one moment. A damaged file is refused (StoreError): nothing of it is
// carried elsewhere; `umpire recover` rebuilds it first.
BattleImage read_file_image(const std::string& path);
// A new battle file at `path` holding exactly `image` (its rows, checksums and seal as they are),
// made beside it under a fresh name, checked as a battle file, then linked into place: `path` is
// either absent or the whole battle. Refuses (StoreError) an existing `path` or a missing folder.
void write_file_image(const std::string& path, const BattleImage& image);

// A battle as created: `battle` its start and its state, an empty journal, a new uid.
BattleImage new_image(const model::Battle& battle);

// What `umpire check` finds of an image, as it finds it in a file: every row against its
// checksum and the chain, the seal, the state's checksum, and the journal replayed over the
// starting state against the state. `shown` names the battle in the report.
CheckReport check_image(const std::string& shown, const BattleImage& image);

// The entries the image's rows hold, oldest first, each undo and redo with its action's effects
// and `undone` filled in. Throws StoreError for a row that does not parse.
std::vector<JournalEntry> image_entries(const BattleImage& image);

} // namespace umpire::store::detail
