// Paper sizes and the chance-card grid, as numbers.
#include "print/geometry.h"

#include <catch2/catch.hpp>

using namespace umpire::print;

TEST_CASE("print geometry: paper sizes in points") {
    CHECK(paper_size(Paper::Letter).width == 612.0);
    CHECK(paper_size(Paper::Letter).height == 792.0);
    CHECK(paper_size(Paper::A4).width == Approx(595.28).margin(0.005));
    CHECK(paper_size(Paper::A4).height == Approx(841.89).margin(0.005));
    CHECK(paper_from_id("A4") == Paper::A4);
    CHECK(paper_from_id("letter") == Paper::Letter);
    CHECK_FALSE(paper_from_id("a5"));
}

TEST_CASE("print geometry: Letter cards are 3.5 x 2 in, 2 columns of 5, 0.75 in side and 0.5 in top margins") {
    auto slots = card_slots(Paper::Letter);
    REQUIRE(slots.size() == 10);
    for (int i = 0; i < 10; ++i) {
        const Rect& r = slots[static_cast<std::size_t>(i)];
        INFO("slot " << i);
        CHECK(r.width == 252.0);
        CHECK(r.height == 144.0);
        CHECK(r.x == (i % 2 == 0 ? 54.0 : 306.0));
        CHECK(r.y == 36.0 + 144.0 * (i / 2));
    }
    // The grid fills the page between the margins exactly.
    CHECK(slots[9].right() == 612.0 - 54.0);
    CHECK(slots[9].bottom() == 792.0 - 36.0);
}

TEST_CASE("print geometry: the A4 grid is the same cards centred") {
    auto slots = card_slots(Paper::A4);
    REQUIRE(slots.size() == 10);
    Size page = paper_size(Paper::A4);
    CHECK(slots[0].x == Approx(page.width - slots[1].right()).margin(1e-9));
    CHECK(slots[0].y == Approx(page.height - slots[9].bottom()).margin(1e-9));
    CHECK(slots[0].x == Approx((595.28 - 504) / 2));
    CHECK(slots[3].y - slots[1].y == 144.0);
    CHECK(slots[0].width == 252.0);
}

TEST_CASE("print geometry: backs mirror the columns for a long-edge duplex flip") {
    CHECK(back_slot(0) == 1);
    CHECK(back_slot(1) == 0);
    CHECK(back_slot(8) == 9);
    CHECK(back_slot(5) == 4);
}

TEST_CASE("print geometry: crop marks sit in the margins, off the cards, on every cut line") {
    for (Paper paper : {Paper::Letter, Paper::A4}) {
        auto slots = card_slots(paper);
        auto marks = crop_marks(paper);
        CHECK(marks.size() == 2 * 3 + 2 * 6);  // 3 vertical cut lines, 6 horizontal
        for (const Line& l : marks) {
            double x = (l.x1 + l.x2) / 2, y = (l.y1 + l.y2) / 2;
            bool inside = x > slots[0].x && x < slots[9].right() && y > slots[0].y && y < slots[9].bottom();
            CHECK_FALSE(inside);
            CHECK(std::min(l.x1, l.x2) >= 0);
            CHECK(std::min(l.y1, l.y2) >= 0);
        }
    }
}
