// Chance deck files: TOML -> ChanceDeck and back. Every refusal points at the offending key or
// value (or at the [[card]] header when something is missing) and says what was expected.
#include "turn/chance_deck.h"
#include "model/plain_text.h"
#include "rules/toml_limits.h"

#include <toml++/toml.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

namespace umpire::embedded {
// Generated at build time from reference/*/chance_cards.toml (see core/turn/CMakeLists.txt).
struct EmbeddedDeck {
    const char* ruleset;
    std::string_view (*text)();
};
extern const EmbeddedDeck kChanceDecks[];
extern const std::size_t kChanceDeckCount;
} // namespace umpire::embedded

namespace umpire::turn {

namespace {

constexpr std::int64_t kMaxCount = 100;
constexpr std::int64_t kMaxBlanks = 1000;
const std::vector<std::string> kColours{"red", "black"};
const std::vector<std::string> kRarities{"common", "uncommon", "rare"};
const std::vector<std::string> kAsks{"nothing", "own-unit", "enemy-unit", "any-unit"};

std::string format_error(const std::string& file, int line, int column, const std::string& message) {
    std::string where = file;
    if (line > 0) where += ":" + std::to_string(line) + ":" + std::to_string(column);
    return where + ": " + message;
}

int line_of(const toml::source_region& at) { return std::max(1, static_cast<int>(at.begin.line)); }
int column_of(const toml::source_region& at) { return std::max(1, static_cast<int>(at.begin.column)); }

std::string quote(std::string_view text) {
    std::string out = "\"";
    for (char c : text) {
        auto u = static_cast<unsigned char>(c);
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\t': out += "\\t"; break;
        case '\r': out += "\\r"; break;
        default:
            if (u < 0x20 || u == 0x7f) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\u%04X", static_cast<unsigned>(u));
                out += buf;
            } else {
                out += c;
            }
        }
    }
    return out + "\"";
}

std::string one_of(const std::vector<std::string>& values) {
    std::string out;
    for (const auto& v : values) out += (out.empty() ? "" : ", ") + quote(v);
    return "one of: " + out;
}

std::string type_name(const toml::node& node) {
    switch (node.type()) {
    case toml::node_type::string: return "the text " + quote(node.as_string()->get());
    case toml::node_type::integer: return "the number " + std::to_string(node.as_integer()->get());
    case toml::node_type::floating_point: return "a decimal number";
    case toml::node_type::boolean: return node.as_boolean()->get() ? "true" : "false";
    case toml::node_type::array: return "an array";
    case toml::node_type::table: return "a table";
    default: return "a date or time";
    }
}

bool valid_id(std::string_view id) {
    if (id.empty()) return false;
    return std::all_of(id.begin(), id.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
    });
}

// One TOML table read as part of a deck, knowing its allowed keys and its name in messages.
class DeckTableReader {
public:
    DeckTableReader(const std::string& file, const toml::table& table, std::string context,
           std::vector<std::string> keys)
        : file_(file), table_(table), context_(std::move(context)), keys_(std::move(keys)) {}

    [[noreturn]] void fail(const toml::source_region& at, const std::string& message) const {
        throw DeckError(file_, line_of(at), column_of(at), context_ + ": " + message);
    }

    void check_keys() const {
        for (const auto& [key, value] : table_) {
            if (std::find(keys_.begin(), keys_.end(), key.str()) != keys_.end()) continue;
            std::string expected;
            for (const auto& k : keys_) expected += (expected.empty() ? "" : ", ") + k;
            fail(key.source(), "unknown key '" + std::string(key.str()) + "'; expected one of: " + expected);
        }
    }

    const toml::node* find(std::string_view key) const { return table_.get(key); }

    std::string text(std::string_view key, bool required, const std::string& fallback = {}) const {
        const toml::node* node = find(key);
        if (!node) {
            if (required) fail(table_.source(), "missing required key '" + std::string(key) + "'");
            return fallback;
        }
        if (!node->is_string())
            fail(node->source(), "'" + std::string(key) + "' must be text in quotes, found " + type_name(*node));
        std::string value = node->as_string()->get();
        if (required && value.find_first_not_of(" \t\r\n") == std::string::npos)
            fail(node->source(), "'" + std::string(key) + "' must not be empty");
        // A card goes on screens, terminals, phones and paper: no control characters (an escape
        // sequence would drive the terminal that shows it), as in rosters. A card's text keeps
        // its line breaks.
        if (const auto control = model::first_control(value, key == "text"))
            fail(node->source(), "'" + std::string(key) + "': the control character " +
                                     model::control_name(value, *control) +
                                     " is not allowed (names and texts are plain text)");
        return value;
    }

    std::int64_t integer(std::string_view key, bool required, std::int64_t fallback, std::int64_t min,
                         std::int64_t max) const {
        const toml::node* node = find(key);
        if (!node) {
            if (required) fail(table_.source(), "missing required key '" + std::string(key) + "'");
            return fallback;
        }
        if (!node->is_integer())
            fail(node->source(), "'" + std::string(key) + "' must be a whole number from " +
                                     std::to_string(min) + " to " + std::to_string(max) + ", found " +
                                     type_name(*node));
        std::int64_t value = node->as_integer()->get();
        if (value < min || value > max)
            fail(node->source(), "'" + std::string(key) + "' must be a whole number from " +
                                     std::to_string(min) + " to " + std::to_string(max) + ", found " +
                                     std::to_string(value));
        return value;
    }

    std::string choice(std::string_view key, bool required, const std::string& fallback,
                       const std::vector<std::string>& allowed) const {
        std::string value = text(key, required, fallback);
        if (std::find(allowed.begin(), allowed.end(), value) == allowed.end())
            fail(find(key)->source(), "'" + std::string(key) + "' must be " + one_of(allowed) +
                                          ", found " + quote(value));
        return value;
    }

private:
    const std::string& file_;
    const toml::table& table_;
    std::string context_;
    std::vector<std::string> keys_;
};

ChanceDeck read_deck(const toml::table& root, const std::string& file) {
    DeckTableReader top(file, root, "deck", {"format", "version", "ruleset", "name", "blanks", "card"});
    top.check_keys();
    if (top.text("format", true) != "umpire-chance-deck")
        top.fail(top.find("format")->source(), "format must be \"umpire-chance-deck\"");
    const toml::node* version = top.find("version");
    if (!version) top.fail(root.source(), "missing required key 'version' (version = 1)");
    if (!version->is_integer() || version->as_integer()->get() < 1)
        top.fail(version->source(), "version must be a whole number, 1 for this format");
    if (version->as_integer()->get() > kChanceDeckVersion)
        top.fail(version->source(), "this deck is format version " +
                                        std::to_string(version->as_integer()->get()) +
                                        "; this Umpire reads version " +
                                        std::to_string(kChanceDeckVersion) + " (a newer Umpire is needed)");
    ChanceDeck deck;
    deck.name = top.text("name", true);
    deck.ruleset = top.text("ruleset", false);
    deck.blanks = static_cast<int>(top.integer("blanks", false, 0, 0, kMaxBlanks));

    const toml::node* cards = top.find("card");
    if (!cards) top.fail(root.source(), "missing [[card]] tables: a deck needs at least one card");
    if (!cards->is_array_of_tables() || cards->as_array()->empty())
        top.fail(cards->source(), "'card' must be [[card]] tables, one per card");

    std::map<std::pair<std::string, std::string>, int> seen;  // (colour, id) -> card number
    int number = 0;
    for (const toml::node& node : *cards->as_array()) {
        ++number;
        const toml::table& table = *node.as_table();
        std::string context = "card " + std::to_string(number);
        if (const toml::node* title = table.get("title"); title && title->is_string())
            context += " (" + quote(title->as_string()->get()) + ")";
        DeckTableReader r(file, table, context, {"id", "title", "text", "colour", "count", "rarity", "action", "asks"});
        r.check_keys();
        ChanceCard card;
        card.id = r.text("id", true);
        if (!valid_id(card.id))
            r.fail(r.find("id")->source(), "id " + quote(card.id) +
                                               " may use only lower-case letters, digits and '-'");
        card.title = r.text("title", true);
        card.text = r.text("text", true);
        card.colour = r.choice("colour", true, "", kColours);
        card.count = static_cast<int>(r.integer("count", false, 1, 1, kMaxCount));
        card.rarity = r.choice("rarity", false, "common", kRarities);
        card.action = r.text("action", false);
        if (!card.action.empty() && !valid_id(card.action))
            r.fail(r.find("action")->source(), "action " + quote(card.action) +
                                                   " must be an action id: lower-case letters, digits and '-'");
        card.asks = r.choice("asks", false, "nothing", kAsks);
        auto [it, fresh] = seen.emplace(std::make_pair(card.colour, card.id), number);
        if (!fresh)
            r.fail(r.find("id")->source(), "id " + quote(card.id) + " is already used by card " +
                                               std::to_string(it->second) + " of the " + card.colour +
                                               " set; ids are unique within a colour");
        deck.cards.push_back(std::move(card));
    }
    return deck;
}

} // namespace

DeckError::DeckError(std::string file, int line, int column, std::string message)
    : std::runtime_error(format_error(file, line, column, message)),
      file_(std::move(file)),
      line_(line),
      column_(column),
      message_(std::move(message)) {}

std::vector<std::string> ChanceDeck::colours() const {
    std::vector<std::string> out;
    for (const auto& c : cards)
        if (std::find(out.begin(), out.end(), c.colour) == out.end()) out.push_back(c.colour);
    return out;
}

int ChanceDeck::copies(std::string_view colour) const {
    int n = 0;
    for (const auto& c : cards)
        if (c.colour == colour) n += c.count;
    return n;
}

bool operator==(const ChanceCard& a, const ChanceCard& b) {
    return a.id == b.id && a.title == b.title && a.text == b.text && a.colour == b.colour &&
           a.count == b.count && a.rarity == b.rarity && a.action == b.action && a.asks == b.asks;
}

bool operator==(const ChanceDeck& a, const ChanceDeck& b) {
    return a.name == b.name && a.ruleset == b.ruleset && a.blanks == b.blanks && a.cards == b.cards;
}

ChanceDeck parse_chance_deck(std::string_view text, const std::string& source_name) {
    if (const auto breach = rules::toml_limit_breach(text))
        throw DeckError(source_name, breach->line, breach->column, "not read: " + breach->message);
    toml::table root;
    try {
        root = toml::parse(text, source_name);
    } catch (const toml::parse_error& e) {
        throw DeckError(source_name, line_of(e.source()), column_of(e.source()),
                        "TOML syntax error: " + std::string(e.description()));
    }
    return read_deck(root, source_name);
}

ChanceDeck load_chance_deck_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw DeckError(path, 0, 0, "cannot read the deck: " + std::string(std::strerror(errno)));
    std::ostringstream text;
    text << in.rdbuf();
    return parse_chance_deck(text.str(), path);
}

std::string write_chance_deck(const ChanceDeck& deck) {
    std::ostringstream out;
    out << "# A chance deck for Umpire; the format is described at the top of\n"
           "# reference/macduff/chance_cards.toml.\n"
        << "format = \"umpire-chance-deck\"\n"
        << "version = " << kChanceDeckVersion << "\n";
    if (!deck.ruleset.empty()) out << "ruleset = " << quote(deck.ruleset) << "\n";
    out << "name = " << quote(deck.name) << "\n"
        << "blanks = " << deck.blanks << "\n";
    for (const auto& c : deck.cards) {
        out << "\n[[card]]\n"
            << "id = " << quote(c.id) << "\n"
            << "title = " << quote(c.title) << "\n"
            << "text = " << quote(c.text) << "\n"
            << "colour = " << quote(c.colour) << "\n"
            << "count = " << c.count << "\n"
            << "rarity = " << quote(c.rarity) << "\n";
        if (!c.action.empty()) out << "action = " << quote(c.action) << "\n";
        if (c.asks != "nothing") out << "asks = " << quote(c.asks) << "\n";
    }
    return out.str();
}

std::optional<ChanceDeck> default_deck(std::string_view ruleset_id) {
    for (std::size_t i = 0; i < embedded::kChanceDeckCount; ++i) {
        const auto& entry = embedded::kChanceDecks[i];
        if (ruleset_id == entry.ruleset)
            return parse_chance_deck(entry.text(), "reference/" + std::string(entry.ruleset) +
                                                       "/chance_cards.toml");
    }
    return std::nullopt;
}

std::optional<ChanceDeck> deck_for_battle(const model::Battle& battle) {
    // A battle's own deck (edited in the app or imported) is kept with it as deck TOML.
    auto own = battle.texts.find(std::string(kBattleDeckText));
    if (own != battle.texts.end())
        return parse_chance_deck(own->second, "the battle's chance deck");
    return default_deck(battle.ruleset);
}

} // namespace umpire::turn
