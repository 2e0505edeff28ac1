// View > Players' phones, the desk's side: serving the open battle, the addresses and their QR
// codes, new addresses, a taken port.
#include "ui_support.h"

#include "desk/phones.h"
#include "serve/qr.h"

#include <catch2/catch.hpp>

using namespace umpire;

namespace {

serve::ServeOptions local(int port = 0) {
    serve::ServeOptions o;
    o.bind = "127.0.0.1";
    o.port = port;
    return o;
}

} // namespace

TEST_CASE("desk phones: the open battle served, a page per side and the umpire's, each with its QR code") {
    test::ScratchDir dir;
    desk::Desk desk = test::demo_desk(dir);
    desk::Phones phones;
    REQUIRE(phones.start(desk.path(), local()));
    CHECK(phones.serving());
    const auto pages = phones.pages();
    REQUIRE(pages.size() == 3);
    CHECK(pages[0].name == "Umpire");
    const std::string prefix = "http://127.0.0.1:" + std::to_string(phones.port()) + "/p/";
    for (const auto& p : pages) {
        CHECK(p.url.rfind(prefix, 0) == 0);
        CHECK(p.url.size() == prefix.size() + 32 + 1);
        // The code holds the address: libqrencode gives the same modules for the same text.
        CHECK(p.qr.size >= 21);
        CHECK(p.qr.dark == serve::qr_code(p.url).dark);
    }
    phones.new_addresses();
    const auto fresh = phones.pages();
    REQUIRE(fresh.size() == 3);
    for (std::size_t i = 0; i < 3; ++i) CHECK(fresh[i].url != pages[i].url);
    phones.stop();
    CHECK_FALSE(phones.serving());
    CHECK(phones.pages().empty());
}

TEST_CASE("desk phones: a port already taken falls back to any free one, and says where") {
    test::ScratchDir dir;
    desk::Desk desk = test::demo_desk(dir);
    desk::Phones first, second;
    REQUIRE(first.start(desk.path(), local()));
    REQUIRE(second.start(desk.path(), local(first.port())));
    CHECK(second.port() != first.port());
    CHECK(second.error().empty());
    desk::Phones bad;
    serve::ServeOptions nowhere = local();
    nowhere.bind = "no-such-address";
    CHECK_FALSE(bad.start(desk.path(), nowhere));
    CHECK_THAT(bad.error(), Catch::Contains("not an address"));
}
