#pragma once
// JSON text written straight from values, byte for byte as nlohmann::json's dump() writes the same
// document (compact, or indented as dump(indent) is; object keys in the order the caller gives
// them, so a caller that wants nlohmann's bytes gives them sorted). For the battle's origin and for
// `umpire show --json`: building a DOM of thousands of units only to dump it was a quarter of
// `umpire new` and four fifths of `show`.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace umpire::store {

class JsonText {
public:
    // `indent` spaces a level, each member and element on a line of its own, as dump(indent);
    // below 0, compact, as dump().
    explicit JsonText(int indent = -1) : indent_(indent) {}

    // Each begins an object member; the value follows with one of the value calls below.
    JsonText& key(std::string_view name);

    JsonText& value(std::string_view text);
    JsonText& value(const char* text) { return value(std::string_view(text)); }
    JsonText& value(long long number);
    JsonText& value(int number) { return value(static_cast<long long>(number)); }
    JsonText& value(double number);
    JsonText& value(bool truth);
    JsonText& null();
    JsonText& optional(const std::optional<int>& number) { return number ? value(*number) : null(); }

    JsonText& begin_object();
    JsonText& end_object();
    JsonText& begin_array();
    JsonText& end_array();

    // Room for `bytes` of text, so that a long text is not copied as it grows.
    void reserve(std::size_t bytes) { out_.reserve(bytes); }
    std::string take() { return std::move(out_); }  // the text written, once done

private:
    // What goes before an element or member: the comma after an earlier one, and indented, its
    // line; nothing before a member's value.
    void separate();
    // A text in quotes, escaped as nlohmann escapes it, then `closing` (its closing quote, and a
    // key's colon).
    JsonText& quoted(std::string_view text, std::string_view closing);
    void new_line();  // indented: a line break and the indentation of the current depth

    std::string out_;
    int indent_;
    int depth_ = 0;
    bool first_ = true;       // nothing written yet in the innermost object or array
    bool after_key_ = false;  // a member's key is written: its value comes next
};

} // namespace umpire::store
