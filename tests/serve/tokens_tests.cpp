#include "serve/tokens.h"

#include <catch2/catch.hpp>

#include <set>

using namespace umpire;

TEST_CASE("serve tokens: 128 random bits as 32 hex digits, never the same twice") {
    std::set<std::string> seen;
    for (int i = 0; i < 200; ++i) {
        const std::string t = serve::random_token();
        REQUIRE(t.size() == 32);
        CHECK(t.find_first_not_of("0123456789abcdef") == std::string::npos);
        seen.insert(t);
    }
    CHECK(seen.size() == 200);
}

TEST_CASE("serve tokens: only the whole token matches, whatever the length given") {
    const std::string secret = serve::random_token();
    CHECK(serve::same_token(secret, secret));
    CHECK_FALSE(serve::same_token("", secret));
    CHECK_FALSE(serve::same_token(secret.substr(0, 31), secret));
    CHECK_FALSE(serve::same_token(secret + "0", secret));
    std::string last = secret;
    last.back() = last.back() == '0' ? '1' : '0';
    CHECK_FALSE(serve::same_token(last, secret));
    std::string first = secret;
    first.front() = first.front() == '0' ? '1' : '0';
    CHECK_FALSE(serve::same_token(first, secret));
}
