// Reading a roster: TOML text -> model::Battle. Every refusal is a RosterError pointing at the
// offending key or value (or at the table's header when something is missing), and says what was
// expected, because the person reading it is an umpire editing a text file, not a programmer.
#include "roster/roster.h"
#include "rules/toml_limits.h"

#include "model/names.h"
#include "model/plain_text.h"
#include "roster/quick_toml.h"
#include "roster/roster_tree.h"
#include "roster/toml_text.h"

#include <toml++/toml.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <map>
#include <unordered_map>
#include <sstream>
#include <utility>
#include <vector>

namespace umpire::roster {

using model::lower;
using detail::Node;
using detail::Place;

namespace {

constexpr std::int64_t kFormatVersion = 1;

struct KeySpec {
    std::string_view name;
    bool required;
    std::string_view hint;  // what the value should be, for "missing required key" messages
};

const std::vector<KeySpec> kRootKeys{
    {"format", true, "format = \"umpire-roster\""},
    {"version", true, "version = 1"},
    {"ruleset", true, "the ruleset id, e.g. ruleset = \"macduff\""},
    {"name", true, "the battle's name"},
    {"distance_unit", false, ""},
    {"distance_scale", false, ""},
    {"house_rules", false, ""},
    {"side", true, "one [[side]] table per side"},
};
const std::vector<KeySpec> kSideKeys{
    {"name", true, "the side's name"},
    {"colour", false, ""},
    {"commander", false, ""},
    {"unit", true, "one [[side.unit]] table per unit"},
};
const std::vector<KeySpec> kCommanderKeys{
    {"name", true, "the commander's name"},
    {"general", false, ""},
};
const std::vector<KeySpec> kUnitKeys{
    {"name", true, "the unit's name"},
    {"commander", false, ""},
    {"type", true, "the troop type, e.g. type = \"infantry\""},
    {"quality", true, "e.g. quality = \"average\""},
    {"weapon", true, "e.g. weapon = \"rifle\""},
    {"formed", false, ""},
    {"reserve", false, ""},
    {"figures", true, "a whole number from 1 to 10000"},
    {"current_figures", false, ""},
    {"hit_capacity", false, ""},
    {"traits", false, ""},
    {"hidden", false, ""},
};

std::size_t edit_distance(std::string_view a, std::string_view b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            std::size_t up = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] != b[j - 1])});
            diagonal = up;
        }
    }
    return row[b.size()];
}

// How a value found in the file is quoted back in a message: strings in quotes, so "12a" and
// 12 read differently.
std::string describe(const Node& node) {
    switch (node.kind) {
    case Node::Kind::String: return detail::toml_quote(node.text);
    case Node::Kind::Integer: return std::to_string(node.integer);
    case Node::Kind::Float: return detail::toml_float(node.number);
    case Node::Kind::Boolean: return node.flag ? "true" : "false";
    case Node::Kind::Array: return "an array";
    case Node::Kind::Table: return "a table";
    case Node::Kind::Date: return "a date";
    case Node::Kind::Time: return "a time";
    case Node::Kind::DateTime: return "a date-time";
    }
    return "nothing";
}

int line_of(const Place& at) { return std::max(1, at.line); }
int column_of(const Place& at) { return std::max(1, at.column); }

std::optional<std::string> name_if_string(const Node& table) {
    const Node* node = table.get("name");
    if (node && node->kind == Node::Kind::String) return node->text;
    return std::nullopt;
}

std::string quoted_name(const std::optional<std::string>& name) {
    return name ? " " + detail::toml_quote(*name) : std::string();
}

// Which section of the roster a reader reads, as its messages name it ("side 1, unit 3 \"2nd
// Sikhs\""): the words are made for a message, not for each of a battle's thousands of units.
struct Where {
    int side = 0;           // 0: the roster's top
    std::string_view part;  // "commander", "unit"; empty: the side itself
    int index = 0;
    const Node* table = nullptr;

    std::string text() const {
        if (side == 0) return {};
        std::string words = "side " + std::to_string(side);
        if (!part.empty()) words += ", " + std::string(part) + " " + std::to_string(index);
        return words + quoted_name(name_if_string(*table));
    }
};

// One TOML table being read as a roster section. Knows the keys it allows and where it is.
class Reader {
public:
    Reader(const std::string& file, const Node& table, std::string_view kind, Where where,
           const std::vector<KeySpec>& keys)
        : file_(file), table_(table), kind_(kind), where_(where), keys_(keys) {}

    const Node& table() const { return table_; }
    const Where& where() const { return where_; }

    [[noreturn]] void fail(const Place& at, const std::string& message) const {
        const std::string context = where_.text();
        throw RosterError(file_, line_of(at), column_of(at), context.empty() ? message : context + ": " + message);
    }

    // Where a key's value is, or the table itself when the key is absent.
    const Place& at(std::string_view key) const {
        const Node* node = table_.get(key);
        return node ? node->at : table_.at;
    }

    // Unknown keys first: a misspelt key would otherwise surface as a confusing "missing" one.
    // The first unknown key by name (toml++'s order, so whichever reader made the tree).
    void check_keys() const {
        const Node::Entry* unknown = nullptr;
        for (const Node::Entry& entry : table_.entries) {
            auto known = std::find_if(keys_.begin(), keys_.end(),
                                      [&](const KeySpec& s) { return s.name == entry.key; });
            if (known == keys_.end() && (!unknown || std::string_view(entry.key) < std::string_view(unknown->key)))
                unknown = &entry;
        }
        if (unknown) {
            const std::string& key = unknown->key;
            std::string message = "unknown key '" + key + "' in " +
                                  std::string(kind_) + "; expected one of: ";
            const KeySpec* nearest = nullptr;
            std::size_t best = 3;  // suggest only near misses
            for (std::size_t i = 0; i < keys_.size(); ++i) {
                message += (i ? ", " : "") + std::string(keys_[i].name);
                std::size_t d = edit_distance(lower(key), keys_[i].name);
                if (d < best) best = d, nearest = &keys_[i];
            }
            if (nearest) message += ". Did you mean '" + std::string(nearest->name) + "'?";
            fail(unknown->at, message);
        }
        for (const KeySpec& spec : keys_)
            if (spec.required && !table_.get(spec.name))
                fail(table_.at, "missing required key '" + std::string(spec.name) + "' (" +
                                          std::string(spec.hint) + ")");
    }

    std::optional<std::string> string(std::string_view key, bool nonempty = true, bool text = false) const {
        const Node* node = table_.get(key);
        if (!node) return std::nullopt;
        if (node->kind != Node::Kind::String)
            fail(node->at,
                 std::string(key) + ": expected a string, got " + describe(*node));
        std::string value = node->text;
        if (nonempty && value.find_first_not_of(" \t") == std::string::npos)
            fail(node->at, std::string(key) + " must not be empty");
        // A name goes on screens, terminals and paper: no control characters (an escape sequence
        // would drive the terminal that shows it). Longer texts keep their line breaks.
        refuse_control(node->at, key, value, text);
        return value;
    }

    void refuse_control(const Place& at, std::string_view what, std::string_view value,
                        bool text_with_lines = false) const {
        if (const auto control = model::first_control(value, text_with_lines))
            fail(at, std::string(what) + ": the control character " + model::control_name(value, *control) +
                         " is not allowed (names and texts are plain text)");
    }

    std::optional<bool> boolean(std::string_view key) const {
        const Node* node = table_.get(key);
        if (!node) return std::nullopt;
        if (node->kind != Node::Kind::Boolean)
            fail(node->at,
                 std::string(key) + ": expected true or false, got " + describe(*node));
        return node->flag;
    }

    // A whole number in [lo, hi]; any other value, of any type, gets the same plain message.
    std::optional<std::int64_t> whole(std::string_view key, std::int64_t lo, std::int64_t hi,
                                      std::string_view note = {}) const {
        const Node* node = table_.get(key);
        if (!node) return std::nullopt;
        if (node->kind == Node::Kind::Integer) {
            std::int64_t v = node->integer;
            if (v >= lo && v <= hi) return v;
        }
        fail(node->at, std::string(key) + " must be a whole number from " +
                                 std::to_string(lo) + " to " + std::to_string(hi) +
                                 std::string(note) + ", got " + describe(*node));
    }

private:
    const std::string& file_;
    const Node& table_;
    std::string_view kind_;
    Where where_;
    const std::vector<KeySpec>& keys_;
};

// The [[...]] tables under a key: an array of tables, or nothing when the key is absent.
std::vector<const Node*> tables_at(const Reader& reader, std::string_view key, std::string_view header) {
    std::vector<const Node*> out;
    const Node* node = reader.table().get(key);
    if (!node) return out;
    if (node->kind != Node::Kind::Array)
        reader.fail(node->at, std::string(key) + ": expected " + std::string(header) +
                                  " tables, got " + describe(*node));
    for (const Node& element : node->items) {
        if (!element.is_table())
            reader.fail(element.at, std::string(key) + ": expected " + std::string(header) +
                                        " tables, got " + describe(element));
        out.push_back(&element);
    }
    return out;
}

struct Seen {
    std::string context;
    int line = 0;
};

// A name taken, by whom (for the message if it is taken again).
struct Claimed {
    Where where;
    int line = 0;
};

class RosterParser {
public:
    RosterParser(const std::string& file, const ValueChecker& check, const UnitChecker& check_unit,
                 const ChecksForHeader* checks_for = nullptr)
        : file_(file), check_(check), check_unit_(check_unit), checks_for_(checks_for) {}

    model::Battle parse(const Node& root) {
        Reader reader(file_, root, "the roster", Where{}, kRootKeys);
        reader.check_keys();
        read_header(reader);
        if (checks_for_) {
            RosterChecks checks = (*checks_for_)(battle_);
            check_ = std::move(checks.value);
            check_unit_ = std::move(checks.unit);
        }
        auto sides = tables_at(reader, "side", "[[side]]");
        if (sides.size() < 2)
            reader.fail(sides.empty() ? reader.at("side") : sides.front()->at,
                        "a battle needs at least two [[side]] tables, found " +
                            std::to_string(sides.size()));
        for (std::size_t i = 0; i < sides.size(); ++i) read_side(*sides[i], static_cast<int>(i) + 1);
        return std::move(battle_);
    }

private:
    void read_header(const Reader& reader) {
        std::string format = *reader.string("format");
        if (format != "umpire-roster")
            reader.fail(reader.at("format"),
                        "format must be \"umpire-roster\" (is this an Umpire roster?), got " +
                            detail::toml_quote(format));
        const Node* version = reader.table().get("version");
        if (version->kind != Node::Kind::Integer)
            reader.fail(version->at, "version: expected an integer, got " + describe(*version));
        std::int64_t v = version->integer;
        if (v > kFormatVersion)
            reader.fail(version->at,
                        "version " + std::to_string(v) +
                            " is a newer roster format than this build of Umpire reads (up to " +
                            std::to_string(kFormatVersion) + "); update Umpire to load it");
        if (v < 1) reader.fail(version->at, "version must be 1, got " + std::to_string(v));

        battle_.ruleset = *reader.string("ruleset");
        battle_.name = *reader.string("name");
        if (auto unit = reader.string("distance_unit")) {
            // "squares" and "hexes": a battle on a grid of areas (rules/grid.h); the ruleset
            // says which units it is played in when the battle is created.
            if (*unit != "in" && *unit != "cm" && *unit != "squares" && *unit != "hexes")
                reader.fail(reader.at("distance_unit"),
                            "distance_unit must be \"in\" or \"cm\" (on a grid: \"squares\" or \"hexes\"), got " +
                                detail::toml_quote(*unit));
            battle_.distance_unit = *unit;
        }
        if (const Node* scale = reader.table().get("distance_scale")) {
            std::optional<double> value;
            if (scale->kind == Node::Kind::Float) value = scale->number;
            if (scale->kind == Node::Kind::Integer) value = static_cast<double>(scale->integer);
            if (!value || !(*value > 0) || *value > 1e6)
                reader.fail(scale->at,
                            "distance_scale must be a number greater than 0 (1.0 = as the rules "
                            "say), got " + describe(*scale));
            battle_.distance_scale = *value;
        }
        if (auto house = reader.string("house_rules", false, true)) battle_.house_rules = *house;
    }

    void read_side(const Node& table, int index) {
        Reader reader(file_, table, "side", Where{index, {}, 0, &table}, kSideKeys);
        reader.check_keys();

        model::Side side;
        side.id = index;
        side.name = *reader.string("name");
        if (auto colour = reader.string("colour")) side.colour = *colour;
        claim_name(side_names_, reader, "side", side.name);
        battle_.sides.push_back(side);

        // This side's commanders by lower-case name, for the units' `commander` references.
        std::map<std::string, int> commanders;
        std::optional<Seen> general;
        auto commander_tables = tables_at(reader, "commander", "[[side.commander]]");
        for (std::size_t i = 0; i < commander_tables.size(); ++i) {
            model::Commander c = read_commander(*commander_tables[i], side, index,
                                                static_cast<int>(i) + 1, general);
            commanders[lower(c.name)] = c.id;
            battle_.commanders.push_back(std::move(c));
        }

        auto unit_tables = tables_at(reader, "unit", "[[side.unit]]");
        if (unit_tables.empty())
            reader.fail(reader.at("unit"), "has no units; add at least one [[side.unit]] table");
        for (std::size_t i = 0; i < unit_tables.size(); ++i)
            battle_.units.push_back(read_unit(*unit_tables[i], side, index,
                                              static_cast<int>(i) + 1, commanders));
    }

    model::Commander read_commander(const Node& table, const model::Side& side,
                                    int side_index, int index, std::optional<Seen>& general) {
        Reader reader(file_, table, "commander", Where{side_index, "commander", index, &table}, kCommanderKeys);
        reader.check_keys();

        model::Commander c;
        c.id = static_cast<int>(battle_.commanders.size()) + 1;
        c.name = *reader.string("name");
        c.side = side.id;
        c.is_general = reader.boolean("general").value_or(false);
        claim_name(commander_names_, reader, "commander", c.name);
        if (c.is_general) {
            if (general)
                reader.fail(reader.at("general"),
                            "a side has at most one general, and " + general->context +
                                " (line " + std::to_string(general->line) + ") already is");
            general = Seen{detail::toml_quote(c.name), line_of(reader.at("general"))};
        }
        return c;
    }

    model::Unit read_unit(const Node& table, const model::Side& side, int side_index,
                          int index, const std::map<std::string, int>& commanders) {
        Reader reader(file_, table, "unit", Where{side_index, "unit", index, &table}, kUnitKeys);
        reader.check_keys();

        model::Unit u;
        u.id = static_cast<int>(battle_.units.size()) + 1;
        u.side = side.id;
        u.name = *reader.string("name");
        claim_name(unit_names_, reader, "unit", u.name);
        if (auto name = reader.string("commander")) {
            auto it = commanders.find(lower(*name));
            if (it == commanders.end())
                reader.fail(reader.at("commander"), unknown_commander(*name, side, commanders));
            u.commander = it->second;
        }
        u.troop_type = checked(reader, "type");
        u.quality = checked(reader, "quality");
        u.weapon = checked(reader, "weapon");
        u.formed = reader.boolean("formed").value_or(true);
        // A spare unit on hand, off the table until it arrives (a chance card brings it on).
        if (reader.boolean("reserve").value_or(false)) u.set(model::Flag::Reserve, true);
        // Hidden from the other side's page (the umpire's counters and dummies) until revealed.
        if (reader.boolean("hidden").value_or(false)) u.set(model::Flag::Hidden, true);
        u.start_figures = static_cast<int>(*reader.whole("figures", 1, kMaxFigures));
        u.figures = static_cast<int>(
            reader.whole("current_figures", 0, u.start_figures, " (at most `figures`)")
                .value_or(u.start_figures));
        u.hit_capacity = static_cast<int>(reader.whole("hit_capacity", 0, kMaxFigures).value_or(0));
        read_traits(reader, u);
        // What the side may field, against the units before it: the refusal points at its type.
        if (check_unit_)
            if (auto why = check_unit_(battle_, u)) reader.fail(reader.at("type"), *why);
        return u;
    }

    // type / quality / weapon: a non-empty string the ruleset knows, when a checker is given.
    std::string checked(const Reader& reader, std::string_view field) {
        std::string value = *reader.string(field);
        if (check_) {
            if (auto expected = check_(field, value))
                reader.fail(reader.at(field), "unknown " + std::string(field) + " " +
                                                  detail::toml_quote(value) + "; expected " +
                                                  *expected);
        }
        return value;
    }

    // traits = ["skirmishers", "irregular"], or a table of named values for traits that carry one.
    void read_traits(const Reader& reader, model::Unit& u) {
        const Node* node = reader.table().get("traits");
        if (!node) return;
        auto add = [&](const Place& at, const std::string& trait, std::string value) {
            if (trait.empty()) reader.fail(at, "traits: a trait name must not be empty");
            reader.refuse_control(at, "traits", trait);
            reader.refuse_control(at, "traits." + trait, value);
            if (check_)
                if (auto expected = check_("trait", trait))
                    reader.fail(at, "unknown trait " + detail::toml_quote(trait) + "; expected " +
                                        *expected);
            if (!u.traits.emplace(trait, std::move(value)).second)
                reader.fail(at, "traits: " + detail::toml_quote(trait) + " is listed twice");
        };
        if (node->kind == Node::Kind::Array) {
            for (const Node& element : node->items) {
                if (element.kind != Node::Kind::String)
                    reader.fail(element.at, "traits: expected a string such as "
                                            "\"skirmishers\", got " + describe(element));
                add(element.at, element.text, "");
            }
        } else if (node->is_table()) {
            for (const Node::Entry* entry : detail::sorted_entries(*node)) {
                if (entry->value.kind != Node::Kind::String)
                    reader.fail(entry->value.at, "traits." + entry->key + ": expected a string, got " +
                                                     describe(entry->value));
                add(entry->at, entry->key, entry->value.text);
            }
        } else {
            reader.fail(node->at, "traits: expected a list of strings such as "
                                        "[\"skirmishers\"], got " + describe(*node));
        }
    }

    std::string unknown_commander(const std::string& name, const model::Side& side,
                                  const std::map<std::string, int>& commanders) const {
        std::string message = "commander " + detail::toml_quote(name) +
                              " is not a commander of side " + std::to_string(side.id) + " " +
                              detail::toml_quote(side.name);
        if (commanders.empty())
            return message + "; it has no [[side.commander]] tables";
        message += "; expected one of: ";
        bool first = true;
        for (const auto& c : battle_.commanders) {
            if (c.side != side.id) continue;
            message += (first ? "" : ", ") + detail::toml_quote(c.name);
            first = false;
        }
        return message;
    }

    // Names are unique across the battle, ignoring case, since the CLI finds units that way.
    void claim_name(std::unordered_map<std::string, Claimed>& seen, const Reader& reader, std::string_view kind,
                    const std::string& name) {
        auto [it, fresh] = seen.emplace(lower(name), Claimed{reader.where(), line_of(reader.at("name"))});
        if (!fresh)
            reader.fail(reader.at("name"), "duplicate " + std::string(kind) + " name " +
                                               detail::toml_quote(name) + "; " + it->second.where.text() +
                                               " on line " + std::to_string(it->second.line) +
                                               " has the same name");
    }

    const std::string& file_;
    ValueChecker check_;
    UnitChecker check_unit_;
    const ChecksForHeader* checks_for_;
    model::Battle battle_;
    std::unordered_map<std::string, Claimed> side_names_, commander_names_, unit_names_;
};

} // namespace

namespace {

// The roster's tree: read quickly when the text is in the part of TOML rosters are written in
// (and so inside the bounds), else (and for every error in the TOML) by toml++.
Node parse_toml(std::string_view text, const std::string& source_name) {
    if (std::optional<Node> quick = detail::quick_toml(text)) return std::move(*quick);
    if (const auto breach = rules::toml_limit_breach(text))
        throw RosterError(source_name, breach->line, breach->column, "not read: " + breach->message);
    try {
        return detail::tree_of(toml::parse(text, source_name));
    } catch (const toml::parse_error& e) {
        throw RosterError(source_name, line_of(detail::place_of(e.source())), column_of(detail::place_of(e.source())),
                          "TOML syntax error: " + std::string(e.description()));
    }
}

std::string read_roster_text(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw RosterError(path, 0, 0, "cannot read the roster: " + std::string(std::strerror(errno)));
    std::ostringstream text;
    text << in.rdbuf();
    if (in.bad()) throw RosterError(path, 0, 0, "cannot read the roster: read error");
    return text.str();
}

} // namespace

model::Battle parse_roster(std::string_view text, const std::string& source_name,
                           const ValueChecker& check, const UnitChecker& check_unit) {
    const Node root = parse_toml(text, source_name);
    return RosterParser(source_name, check, check_unit).parse(root);
}

model::Battle load_roster_file(const std::string& path, const ValueChecker& check, const UnitChecker& check_unit) {
    return parse_roster(read_roster_text(path), path, check, check_unit);
}

model::Battle parse_roster_checked(std::string_view text, const std::string& source_name,
                                   const ChecksForHeader& checks_for) {
    const Node root = parse_toml(text, source_name);
    return RosterParser(source_name, {}, {}, &checks_for).parse(root);
}

model::Battle load_roster_file_checked(const std::string& path, const ChecksForHeader& checks_for) {
    return parse_roster_checked(read_roster_text(path), path, checks_for);
}

} // namespace umpire::roster
