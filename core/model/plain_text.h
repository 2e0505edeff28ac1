#pragma once
// Text that came from a file, as it may reach a person: a name or a summary must be UTF-8 and hold
// no control characters (an escape sequence in a unit's name would drive the umpire's terminal:
// retitle it, clear it). Rosters refuse such text where it stands; text an older file already
// holds is shown with its control characters escaped, never sent raw.
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace umpire::model {

bool valid_utf8(std::string_view text);

// Where the first control character is (a C0 character other than tab, DEL, or a C1 character
// U+0080..U+009F), as a byte offset; nullopt when there is none. A longer `text` may keep its line
// breaks.
std::optional<std::size_t> first_control(std::string_view text, bool text_with_lines = false);

// The control character at `at` (first_control's answer) as it is written escaped: "\x1b",
// "\u009b".
std::string control_name(std::string_view text, std::size_t at);

// The text with every control character and every byte that is not UTF-8 escaped ("\x1b",
// "\u009b", "\xff"); tab and newline kept. Plain text comes back unchanged.
std::string escaped(std::string_view text);

// escaped() in pieces, the text never copied: `write` is given, in order, each run of the text
// that goes on as it is and each escape. False as soon as `write` returns false.
bool write_escaped(std::string_view text, const std::function<bool(std::string_view)>& write);

} // namespace umpire::model
