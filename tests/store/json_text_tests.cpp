// JsonText writes what nlohmann's dump() writes for the same document, compact and indented:
// empty and nested objects and arrays, escapes, numbers, null.
#include "store/json_text.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

using umpire::store::JsonText;

namespace {

// The same document, written both ways: {"a": [1, -2, {"b": 2.5, "c": null}, [], {}], "e": {}, "f": "x\"\n\u0001é", "t": [true, false]}
std::string written(int indent) {
    JsonText out(indent);
    out.begin_object();
    out.key("a").begin_array().value(1).value(-2);
    out.begin_object().key("b").value(2.5).key("c").null().end_object();
    out.begin_array().end_array();
    out.begin_object().end_object();
    out.end_array();
    out.key("e").begin_object().end_object();
    out.key("f").value(std::string_view("x\"\n\x01\xc3\xa9"));
    out.key("t").begin_array().value(true).value(false).end_array();
    out.end_object();
    return out.take();
}

nlohmann::json document() {
    return {{"a", {1, -2, {{"b", 2.5}, {"c", nullptr}}, nlohmann::json::array(), nlohmann::json::object()}},
            {"e", nlohmann::json::object()},
            {"f", "x\"\n\x01\xc3\xa9"},
            {"t", {true, false}}};
}

} // namespace

TEST_CASE("store: JSON text written straight is nlohmann's dump, compact and indented") {
    CHECK(written(-1) == document().dump());
    CHECK(written(2) == document().dump(2));
    CHECK(written(4) == document().dump(4));
    JsonText empty(2);
    empty.begin_array().end_array();
    CHECK(empty.take() == "[]");
}

TEST_CASE("store: JSON text's escaped and non-ASCII keys and deep indentation are nlohmann's dump") {
    JsonText keys(2);
    keys.begin_object();
    keys.key("Régiment").value("\xc3\xa9t\xc3\xa9");  // in nlohmann's order: sorted by bytes
    keys.key("a\"b\\").value("plain");
    keys.key("tab\there").begin_array().value(std::string_view("\x1f")).end_array();
    keys.end_object();
    const nlohmann::json expected{
        {"a\"b\\", "plain"}, {"Régiment", "\xc3\xa9t\xc3\xa9"}, {"tab\there", nlohmann::json::array({"\x1f"})}};
    CHECK(keys.take() == expected.dump(2));

    // Forty levels at 2 spaces: lines deeper than any line of spaces kept for them.
    for (const int indent : {2, 4}) {
        JsonText deep(indent);
        nlohmann::json doc = 7;
        for (int level = 0; level < 40; ++level) deep.begin_object().key("k");
        deep.value(7);
        for (int level = 0; level < 40; ++level) {
            deep.end_object();
            doc = nlohmann::json{{"k", doc}};
        }
        CHECK(deep.take() == doc.dump(indent));
    }
}
