#pragma once
// A battle is one SQLite file. Every applied action is committed together with its journal
// record in one durable transaction before anyone is told it happened. The journal is
// append-only: undo and redo are entries too, so history survives a restart.
#include "model/battle.h"
#include "rules/request.h"
#include "rules/resolution.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace umpire::store {

// A file that cannot be opened as a battle: missing, truncated, not SQLite, another
// application's database, or written by a newer Umpire. The file is never modified.
class StoreError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

inline constexpr std::int32_t kApplicationId = 0x554D5052;  // "UMPR"
inline constexpr std::int32_t kSchemaVersion = 2;  // 2: Battle::texts

enum class EntryKind { Action, Undo, Redo };
std::string_view entry_kind_id(EntryKind kind);

struct JournalEntry {
    std::int64_t id = 0;
    EntryKind kind = EntryKind::Action;
    int turn = 0;
    std::string action;            // the action id ("shoot"); for undo/redo, the action reverted
    std::string summary;           // one line for the journal panel
    std::optional<int> unit;
    std::optional<int> target;
    nlohmann::json request;        // rules::to_json(ActionRequest)
    std::vector<int> dice;         // the dice values, never a seed
    nlohmann::json resolution;     // rules::to_json(Resolution)
    std::vector<model::Effect> effects;
    std::optional<std::int64_t> refers_to;  // for undo/redo: the action entry it reverts/repeats
    std::string created_at;        // UTC, ISO 8601
    bool undone = false;           // derived: an action currently reverted by an undo
};

class BattleFile {
public:
    // Creates a new battle file; refuses to overwrite an existing file (StoreError).
    static BattleFile create(const std::string& path, const model::Battle& battle);
    // Opens an existing file after checking application_id, user_version and integrity.
    static BattleFile open(const std::string& path);

    BattleFile(BattleFile&&) noexcept;
    BattleFile& operator=(BattleFile&&) noexcept;
    ~BattleFile();

    const model::Battle& battle() const;
    const std::string& path() const;

    // Applies the resolution's effects and appends its journal entry in one transaction.
    // Returns the new entry's id. Effects that do not match the current state are refused
    // (StoreError) and nothing changes.
    std::int64_t record(const rules::ActionRequest& request, const rules::Resolution& resolution);

    bool can_undo() const;
    bool can_redo() const;
    // Reverts the latest action not yet undone; returns the undo entry, or nullopt if none.
    std::optional<JournalEntry> undo();
    // Re-applies the most recently undone action if nothing new happened since.
    std::optional<JournalEntry> redo();

    // Every entry, oldest first, with `undone` filled in.
    std::vector<JournalEntry> journal() const;

private:
    struct Impl;
    explicit BattleFile(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> impl_;
};

} // namespace umpire::store
