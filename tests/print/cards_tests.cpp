// Chance cards: page counts, sizes, the 2 x 5 grid on the real PDF, colours, deck errors.
#include "print/geometry.h"
#include "print_support.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <fstream>

using namespace umpire;
using namespace umpire::test;

namespace {

const std::string kRoster = std::string(UMPIRE_SOURCE_DIR) + "/rosters/macduff-kotal-pass.toml";

std::string write_file(const Scratch& s, const std::string& name, const std::string& text) {
    std::string path = s.path(name).string();
    std::ofstream(path) << text;
    return path;
}

// The words of one page inside a card slot, in reading order.
std::vector<Word> words_in(const std::vector<Word>& words, int page, const print::Rect& slot) {
    std::vector<Word> out;
    for (const auto& w : words)
        if (w.page == page && w.x_min >= slot.x && w.x_max <= slot.right() && w.y_min >= slot.y &&
            w.y_max <= slot.bottom())
            out.push_back(w);
    return out;
}

// Red and dark pixels of page `page` rendered at 30 dpi (PPM is simple to read).
struct Ink {
    long red = 0, dark = 0;
};
Ink ink_of(const Scratch& s, const std::string& pdf, int page) {
    std::string base = s.path("ink").string();
    std::string p = std::to_string(page);
    capture("pdftoppm -r 30 -f " + p + " -l " + p + " -singlefile " + quote(pdf) + " " + quote(base));
    std::ifstream in(base + ".ppm", std::ios::binary);
    std::string magic;
    int w = 0, h = 0, max = 0;
    in >> magic >> w >> h >> max;
    in.get();
    Ink ink;
    REQUIRE(magic == "P6");
    for (long i = 0; i < static_cast<long>(w) * h; ++i) {
        int r = in.get(), g = in.get(), b = in.get();
        if (r > 120 && g < 90 && b < 90) ++ink.red;
        if (r < 90 && g < 90 && b < 90) ++ink.dark;
    }
    return ink;
}

} // namespace

TEST_CASE("cards: the MacDuff deck on Letter, with blanks and backs") {
    Scratch s;
    struct Case {
        std::vector<std::string> flags;
        int pages;
    } cases[] = {{{}, 2}, {{"--blanks"}, 4}, {{"--backs"}, 4}, {{"--blanks", "--backs"}, 8}};
    for (const auto& c : cases) {
        std::string pdf = s.path("cards.pdf").string();
        std::vector<std::string> args{"cards", "--ruleset", "macduff", "--paper", "letter", "-o", pdf, "--force"};  // one file, rewritten
        args.insert(args.end(), c.flags.begin(), c.flags.end());
        auto r = s.umpire(args);
        INFO(r.err << " flags " << c.flags.size());
        REQUIRE(r.code == 0);
        auto info = pdf_info(pdf);
        CHECK(info.pages == c.pages);
        CHECK(info.page_size == "612 x 792 pts (letter)");
        for (const auto& emb : pdf_fonts_embedded(pdf)) CHECK(emb == "yes");
    }
}

TEST_CASE("cards: A4 and a battle's deck") {
    Scratch s;
    std::string battle = s.path("kotal.umpire").string();
    REQUIRE(s.umpire({"new", "--ruleset", "macduff", "--roster", kRoster, "-o", battle}).code == 0);
    std::string pdf = s.path("cards.pdf").string();
    auto r = s.umpire({"cards", "--battle", battle, "--paper", "a4", "-o", pdf});
    INFO(r.err);
    REQUIRE(r.code == 0);
    CHECK(r.out.find("20 chance cards") != std::string::npos);
    auto info = pdf_info(pdf);
    CHECK(info.pages == 2);
    CHECK(info.page_size == "595.28 x 841.89 pts (A4)");
}

TEST_CASE("cards: the red set is printed in red on its own page, the black set in black") {
    Scratch s;
    std::string pdf = s.path("cards.pdf").string();
    REQUIRE(s.umpire({"cards", "--ruleset", "macduff", "-o", pdf}).code == 0);
    std::string red = pdf_prose(pdf, 1), black = pdf_prose(pdf, 2);
    CHECK(red.find("SOMEONE HAS BLUNDERED") != std::string::npos);
    CHECK(red.find("infantry or cavalry") != std::string::npos);
    CHECK(red.find("red set") != std::string::npos);
    CHECK(red.find("black set") == std::string::npos);
    CHECK(black.find("artillery at close range") != std::string::npos);
    CHECK(black.find("black set") != std::string::npos);
    Ink page1 = ink_of(s, pdf, 1), page2 = ink_of(s, pdf, 2);
    CHECK(page1.red > 500);
    CHECK(page2.red == 0);
    CHECK(page2.dark > 500);
}

TEST_CASE("cards: every card sits on the 2 x 5 grid to half a point, on Letter and A4") {
    Scratch s;
    for (print::Paper paper : {print::Paper::Letter, print::Paper::A4}) {
        std::string pdf = s.path("grid.pdf").string();
        REQUIRE(s.umpire({"cards", "--ruleset", "macduff", "--paper", std::string(print::paper_id(paper)), "-o", pdf,
                          "--force"})
                    .code == 0);
        auto words = pdf_words(pdf);
        auto slots = print::card_slots(paper);
        for (int page = 1; page <= 2; ++page) {
            for (std::size_t i = 0; i < slots.size(); ++i) {
                INFO("paper " << print::paper_id(paper) << " page " << page << " card " << i);
                auto inside = words_in(words, page, slots[i]);
                REQUIRE(inside.size() > 4);
                // The footer's first word starts 14 pt inside the card's left edge.
                auto chance = std::find_if(inside.begin(), inside.end(), [](const Word& w) { return w.text == "Chance"; });
                REQUIRE(chance != inside.end());
                CHECK(std::abs(chance->x_min - (slots[i].x + 14)) <= 0.5);
                // The title's first line is centred on the card and starts 14 pt below its top.
                double top = inside.front().y_min;
                for (const auto& w : inside) top = std::min(top, w.y_min);
                double left = 1e9, right = -1e9;
                for (const auto& w : inside)
                    if (std::abs(w.y_min - top) < 0.5) {
                        left = std::min(left, w.x_min);
                        right = std::max(right, w.x_max);
                    }
                CHECK(std::abs((left + right) / 2 - (slots[i].x + slots[i].width / 2)) <= 0.5);
                CHECK(std::abs(top - (slots[i].y + 14)) <= 0.5);
            }
        }
    }
}

TEST_CASE("cards: --deck reads a deck file, and its mistakes are exit 2 with file:line:column") {
    Scratch s;
    std::string pdf = s.path("cards.pdf").string();
    std::string head = "format = \"umpire-chance-deck\"\nversion = 1\nname = \"House deck\"\nblanks = 2\n";
    std::string good = write_file(s, "good.toml", head + "[[card]]\nid = \"rain\"\ntitle = \"RAIN\"\n"
                                                         "text = \"Muskets fire at -1 this turn.\"\ncolour = \"black\"\ncount = 3\n");
    auto r = s.umpire({"cards", "--deck", good, "--blanks", "-o", pdf});
    INFO(r.err);
    REQUIRE(r.code == 0);
    CHECK(pdf_info(pdf).pages == 1);  // 3 copies + 2 blanks on one page
    CHECK(pdf_prose(pdf).find("Muskets fire at -1 this turn.") != std::string::npos);

    std::string bad = write_file(s, "bad.toml", head + "[[card]]\nid = \"rain\"\ntitle = \"RAIN\"\ntext = \"x\"\ncolour = \"green\"\n");
    auto e = s.umpire({"cards", "--deck", bad, "-o", s.path("bad.pdf").string()});
    CHECK(e.code == 2);
    CHECK(e.err.find("bad.toml:9:10") != std::string::npos);
    CHECK_FALSE(std::filesystem::exists(s.path("bad.pdf")));

    std::string essay(900, 'x');
    for (std::size_t i = 5; i < essay.size(); i += 6) essay[i] = ' ';
    std::string long_card = write_file(s, "long.toml", head + "[[card]]\nid = \"essay\"\ntitle = \"ESSAY\"\ntext = \"" +
                                                           essay + "\"\ncolour = \"red\"\n");
    auto l = s.umpire({"cards", "--deck", long_card, "-o", s.path("long.pdf").string()});
    CHECK(l.code == 2);
    CHECK(l.err.find("does not fit") != std::string::npos);
    CHECK(l.err.find("ESSAY") != std::string::npos);
    CHECK_FALSE(std::filesystem::exists(s.path("long.pdf")));

    CHECK(s.umpire({"cards", "-o", pdf}).code == 2);
    CHECK(s.umpire({"cards", "--deck", good, "--ruleset", "macduff", "-o", pdf}).code == 2);
    CHECK(s.umpire({"cards", "--deck", s.path("none.toml").string(), "-o", pdf}).code == 2);
}
