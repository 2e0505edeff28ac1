#include "turn/turn_text_reader.h"

#include "model/plain_text.h"

#include <charconv>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace umpire::turn {

namespace {

// Any surprise ends the reading: the JSON reader takes over from the start.
struct NotCanonical {};

class Cursor {
public:
    explicit Cursor(std::string_view text) : text_(text) {}

    bool at(char c) const { return pos_ < text_.size() && text_[pos_] == c; }
    bool eat(char c) {
        if (!at(c)) return false;
        ++pos_;
        return true;
    }
    void expect(char c) {
        if (!eat(c)) throw NotCanonical{};
    }
    bool eat_word(std::string_view word) {
        if (text_.compare(pos_, word.size(), word) != 0) return false;
        pos_ += word.size();
        return true;
    }
    bool done() const { return pos_ == text_.size(); }

    // `"name":`, preceded by a comma unless it is the object's first member.
    void member(std::string_view name, bool& first) {
        if (!first) expect(',');
        first = false;
        expect('"');
        if (!eat_word(name)) throw NotCanonical{};
        expect('"');
        expect(':');
    }
    // Whether the next member is `name` (an optional one), eating it if so.
    bool optional_member(std::string_view name) {
        const std::size_t start = pos_;
        if (eat(',') && eat('"') && eat_word(name) && eat('"') && eat(':')) return true;
        pos_ = start;
        return false;
    }

    template <typename Number>
    Number number() {
        Number n{};
        const char* begin = text_.data() + pos_;
        // JSON has no leading zeros ("01"), which from_chars would read.
        const std::size_t digits = pos_ + (at('-') ? 1 : 0);
        if (digits + 1 < text_.size() && text_[digits] == '0' && text_[digits + 1] >= '0' && text_[digits + 1] <= '9')
            throw NotCanonical{};
        const auto [end, error] = std::from_chars(begin, text_.data() + text_.size(), n);
        if (error != std::errc{} || end == begin) throw NotCanonical{};
        // A fraction or an exponent is a number nlohmann reads differently: its reader decides.
        pos_ += static_cast<std::size_t>(end - begin);
        if (at('.') || at('e') || at('E')) throw NotCanonical{};
        return n;
    }
    int integer() { return number<int>(); }

    bool boolean() {
        if (eat_word("true")) return true;
        if (eat_word("false")) return false;
        throw NotCanonical{};
    }
    bool null() { return eat_word("null"); }

    // A string with no escape in it (the dump writes UTF-8 as it is; an escape is rare enough to
    // leave to the JSON reader).
    std::string string() {
        expect('"');
        const std::size_t start = pos_;
        while (pos_ < text_.size() && text_[pos_] != '"') {
            const auto byte = static_cast<unsigned char>(text_[pos_]);
            if (byte == '\\' || byte < 0x20) throw NotCanonical{};
            ++pos_;
        }
        std::string out(text_.substr(start, pos_ - start));
        if (!model::valid_utf8(out)) throw NotCanonical{};  // the JSON reader says it is damaged
        expect('"');
        return out;
    }

    // `[item, item, ...]`, each read by `item`.
    template <typename Read>
    void array(Read&& item) {
        expect('[');
        if (eat(']')) return;
        do item();
        while (eat(','));
        expect(']');
    }

private:
    std::string_view text_;
    std::size_t pos_ = 0;
};

std::vector<int> integers(Cursor& c) {
    std::vector<int> out;
    c.array([&] { out.push_back(c.integer()); });
    return out;
}

std::vector<std::string> strings(Cursor& c) {
    std::vector<std::string> out;
    c.array([&] { out.push_back(c.string()); });
    return out;
}

// {"colour":["card",...],...}
std::map<std::string, std::vector<std::string>> piles(Cursor& c) {
    std::map<std::string, std::vector<std::string>> out;
    c.expect('{');
    if (c.eat('}')) return out;
    do {
        std::string colour = c.string();
        c.expect(':');
        out.emplace(std::move(colour), strings(c));
    } while (c.eat(','));
    c.expect('}');
    return out;
}

ActivationCard card(Cursor& c) {
    ActivationCard card;
    bool first = true;
    c.expect('{');
    c.member("commander", first);
    card.commander = c.integer();
    c.member("kind", first);
    const std::string kind = c.string();
    bool known = false;
    for (CardKind k : {CardKind::Commander, CardKind::General, CardKind::Joker, CardKind::Side})
        if (card_kind_id(k) == kind) {
            card.kind = k;
            known = true;
        }
    if (!known) throw NotCanonical{};  // the JSON reader names it
    c.member("side", first);
    card.side = c.integer();
    c.expect('}');
    return card;
}

std::vector<ActivationCard> cards(Cursor& c) {
    std::vector<ActivationCard> out;
    c.array([&] { out.push_back(card(c)); });
    return out;
}

TurnOptions options(Cursor& c) {
    TurnOptions o;
    bool first = true;
    c.expect('{');
    c.member("activation", first);
    o.activation = c.string();
    c.member("assignment", first);
    o.assignment = c.string();
    c.member("blanks", first);
    o.blanks = c.integer();
    c.member("chance_cards", first);
    o.chance_cards = c.boolean();
    c.member("handicapped_side", first);
    o.handicapped_side = c.integer();
    c.member("seed", first);
    o.seed = c.number<std::uint64_t>();
    c.member("wind", first);
    o.wind = c.boolean();
    c.expect('}');
    return o;
}

OrderRoll order(Cursor& c) {
    OrderRoll r;
    bool first = true;
    c.expect('{');
    c.member("first", first);
    r.first = c.integer();
    c.member("rolls", first);
    c.array([&] {
        c.expect('[');
        const int side = c.integer();
        c.expect(',');
        const int score = c.integer();
        c.expect(']');
        r.rolls.emplace_back(side, score);
    });
    c.member("turn", first);
    r.turn = c.integer();
    c.member("winner", first);
    r.winner = c.integer();
    c.expect('}');
    return r;
}

WindRecord wind(Cursor& c) {
    WindRecord w;
    bool first = true;
    c.expect('{');
    c.member("direction_after", first);
    w.direction_after = c.integer();
    c.member("direction_before", first);
    w.direction_before = c.integer();
    c.member("roll", first);
    w.roll = c.integer();
    c.member("strength", first);
    w.strength = c.integer();
    c.member("text", first);
    w.text = c.string();
    c.member("turn", first);
    w.turn = c.integer();
    c.expect('}');
    return w;
}

// The members in the order nlohmann's dump writes them: sorted by name.
TurnState read(Cursor& c) {
    TurnState s;
    bool first = true;
    c.expect('{');
    c.member("active_commander", first);
    s.active_commander = c.integer();
    c.member("chance_current", first);
    if (!c.null()) {
        c.expect('[');
        std::string colour = c.string();
        c.expect(',');
        std::string id = c.string();
        c.expect(']');
        s.chance_current = std::make_pair(std::move(colour), std::move(id));
    }
    c.member("chance_discards", first);
    s.chance_discards = piles(c);
    c.member("chance_due_side", first);
    s.chance_due_side = c.integer();
    c.member("chance_piles", first);
    s.chance_piles = piles(c);
    c.member("commanders_done", first);
    s.commanders_done = integers(c);
    c.member("current", first);
    if (!c.null()) s.current = card(c);
    c.member("deck", first);
    s.deck = cards(c);
    c.member("discards", first);
    s.discards = cards(c);
    c.member("joker_pending", first);
    s.joker_pending = c.boolean();
    c.member("moving_side", first);
    s.moving_side = c.integer();
    c.member("options", first);
    s.options = options(c);
    c.member("orders", first);
    c.array([&] { s.orders.push_back(order(c)); });
    c.member("phase", first);
    s.phase = c.integer();
    c.member("shuffles", first);
    s.shuffles = c.integer();
    c.member("sides_done", first);
    s.sides_done = integers(c);
    c.member("started", first);
    s.started = c.boolean();
    if (c.optional_member("step_first")) s.step_first = c.integer();
    c.member("version", first);
    if (c.integer() != 1) throw NotCanonical{};  // a newer Umpire's: the JSON reader refuses it
    c.member("wind_history", first);
    c.array([&] { s.wind_history.push_back(wind(c)); });
    c.expect('}');
    if (!c.done()) throw NotCanonical{};
    return s;
}

} // namespace

std::optional<TurnState> read_turn_text(std::string_view text) {
    try {
        Cursor c(text);
        return read(c);
    } catch (const NotCanonical&) {
        return std::nullopt;
    }
}

} // namespace umpire::turn
