#pragma once
// JSON text written straight from values, byte for byte as nlohmann::json's dump() writes the same
// document (compact, object keys in the order the caller gives them). It exists for the battle's
// origin: building a DOM of thousands of units only to dump it was a quarter of `umpire new`.
#include <string>
#include <string_view>

namespace umpire::store::detail {

class JsonText {
public:
    // Each begins an object member; the value follows with one of the value calls below.
    JsonText& key(std::string_view name);

    JsonText& value(std::string_view text);
    JsonText& value(const char* text) { return value(std::string_view(text)); }
    JsonText& value(long long number);
    JsonText& value(int number) { return value(static_cast<long long>(number)); }
    JsonText& value(double number);
    JsonText& value(bool truth);
    JsonText& null();

    JsonText& begin_object();
    JsonText& end_object();
    JsonText& begin_array();
    JsonText& end_array();

    std::string take() { return std::move(out_); }  // the text written, once done

private:
    void separate();  // the comma before a second or later element or member

    std::string out_;
    bool first_ = true;  // nothing written yet in the innermost object or array
};

} // namespace umpire::store::detail
