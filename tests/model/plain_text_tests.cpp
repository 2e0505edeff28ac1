// Text from a file as it reaches a terminal (model/plain_text.h): control characters and bytes
// that are not UTF-8 escaped wherever they stand in a long text, everything else passed on.
#include "model/plain_text.h"

#include <catch2/catch.hpp>

#include <string>

using umpire::model::escaped;

TEST_CASE("plain text: escaped() leaves plain text, tabs, newlines and UTF-8 as they are") {
    CHECK(escaped("") == "");
    CHECK(escaped("2nd Sikhs") == "2nd Sikhs");
    const std::string json = "{\n  \"name\": \"Afridi Marksmen\",\n\t\"figures\": 12\n}\n";
    CHECK(escaped(json) == json);
    const std::string accents = "Régiment de Ligne \xE2\x80\x94 1\xC2\xBD\" \xF0\x9F\x8E\xB2 end of a long line";
    CHECK(escaped(accents) == accents);
    CHECK(escaped("~ and space ") == "~ and space ");
}

TEST_CASE("plain text: escaped() escapes each control character and stray byte wherever it stands") {
    const std::string filler = "Battalion 1742 takes 1 hit (other): 1 figure each; ";
    struct Case {
        std::string bad;
        std::string shown;
    };
    const Case cases[] = {{"\x1b", "\\x1b"},         {"\x7f", "\\u007f"}, {"\r", "\\x0d"},     {std::string(1, '\0'), "\\x00"},
                          {"\xC2\x9B", "\\u009b"}, {"\xFF", "\\xff"}, {"\xC3", "\\xc3"}, {"\xE2\x80", "\\xe2\\x80"}};
    for (const Case& c : cases)
        // Every offset in and around the words the text is read by, at both ends and alone.
        for (std::size_t at = 0; at <= 24; ++at) {
            const std::string before = filler.substr(0, at), after = filler.substr(at);
            INFO("byte(s) " << c.shown << " at " << at);
            CHECK(escaped(before + c.bad + after) == before + c.shown + after);
            CHECK(escaped(filler + before + c.bad) == filler + before + c.shown);
        }
    CHECK(escaped("T\x1b]0;pwned\x07\x1b[2J") == "T\\x1b]0;pwned\\x07\\x1b[2J");
}

TEST_CASE("plain text: a DEL a JSON writer left raw in a string is escaped as JSON reads it") {
    // nlohmann's dump writes C0 controls as \u00XX but DEL (0x7F) raw; what reaches the terminal
    // must still be JSON with the same string.
    CHECK(escaped("{\"name\": \"del\x7f\"}") == "{\"name\": \"del\\u007f\"}");
}

TEST_CASE("plain text: valid_utf8() and first_control() find a bad byte or a control character wherever it stands") {
    using umpire::model::first_control;
    using umpire::model::valid_utf8;
    const std::string filler = "Battalion 1742 takes 1 hit (other): 1 figure each; ";
    CHECK(valid_utf8(filler + "Régiment \xF0\x9F\x8E\xB2" + filler));
    CHECK_FALSE(first_control(filler + "Régiment\t\xF0\x9F\x8E\xB2" + filler));
    for (std::size_t at = 0; at <= 24; ++at) {
        const std::string before = filler.substr(0, at), after = filler.substr(at);
        INFO("at " << at);
        for (const char* bad : {"\xFF", "\xC3", "\xE2\x80", "\xED\xA0\x80", "\xC0\xAF"}) {
            CHECK_FALSE(valid_utf8(before + bad + after));
            CHECK_FALSE(valid_utf8(filler + before + bad));
        }
        CHECK(valid_utf8(before + "\xC3\xA9" + after));
        for (const char* control : {"\x1b", "\x7f", "\r", "\n", "\xC2\x9B"}) {
            CHECK(first_control(before + control + after) == at);
            CHECK(first_control(filler + before + control) == filler.size() + at);
        }
        // A longer text keeps its line breaks, but not an escape.
        CHECK_FALSE(first_control(before + "\r\n" + after, true));
        CHECK(first_control(before + "\n\x1b" + after, true) == at + 1);
        CHECK_FALSE(first_control(before + "\t" + after));
    }
}
