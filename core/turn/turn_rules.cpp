#include "turn/turn_rules.h"

#include "model/unit.h"
#include "kit/table_reader.h"
#include "rules/reference.h"

#include <toml++/toml.h>

#include <algorithm>
#include <memory>
#include <stdexcept>

namespace umpire::turn {

namespace {

class Reader {
public:
    explicit Reader(std::string source) : source_(std::move(source)) {}

    [[noreturn]] void fail(const std::string& where, const std::string& what) const {
        throw std::runtime_error(source_ + ": [" + where + "] " + what);
    }

    const toml::table& table(const toml::table& in, const char* key, const std::string& where) const {
        const toml::table* t = in[key].as_table();
        if (!t) fail(where, std::string("needs a table '") + key + "'");
        return *t;
    }
    std::string text(const toml::table& in, const char* key, const std::string& where,
                     std::optional<std::string> fallback = std::nullopt) const {
        if (auto v = in[key].value<std::string>()) return *v;
        if (fallback) return *fallback;
        fail(where, std::string("needs a text '") + key + "'");
    }
    int number(const toml::table& in, const char* key, const std::string& where, int fallback) const {
        if (!in.contains(key)) return fallback;
        auto v = in[key].value<std::int64_t>();
        if (!v) fail(where, std::string("'") + key + "' must be a whole number");
        return static_cast<int>(*v);
    }
    std::vector<std::string> texts(const toml::table& in, const char* key, const std::string& where) const {
        std::vector<std::string> out;
        if (!in.contains(key)) return out;
        const toml::array* a = in[key].as_array();
        if (!a) fail(where, std::string("'") + key + "' must be a list of texts");
        for (const auto& item : *a) {
            auto v = item.value<std::string>();
            if (!v) fail(where, std::string("'") + key + "' must be a list of texts");
            out.push_back(*v);
        }
        return out;
    }

private:
    std::string source_;
};

PhaseKind kind_from(const Reader& r, const std::string& id, const std::string& where) {
    for (PhaseKind k : {PhaseKind::Wind, PhaseKind::Activation, PhaseKind::MoveOrder,
                        PhaseKind::Moves, PhaseKind::Resolve, PhaseKind::Side, PhaseKind::Rally, PhaseKind::SideMoves})
        if (phase_kind_id(k) == id) return k;
    r.fail(where, "unknown phase kind \"" + id + "\" (wind, activation, move-order, moves, resolve, side, rally, side-moves)");
}

OrderRules order_rules(const Reader& r, const toml::table& t, const std::string& where) {
    OrderRules o;
    o.citation = r.text(t, "citation", where, "");
    o.die = r.number(t, "die", where, 6);
    o.observation_bonus = r.number(t, "observation_bonus", where, 0);
    o.name = r.text(t, "name", where, "");
    o.text = r.text(t, "text", where, "");
    const std::string tie = r.text(t, "tie", where, "reroll");
    if (tie != "repeat" && tie != "reroll") r.fail(where, "'tie' must be \"repeat\" or \"reroll\"");
    // A first turn has no previous order to repeat: its tie is always rolled again (R46).
    if (r.text(t, "first_turn_tie", where, "reroll") != "reroll")
        r.fail(where, "'first_turn_tie' can only be \"reroll\" (turn 1 has no previous order)");
    o.tie_repeats_previous = tie == "repeat";
    o.observer_types = r.texts(t, "observer_types", where);
    o.observation_text = r.text(t, "observation", where, "");
    const std::string decided = r.text(t, "decided", where, "each turn");
    if (decided != "each turn" && decided != "once")
        r.fail(where, "'decided' must be \"each turn\" or \"once\" (IGO-UGO: at the start of the battle)");
    o.once = decided == "once";
    o.may_name_first = t["may_name_first"].value_or(false);
    return o;
}

PlaceRule place_rule(const Reader& r, const toml::node& node, const TurnRules& turn) {
    const toml::table* t = node.as_table();
    if (!t) r.fail("turn.places", "each place must be a table");
    PlaceRule place;
    place.actions = r.texts(*t, "actions", "turn.places");
    if (place.actions.empty()) r.fail("turn.places", "a place names at least one action");
    const std::string where = "turn.places " + place.actions.front();
    for (const auto& id : r.texts(*t, "phases", where)) {
        const int index = turn.phase_index(id);
        if (index < 0) r.fail(where, "\"" + id + "\" is not a phase of [[turn.phases]]");
        place.phases.push_back(index);
    }
    const std::string by = r.text(*t, "by", where, "acting");
    if (by != "acting" && by != "either" && by != "reaction")
        r.fail(where, "'by' must be \"acting\", \"either\" or \"reaction\", not \"" + by + "\"");
    place.by = by == "acting" ? PlaceBy::Acting : by == "either" ? PlaceBy::Either : PlaceBy::Reaction;
    place.when = r.text(*t, "when", where, "");
    place.stamp = r.text(*t, "stamp", where, "");
    place.to = r.texts(*t, "to", where);
    const std::string reactor = r.text(*t, "reactor", where, "target");
    if (reactor != "target" && reactor != "near") r.fail(where, "'reactor' must be \"target\" or \"near\"");
    place.near = reactor == "near";
    if (place.by == PlaceBy::Reaction && place.to.empty())
        r.fail(where, "a reaction names what it answers: 'to'");
    if (place.by != PlaceBy::Reaction && (!place.to.empty() || t->contains("reactor")))
        r.fail(where, "'to' and 'reactor' are for by = \"reaction\"");
    place.text = r.text(*t, "text", where);
    place.citation = r.text(*t, "citation", where);
    return place;
}

} // namespace

std::string_view phase_kind_id(PhaseKind kind) {
    switch (kind) {
    case PhaseKind::Wind: return "wind";
    case PhaseKind::Activation: return "activation";
    case PhaseKind::MoveOrder: return "move-order";
    case PhaseKind::Moves: return "moves";
    case PhaseKind::Resolve: return "resolve";
    case PhaseKind::Side: return "side";
    case PhaseKind::Rally: return "rally";
    case PhaseKind::SideMoves: return "side-moves";
    }
    return "resolve";
}

const WindRow* WindRules::row_for(int roll) const {
    for (const auto& row : rows)
        for (int r : row.rolls)
            if (r == roll) return &row;
    return nullptr;
}

int TurnRules::phase_index(std::string_view id) const {
    for (std::size_t i = 0; i < phases.size(); ++i)
        if (phases[i].id == id) return static_cast<int>(i);
    return -1;
}

TurnRules parse_turn_rules(std::string_view reference_toml, const std::string& source_name) {
    Reader r(source_name);
    std::shared_ptr<const toml::table> parsed;
    try {
        parsed = rules::parse_toml_once(reference_toml, source_name);  // the ruleset's own parse
    } catch (const toml::parse_error& e) {
        throw std::runtime_error(source_name + ": " + std::string(e.description()));
    }
    const toml::table& doc = *parsed;
    const toml::table& turn = r.table(doc, "turn", "top");
    TurnRules out;
    out.citation = r.text(turn, "citation", "turn", "");
    out.never_move = r.texts(turn, "never_move", "turn");
    const toml::array* phases = turn["phases"].as_array();
    if (!phases || phases->empty()) r.fail("turn", "needs at least one [[turn.phases]]");
    for (const auto& node : *phases) {
        const toml::table* p = node.as_table();
        if (!p) r.fail("turn.phases", "each phase must be a table");
        PhaseRule phase;
        phase.id = r.text(*p, "id", "turn.phases");
        const std::string where = "turn.phases " + phase.id;
        phase.name = r.text(*p, "name", where);
        phase.kind = kind_from(r, r.text(*p, "kind", where), where);
        phase.text = r.text(*p, "text", where, "");
        phase.citation = r.text(*p, "citation", where, "");
        phase.resets = r.texts(*p, "resets", where);
        const std::string player = r.text(*p, "player", where, "");
        if (!player.empty() && player != "first" && player != "second")
            r.fail(where, "'player' must be \"first\" or \"second\"");
        phase.player = player == "first" ? 1 : player == "second" ? 2 : 0;
        if (phase.kind == PhaseKind::Side && phase.player == 0)
            r.fail(where, "a side phase needs 'player' = \"first\" or \"second\"");
        phase.chance = (*p)["chance"].value_or(false);
        if (phase.chance && phase.player == 0) r.fail(where, "'chance' needs the phase's 'player'");
        if (phase.kind == PhaseKind::Side) phase.todo = r.text(*p, "todo", where, phase.todo);
        if (phase.kind == PhaseKind::Rally) {
            phase.marker = r.text(*p, "marker", where, phase.marker);
            if (!model::flag_from_id(phase.marker)) r.fail(where, "'marker' must be a unit flag, not \"" + phase.marker + "\"");
        }
        if (phase.kind == PhaseKind::SideMoves) {
            phase.lists = r.text(*p, "lists", where, phase.lists);
            if (phase.lists != "unmoved" && phase.lists != "none") r.fail(where, "'lists' must be \"unmoved\" or \"none\"");
            if (const auto* choose = (*p)["choose_first"].as_boolean()) phase.choose_first = choose->get();
            else if (p->contains("choose_first")) r.fail(where, "'choose_first' must be true or false");
        }
        if (p->contains("actions"))
            r.fail(where, "a phase's actions are given by [[turn.places]] (an action's phases, its side)");
        out.phases.push_back(std::move(phase));
    }
    if (const toml::array* places = turn["places"].as_array())
        for (const auto& node : *places) out.places.push_back(place_rule(r, node, out));
    for (std::size_t i = 0; i < out.phases.size(); ++i)
        for (const PlaceRule& place : out.places)
            if (place.phases.empty() ||
                std::find(place.phases.begin(), place.phases.end(), static_cast<int>(i)) != place.phases.end())
                for (const auto& a : place.actions)
                    if (std::find(out.phases[i].actions.begin(), out.phases[i].actions.end(), a) ==
                        out.phases[i].actions.end())
                        out.phases[i].actions.push_back(a);
    if (const toml::table* d = turn["deck"].as_table()) {
        DeckRules deck;
        deck.citation = r.text(*d, "citation", "turn.deck", "");
        deck.cards_per_commander = r.number(*d, "cards_per_commander", "turn.deck", 1);
        if (deck.cards_per_commander < 1) r.fail("turn.deck", "'cards_per_commander' must be 1 or more");
        // The engine builds and shuffles the deck anew each turn; a table asking for anything
        // else is refused rather than silently played another way.
        if (r.text(*d, "reshuffle", "turn.deck", "each turn") != "each turn")
            r.fail("turn.deck", "'reshuffle' can only be \"each turn\"");
        deck.joker_with_chance_cards = r.number(*d, "joker_with_chance_cards", "turn.deck", 1);
        deck.observation_cards = r.number(*d, "observation_cards", "turn.deck", 0);
        deck.observation_citation = r.text(*d, "observation_citation", "turn.deck", "");
        out.deck = deck;
    }
    if (const toml::table* i = turn["initiative"].as_table())
        out.initiative = order_rules(r, *i, "turn.initiative");
    if (const toml::table* m = turn["move_order"].as_table())
        out.move_order = order_rules(r, *m, "turn.move_order");
    if (const toml::table* c = turn["chance"].as_table()) {
        out.chance_citation = r.text(*c, "citation", "turn.chance", "");
        out.blanks_at_least = r.number(*c, "blanks_at_least", "turn.chance", 1);
        if (out.blanks_at_least < 0) r.fail("turn.chance", "'blanks_at_least' must be 0 or more");
        const std::string drawn = r.text(*c, "drawn", "turn.chance", "joker");
        if (drawn != "joker" && drawn != "after-order")
            r.fail("turn.chance", "'drawn' must be \"joker\" (the activation deck) or \"after-order\" (the first player, after the order roll)");
        out.chance_after_order = drawn == "after-order";
    }
    if (const toml::table* w = turn["wind"].as_table()) {
        WindRules wind;
        wind.citation = r.text(*w, "citation", "turn.wind", "");
        wind.die = r.number(*w, "die", "turn.wind", 6);
        wind.strengths = r.texts(*w, "strengths", "turn.wind");
        if (wind.strengths.empty()) r.fail("turn.wind", "needs 'strengths'");
        const toml::array* rows = (*w)["rows"].as_array();
        if (!rows) r.fail("turn.wind", "needs 'rows'");
        for (const auto& node : *rows) {
            const toml::table* row = node.as_table();
            if (!row) r.fail("turn.wind", "each row must be a table");
            WindRow wr;
            if (const toml::array* rolls = (*row)["rolls"].as_array())
                for (const auto& v : *rolls) wr.rolls.push_back(static_cast<int>(v.value<std::int64_t>().value_or(0)));
            wr.change = r.text(*row, "change", "turn.wind");
            if (wr.change != "calm-or-rise" && wr.change != "left" && wr.change != "right" && wr.change != "none")
                r.fail("turn.wind", "unknown change \"" + wr.change + "\" (calm-or-rise, left, right, none)");
            wr.text = r.text(*row, "text", "turn.wind", "");
            wind.rows.push_back(std::move(wr));
        }
        for (int roll = 1; roll <= wind.die; ++roll)
            if (!wind.row_for(roll)) r.fail("turn.wind", "no row for a roll of " + std::to_string(roll));
        out.wind = wind;
    }
    if (const toml::table* a = turn["army_retreat"].as_table()) {
        ArmyRetreatRules army;
        army.citation = r.text(*a, "citation", "turn.army_retreat", "");
        army.text = r.text(*a, "text", "turn.army_retreat", "must retreat");
        army.lost_markers = r.texts(*a, "lost_markers", "turn.army_retreat");
        if (const toml::array* f = (*a)["lost_more_than"].as_array()) {
            auto n = f->size() == 2 ? (*f)[0].value<std::int64_t>() : std::nullopt;
            auto d = f->size() == 2 ? (*f)[1].value<std::int64_t>() : std::nullopt;
            if (!n || !d || *n < 0 || *d < 1 || *n > *d)
                r.fail("turn.army_retreat", "'lost_more_than' must be [numerator, denominator], e.g. [1, 2]");
            army.lost_more_than = {static_cast<int>(*n), static_cast<int>(*d)};
        }
        out.army_retreat = army;
    }
    {
        const kit::Reference reference{std::string(reference_toml), parsed, doc, source_name};
        out.obligations = kit::read_obligations(kit::TableReader(doc, "", reference),
                                                [](const std::string& section) { return section; });
    }
    for (const auto& phase : out.phases) {
        if (phase.player != 0 && phase.kind != PhaseKind::Side && !out.move_order)
            r.fail("turn", "a phase of the first or second player needs [turn.move_order] to say who they are");
        if (phase.kind == PhaseKind::Activation && !out.deck && !out.initiative)
            r.fail("turn", "an activation phase needs [turn.deck] or [turn.initiative]");
        if ((phase.kind == PhaseKind::MoveOrder || phase.kind == PhaseKind::SideMoves) && !out.move_order)
            r.fail("turn", "a move-order or side-moves phase needs [turn.move_order]");
        if (phase.kind == PhaseKind::Wind && !out.wind) r.fail("turn", "a wind phase needs [turn.wind]");
        if (phase.kind == PhaseKind::Side && !out.move_order)
            r.fail("turn", "a side phase needs [turn.move_order] (who is first and second)");
    }
    return out;
}

TurnRules turn_rules(const rules::Ruleset& ruleset) {
    TurnRules rules = parse_turn_rules(ruleset.reference_toml(), std::string(ruleset.id()) + " reference");
    rules.ruleset = &ruleset;
    return rules;
}

} // namespace umpire::turn
