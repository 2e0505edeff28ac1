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
    const Case cases[] = {{"\x1b", "\\x1b"},         {"\x7f", "\\x7f"}, {"\r", "\\x0d"},     {std::string(1, '\0'), "\\x00"},
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
