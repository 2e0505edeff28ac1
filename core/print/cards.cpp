// Chance cards at business-card size, ten to a page, with crop marks and optional backs.
#include "print/print.h"

#include "print/canvas.h"

#include <algorithm>

namespace umpire::print {

namespace {

constexpr double kInset = 14;      // text keeps this far inside the cut line
constexpr double kFrameInset = 7;  // the printed frame, inside the cut line
constexpr double kTitleMax = 13, kTitleMin = 8.5;
constexpr double kTextMax = 11, kTextMin = 6.5;
constexpr double kFooterSize = 6;

Rgb colour_of(const std::string& colour) { return colour == "red" ? kRed : kBlack; }

struct Face {
    const turn::ChanceCard* card = nullptr;  // nullptr: a blank card
    std::string colour;
};

// The text sizes that make a card's title and text fit inside it.
struct Fit {
    double title = kTitleMax;
    double text = kTextMax;
};

double content_height(Canvas& c, const turn::ChanceCard& card, const Fit& fit, double width) {
    double title = c.measure(card.title, TextStyle{fit.title, true, false, kBlack, Align::Centre}, width).height;
    double text = c.measure(card.text, TextStyle{fit.text}, width).height;
    return title + 7 + text;
}

Fit fit_card(Canvas& c, const turn::ChanceCard& card, int number) {
    const double width = kCardWidth - 2 * kInset;
    const double room = kCardHeight - 2 * kInset - kFooterSize - 4;
    Fit fit;
    // The title on one line if it can be, shrinking a little first.
    while (fit.title > kTitleMin &&
           c.measure(card.title, TextStyle{fit.title, true}).width > width)
        fit.title -= 0.25;
    while (content_height(c, card, fit, width) > room) {
        if (fit.text > kTextMin) fit.text -= 0.25;
        else if (fit.title > kTitleMin) fit.title -= 0.25;
        else
            throw PrintError("card " + std::to_string(number) + " \"" + card.title + "\" (" + card.colour +
                             "): its text does not fit on a card even at " + std::to_string(static_cast<int>(kTextMin)) +
                             " pt; shorten it");
    }
    return fit;
}

void draw_frame(Canvas& c, const Rect& slot, Rgb colour) {
    c.box(Rect{slot.x + kFrameInset, slot.y + kFrameInset, slot.width - 2 * kFrameInset,
               slot.height - 2 * kFrameInset},
          0.8, colour);
}

void draw_footer(Canvas& c, const Rect& slot, const std::string& left, const std::string& right, Rgb colour) {
    const double width = slot.width - 2 * kInset;
    double y = slot.bottom() - kInset - c.measure(left, TextStyle{kFooterSize}).height + 3;
    c.text(left, TextStyle{kFooterSize, false, true, colour, Align::Left}, slot.x + kInset, y, width);
    c.text(right, TextStyle{kFooterSize, false, true, colour, Align::Right}, slot.x + kInset, y, width);
}

void draw_front(Canvas& c, const Rect& slot, const Face& face, const Fit& fit) {
    Rgb colour = colour_of(face.colour);
    draw_frame(c, slot, colour);
    draw_footer(c, slot, "Chance card", face.colour + " set", colour);
    if (!face.card) return;  // a blank: frame and footer only
    const double width = slot.width - 2 * kInset;
    double y = slot.y + kInset;
    y += c.text(face.card->title, TextStyle{fit.title, true, false, colour, Align::Centre}, slot.x + kInset, y, width);
    c.line(slot.x + slot.width / 2 - 30, y + 3, slot.x + slot.width / 2 + 30, y + 3, 0.6, colour);
    y += 7;
    c.text(face.card->text, TextStyle{fit.text, false, false, colour, Align::Centre}, slot.x + kInset, y, width);
}

void draw_back(Canvas& c, const Rect& slot, const std::string& colour, const std::string& deck_name) {
    Rgb ink = colour_of(colour);
    draw_frame(c, slot, ink);
    c.box(Rect{slot.x + kFrameInset + 3, slot.y + kFrameInset + 3, slot.width - 2 * kFrameInset - 6,
               slot.height - 2 * kFrameInset - 6},
          2.0, ink);
    const double width = slot.width - 2 * kInset;
    TextStyle big{26, true, false, ink, Align::Centre};
    TextStyle small{7, false, true, ink, Align::Centre};
    double h = c.measure("CHANCE", big, width).height;
    double s = c.measure(deck_name, small, width).height;
    double y = slot.y + (slot.height - h - s) / 2;
    c.text("CHANCE", big, slot.x + kInset, y, width);
    c.text(deck_name, small, slot.x + kInset, y + h, width);
}

void draw_crop_marks(Canvas& c, Paper paper) {
    for (const Line& l : crop_marks(paper)) c.line(l.x1, l.y1, l.x2, l.y2, 0.5);
}

} // namespace

int write_cards(const turn::ChanceDeck& deck, const CardOptions& options, const std::string& path) {
    // Pages of faces: each colour's set (copies, then blanks if asked) starts a new page.
    std::vector<std::vector<Face>> pages;
    for (const std::string& colour : deck.colours()) {
        std::vector<Face> faces;
        for (const auto& card : deck.cards)
            if (card.colour == colour)
                for (int i = 0; i < card.count; ++i) faces.push_back(Face{&card, colour});
        if (options.blanks)
            for (int i = 0; i < deck.blanks; ++i) faces.push_back(Face{nullptr, colour});
        for (std::size_t at = 0; at < faces.size(); at += kCardsPerPage)
            pages.emplace_back(faces.begin() + static_cast<std::ptrdiff_t>(at),
                               faces.begin() + static_cast<std::ptrdiff_t>(std::min(faces.size(), at + kCardsPerPage)));
    }
    if (pages.empty()) throw PrintError("the deck has no cards to print");

    PdfWriter pdf(path, paper_size(options.paper), deck.name + " \u2013 chance cards");
    Canvas& c = pdf.canvas();
    // Fit every card first, so a card that cannot fit stops the print before anything is drawn.
    std::vector<Fit> fits;
    for (std::size_t i = 0; i < deck.cards.size(); ++i) fits.push_back(fit_card(c, deck.cards[i], static_cast<int>(i + 1)));
    auto fit_of = [&](const Face& face) { return face.card ? fits[static_cast<std::size_t>(face.card - deck.cards.data())] : Fit{}; };

    const std::vector<Rect> slots = card_slots(options.paper);
    int written = 0;
    for (std::size_t p = 0; p < pages.size(); ++p) {
        if (written > 0) pdf.new_page();
        draw_crop_marks(c, options.paper);
        for (std::size_t i = 0; i < pages[p].size(); ++i)
            draw_front(c, slots[i], pages[p][i], fit_of(pages[p][i]));
        ++written;
        if (options.backs) {
            pdf.new_page();
            draw_crop_marks(c, options.paper);
            for (std::size_t i = 0; i < pages[p].size(); ++i)
                draw_back(c, slots[static_cast<std::size_t>(back_slot(static_cast<int>(i)))], pages[p][i].colour, deck.name);
            ++written;
        }
    }
    pdf.finish();
    return written;
}

} // namespace umpire::print
