#pragma once
// A change to a long text kept as what changed: the turn engine's state (a deck of two hundred
// cards, the discards, the wind history) changes by a card or two per step, and a journal entry
// that carried the whole text before and after would grow the battle file by the state, not by
// the change. A patch holds the edits (where, what was cut, what was put) and, for each end, the
// text's size and hash, so applying it checks the whole text it meets, not only the edited parts:
// a stale or doubled change is refused exactly as a stale number is.
//
// The edits are found by a diff over tokens (a token ends at any of , : { } [ ] and a line end),
// so a card moved from the deck to the discards is two small edits, not the span between them.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace umpire::model {

struct TextEdit {
    std::int64_t at = 0;  // byte offset in the text before the change
    std::string cut;      // what was there
    std::string put;      // what is there after
};

struct TextEnd {
    std::int64_t size = 0;
    std::string hash;  // text_hash
};

struct TextPatch {
    TextEnd before;
    TextEnd after;
    std::vector<TextEdit> edits;  // in order of `at`, none overlapping
};

// A 64-bit hash of the text as 16 hex digits (stable across platforms and builds).
std::string text_hash(std::string_view text);

// The patch that turns `before` into `after`.
TextPatch make_text_patch(std::string_view before, std::string_view after);

// The text at the other end, or nullopt when `text` is not the one the patch was made from (or to).
std::optional<std::string> patch_forward(std::string_view before, const TextPatch& patch);
std::optional<std::string> patch_backward(std::string_view after, const TextPatch& patch);

} // namespace umpire::model
