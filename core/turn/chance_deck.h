#pragma once
// Chance decks: the cards a ruleset's optional chance rules draw from (MacDuff: one set per
// side's colour, shuffled with blanks). One TOML format serves the ruleset's default deck
// (reference/<id>/chance_cards.toml, embedded), a deck file given on the command line, and,
// later, a battle's own deck. The format is documented at the top of
// reference/macduff/chance_cards.toml. Loading errors name the file, line and column.
#include "model/battle.h"

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace umpire::turn {

struct ChanceCard {
    std::string id;       // stable, unique within its colour
    std::string title;
    std::string text;
    std::string colour;   // "red" or "black"
    int count = 1;        // copies in the set
    std::string rarity = "common";  // "common", "uncommon", "rare": a note, not the odds
    std::string action;   // the ruleset action that resolves it with dice ("sniper"); may be empty
    std::string asks = "nothing";  // "nothing", "own-unit", "enemy-unit", "any-unit": whom it names
};

struct ChanceDeck {
    std::string name;
    std::string ruleset;  // may be empty
    int blanks = 0;       // blank cards shuffled in with each colour's set
    std::vector<ChanceCard> cards;  // in file order

    // The colours used, in order of first appearance ("red", "black").
    std::vector<std::string> colours() const;
    // Cards in one colour's set counting copies (count), without blanks.
    int copies(std::string_view colour) const;
};

bool operator==(const ChanceCard& a, const ChanceCard& b);
bool operator==(const ChanceDeck& a, const ChanceDeck& b);

class DeckError : public std::runtime_error {
public:
    DeckError(std::string file, int line, int column, std::string message);
    const std::string& file() const { return file_; }
    int line() const { return line_; }
    int column() const { return column_; }
    const std::string& message() const { return message_; }

private:
    std::string file_;
    int line_;
    int column_;
    std::string message_;
};

inline constexpr int kChanceDeckVersion = 1;

// Parses deck TOML; `source_name` names the file in errors ("deck.toml:12:8: ...").
ChanceDeck parse_chance_deck(std::string_view text, const std::string& source_name);
ChanceDeck load_chance_deck_file(const std::string& path);
// Deck TOML that parse_chance_deck reads back to an equal deck.
std::string write_chance_deck(const ChanceDeck& deck);

// The ruleset's default deck (reference/<id>/chance_cards.toml, embedded at build time), or
// nullopt when the ruleset has none.
std::optional<ChanceDeck> default_deck(std::string_view ruleset_id);

// The key in Battle::texts of a battle's own deck (deck TOML).
inline constexpr std::string_view kBattleDeckText = "chance-deck";

// The deck a battle plays with: its own (edited or imported, kept in the battle file), else its
// ruleset's default deck; nullopt if neither.
std::optional<ChanceDeck> deck_for_battle(const model::Battle& battle);

} // namespace umpire::turn
