// Follow-ups read straight from their stored JSON text are those follow_up_from_json reads from
// the parsed document, for the lists the app writes and for texts of odd shapes; texts that are
// not an array of objects, or not JSON, are left to the document reading.
#include "rules/follow_ups_text.h"
#include "rules/resolution_json.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

using namespace umpire::rules;

namespace {

std::vector<FollowUp> read_as_document(const std::string& text) {
    std::vector<FollowUp> out;
    for (const auto& f : nlohmann::json::parse(text)) out.push_back(follow_up_from_json(f));
    return out;
}

void check_same(const std::vector<FollowUp>& a, const std::vector<FollowUp>& b) {
    REQUIRE(a.size() == b.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
        CHECK(a[i].action == b[i].action);
        CHECK(a[i].unit == b[i].unit);
        CHECK(a[i].target == b[i].target);
        CHECK(a[i].reason == b[i].reason);
        CHECK(a[i].citation == b[i].citation);
        CHECK(a[i].values == b[i].values);
        CHECK(a[i].owed == b[i].owed);
        CHECK(a[i].due == b[i].due);
    }
}

} // namespace

TEST_CASE("follow-ups text: what the app writes reads back whole, without the document") {
    FollowUp rally;
    rally.action = "rally";
    rally.unit = 855;
    rally.reason = "Battalion 855 is shaken and took casualties: \"a rally test\" \\ é";
    rally.citation = "MacDuff 9.2 Shaken";
    rally.owed = "shaken-rally";
    rally.due = "before this phase ends";
    FollowUp card;
    card.action = "chance";
    card.target = 4;
    card.values = {{"card", "the-river"}, {"side", "2"}};
    const nlohmann::json list = nlohmann::json::array({to_json(rally), to_json(card), to_json(FollowUp{})});
    const auto read = follow_ups_from_text(list.dump());
    REQUIRE(read);
    check_same(*read, read_as_document(list.dump()));
    REQUIRE(read->size() == 3);
    CHECK((*read)[0].unit == 855);
    CHECK((*read)[0].reason == rally.reason);
    CHECK((*read)[1].values.at("card") == "the-river");
    CHECK((*read)[0].owed == "shaken-rally");
}

TEST_CASE("follow-ups text: odd members read as the document reads them") {
    for (const char* text : {
             R"([])",
             R"([{}])",
             R"([{"action": 5, "unit": "12", "target": 2.5, "reason": null, "citation": ["x"]}])",
             R"([{"unit": 3, "unit": "x"}, {"unit": "x", "unit": 4}])",
             R"([{"action": "a", "action": "b", "reason": "r", "reason": 1}])",
             R"([{"values": {"a": "1", "b": 2, "c": {"d": "e"}, "a": 3}}])",
             R"([{"values": {"a": "1"}, "values": ["x"]}, {"values": "x", "values": {"z": "9"}}])",
             R"([{"owed": {"id": "x", "due": 4, "id": "y", "extra": {"id": "no"}}}])",
             R"([{"owed": [{"id": "x"}], "other": {"unit": 7, "action": "no"}, "unit": -2}])",
             R"([{"unit": 4294967297, "target": 18446744073709551615}])",
             R"([{"deep": [[{"action": "no"}]], "action": "yes", "values": {"k": "v"}}])",
         }) {
        INFO(text);
        const auto read = follow_ups_from_text(text);
        REQUIRE(read);
        check_same(*read, read_as_document(text));
    }
}

TEST_CASE("follow-ups text: what is not an array of objects, or not JSON, is left to the document reading") {
    for (const char* text : {R"({"action": "rally"})", R"(["rally"])", R"([{"action": "rally"}, 3])", R"([[{}]])",
                             R"(7)", R"([{"action": "rally")", R"(not json)", R"([{"action": "\ud800"}])", ""})
        CHECK_FALSE(follow_ups_from_text(text));
}
