#include "rules/follow_ups_text.h"

#include <nlohmann/json.hpp>

namespace umpire::rules {

namespace {

using json = nlohmann::json;

// nlohmann's SAX events, kept where follow_up_from_json would find them. Depth 1 is inside the
// array, 2 inside a follow-up, 3 inside its "values" or "owed"; anything else nested is skipped.
// Each member's key first empties the field it names, and its value fills it only when of the
// field's type: so, as in a document, the last member of a name counts and a value of the wrong
// type leaves the field empty.
class FollowUpsReader {
public:
    std::vector<FollowUp> follow_ups;
    bool shape_ok = true;  // an array of objects

    bool null() { return other_value(); }
    bool boolean(bool) { return other_value(); }
    bool number_integer(json::number_integer_t n) { return integer(static_cast<long long>(n)); }
    bool number_unsigned(json::number_unsigned_t n) { return integer(static_cast<long long>(n)); }
    bool number_float(json::number_float_t, const json::string_t&) { return other_value(); }
    bool binary(json::binary_t&) { return other_value(); }
    bool string(json::string_t& s) {
        if (depth_ == 2) {
            FollowUp& f = follow_ups.back();
            if (key_ == "action") f.action = s;
            else if (key_ == "reason") f.reason = s;
            else if (key_ == "citation") f.citation = s;
        } else if (depth_ == 3 && nested_ == Nested::Values) {
            follow_ups.back().values[key_] = s;
        } else if (depth_ == 3 && nested_ == Nested::Owed) {
            if (key_ == "id") follow_ups.back().owed = s;
            else if (key_ == "due") follow_ups.back().due = s;
        }
        return other_value();
    }
    bool start_object(std::size_t) {
        if (depth_ == 0) shape_ok = false;
        if (depth_ == 1) follow_ups.emplace_back();
        if (depth_ == 2) nested_ = key_ == "values" ? Nested::Values : key_ == "owed" ? Nested::Owed : Nested::Other;
        ++depth_;
        return true;
    }
    bool end_object() {
        --depth_;
        if (depth_ == 2) nested_ = Nested::None;
        return true;
    }
    bool start_array(std::size_t) {
        if (depth_ == 1) shape_ok = false;
        ++depth_;
        return true;
    }
    bool end_array() {
        --depth_;
        return true;
    }
    bool key(json::string_t& k) {
        key_ = k;
        if (depth_ == 2) {
            FollowUp& f = follow_ups.back();
            if (k == "action") f.action.clear();
            else if (k == "reason") f.reason.clear();
            else if (k == "citation") f.citation.clear();
            else if (k == "unit") f.unit.reset();
            else if (k == "target") f.target.reset();
            else if (k == "values") f.values.clear();
            else if (k == "owed") f.owed.clear(), f.due.clear();
        } else if (depth_ == 3 && nested_ == Nested::Values) {
            follow_ups.back().values.erase(k);
        } else if (depth_ == 3 && nested_ == Nested::Owed) {
            if (k == "id") follow_ups.back().owed.clear();
            else if (k == "due") follow_ups.back().due.clear();
        }
        return true;
    }
    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) { return false; }

private:
    enum class Nested { None, Values, Owed, Other };

    // A value where the array or one of its elements should be is not the shape read here.
    bool other_value() {
        if (depth_ <= 1) shape_ok = false;
        return true;
    }
    bool integer(long long n) {
        if (depth_ == 2) {
            if (key_ == "unit") follow_ups.back().unit = static_cast<int>(n);
            else if (key_ == "target") follow_ups.back().target = static_cast<int>(n);
        }
        return other_value();
    }

    int depth_ = 0;
    std::string key_;
    Nested nested_ = Nested::None;
};

} // namespace

std::optional<std::vector<FollowUp>> follow_ups_from_text(std::string_view text) {
    FollowUpsReader reader;
    if (!json::sax_parse(text, &reader) || !reader.shape_ok) return std::nullopt;
    return std::move(reader.follow_ups);
}

} // namespace umpire::rules
