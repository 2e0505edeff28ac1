#include "model/battle.h"

#include "model/names.h"

#include <algorithm>
#include <cctype>
#include <stdexcept>
#include <string>

namespace umpire::model {

namespace {

std::string describe(const Effect& e) {
    return std::string(entity_id(e.entity)) + " " + std::to_string(e.id) + " " + e.field;
}

} // namespace

std::string_view commander_status_id(CommanderStatus status) {
    switch (status) {
    case CommanderStatus::Active: return "active";
    case CommanderStatus::Wounded: return "wounded";
    case CommanderStatus::Captured: return "captured";
    case CommanderStatus::Killed: return "killed";
    }
    return "unknown";
}

std::optional<CommanderStatus> commander_status_from_id(std::string_view id) {
    for (auto s : {CommanderStatus::Active, CommanderStatus::Wounded, CommanderStatus::Captured,
                   CommanderStatus::Killed})
        if (commander_status_id(s) == id) return s;
    return std::nullopt;
}

const Unit* Battle::unit(int id) const {
    // Ids are handed out 1, 2, 3... in roster order, so a unit is nearly always at id - 1; a
    // battle edited since (a unit added or removed) falls back to the search.
    if (id >= 1 && static_cast<std::size_t>(id) <= units.size() && units[static_cast<std::size_t>(id) - 1].id == id)
        return &units[static_cast<std::size_t>(id) - 1];
    for (const auto& u : units)
        if (u.id == id) return &u;
    return nullptr;
}

Unit* Battle::unit(int id) {
    return const_cast<Unit*>(static_cast<const Battle*>(this)->unit(id));
}

const Unit* Battle::find_unit(std::string_view wanted) const {
    for (const auto& u : units)
        if (iequals(u.name, wanted)) return &u;
    const Unit* found = nullptr;
    for (const auto& u : units) {
        if (!istarts_with(u.name, wanted)) continue;
        if (found) return nullptr;  // ambiguous prefix
        found = &u;
    }
    return found;
}

const Commander* Battle::commander(int id) const {
    if (id >= 1 && static_cast<std::size_t>(id) <= commanders.size() &&
        commanders[static_cast<std::size_t>(id) - 1].id == id)
        return &commanders[static_cast<std::size_t>(id) - 1];  // as units: ids in roster order
    for (const auto& c : commanders)
        if (c.id == id) return &c;
    return nullptr;
}

Commander* Battle::commander(int id) {
    return const_cast<Commander*>(static_cast<const Battle*>(this)->commander(id));
}

const Side* Battle::side(int id) const {
    for (const auto& s : sides)
        if (s.id == id) return &s;
    return nullptr;
}

Side* Battle::side(int id) {
    return const_cast<Side*>(static_cast<const Battle*>(this)->side(id));
}

const Commander* Battle::joined_commander(int unit_id) const {
    for (const auto& c : commanders)
        if (c.status == CommanderStatus::Active && c.attached_unit == unit_id) return &c;
    return nullptr;
}

namespace {

// A unit's place in the roster (1-based; 0 when it is not in the battle), and, given `write`,
// the unit created at or removed from that place. See model/effect.h.
std::int64_t roster_place(Battle& battle, const Effect& e, const std::int64_t* write) {
    auto bad = [&](const std::string& what) {
        return std::logic_error(what + ": " + describe(e));
    };
    if (!e.unit) throw bad("a unit is created or removed only with its data");
    if (e.unit->id != e.id) throw bad("the unit carried has id " + std::to_string(e.unit->id));
    auto it = std::find_if(battle.units.begin(), battle.units.end(),
                           [&](const Unit& u) { return u.id == e.id; });
    const std::int64_t now = it == battle.units.end() ? 0 : (it - battle.units.begin()) + 1;
    if (!write || *write == now) return now;
    if (now == 0) {
        if (*write < 1 || *write > static_cast<std::int64_t>(battle.units.size()) + 1)
            throw bad("no place " + std::to_string(*write) + " in a roster of " +
                      std::to_string(battle.units.size()) + " units");
        battle.units.insert(battle.units.begin() + (*write - 1), *e.unit);
        return now;
    }
    if (*write != 0) throw bad("a unit is created or removed, never moved");
    // Removing: only the unit as recorded, so a stale journal cannot drop a changed unit.
    if (!same_unit(*it, *e.unit)) throw bad("the unit differs from the one recorded");
    battle.units.erase(it);
    return now;
}

// The one place that knows how an effect's field maps onto the model: reads the current value
// and, given `write`, stores a new one. Throws std::logic_error for an unknown entity or field.
std::int64_t access(Battle& battle, const Effect& e, const std::int64_t* write) {
    auto bad = [&](const char* what) {
        return std::logic_error(std::string(what) + ": " + describe(e));
    };
    auto rw_int = [&](int& slot) -> std::int64_t {
        std::int64_t old = slot;
        if (write) slot = static_cast<int>(*write);
        return old;
    };
    auto rw_bool = [&](bool& slot) -> std::int64_t {
        std::int64_t old = slot ? 1 : 0;
        if (write) slot = *write != 0;
        return old;
    };
    auto rw_counter = [&](std::map<std::string, int>& counters) -> std::int64_t {
        std::string key = e.field.substr(8);
        auto it = counters.find(key);
        std::int64_t old = it == counters.end() ? 0 : it->second;
        if (write) {
            if (*write == 0)
                counters.erase(key);
            else
                counters[key] = static_cast<int>(*write);
        }
        return old;
    };
    const bool is_counter = e.field.rfind("counter:", 0) == 0;
    switch (e.entity) {
    case Entity::Unit: {
        if (e.field == kRosterPlace) return roster_place(battle, e, write);
        Unit* u = battle.unit(e.id);
        if (!u) throw bad("no such unit");
        if (e.field == "figures") return rw_int(u->figures);
        if (e.field == "start-figures") return rw_int(u->start_figures);
        if (e.field == "hits") return rw_int(u->hits);
        if (e.field == "formed") return rw_bool(u->formed);
        if (e.field == "commander") {
            std::int64_t old = u->commander ? *u->commander : -1;
            if (write) {
                if (*write >= 0 && !battle.commander(static_cast<int>(*write)))
                    throw bad("no such commander");
                if (*write < 0)
                    u->commander.reset();
                else
                    u->commander = static_cast<int>(*write);
            }
            return old;
        }
        if (e.field.rfind("flag:", 0) == 0) {
            auto flag = flag_from_id(std::string_view(e.field).substr(5));
            if (!flag) throw bad("unknown flag");
            std::int64_t old = u->has(*flag) ? 1 : 0;
            if (write) u->set(*flag, *write != 0);
            return old;
        }
        if (is_counter) return rw_counter(u->counters);
        throw bad("unknown unit field");
    }
    case Entity::Commander: {
        Commander* c = battle.commander(e.id);
        if (!c) throw bad("no such commander");
        if (e.field == "status") {
            std::int64_t old = static_cast<std::int64_t>(c->status);
            if (write) {
                if (*write < 0 || *write > static_cast<std::int64_t>(CommanderStatus::Killed))
                    throw bad("status out of range");
                c->status = static_cast<CommanderStatus>(*write);
            }
            return old;
        }
        if (e.field == "attached-unit") {
            std::int64_t old = c->attached_unit ? *c->attached_unit : -1;
            if (write) {
                if (*write < 0)
                    c->attached_unit.reset();
                else
                    c->attached_unit = static_cast<int>(*write);
            }
            return old;
        }
        throw bad("unknown commander field");
    }
    case Entity::Side: {
        Side* s = battle.side(e.id);
        if (!s) throw bad("no such side");
        if (is_counter) return rw_counter(s->counters);
        throw bad("unknown side field");
    }
    case Entity::Battle:
        if (e.field == "turn") return rw_int(battle.turn);
        if (is_counter) return rw_counter(battle.counters);
        throw bad("unknown battle field");
    }
    throw bad("unknown entity");
}

// The text counterpart of access() for text fields (model/effect.h): reads the current text
// (nullopt when absent) and, given `write`, stores the new one (nullopt erases it).
using Text = std::optional<std::string>;
Text access_text(Battle& battle, const Effect& e, const Text* write) {
    auto bad = [&](const char* what) {
        return std::logic_error(std::string(what) + ": " + describe(e));
    };
    auto rw_required = [&](std::string& slot) -> Text {
        Text old = slot;
        if (write) {
            if (!*write) throw bad("this text cannot be removed");
            slot = **write;
        }
        return old;
    };
    auto rw_keyed = [&](std::map<std::string, std::string>& texts, const std::string& key) -> Text {
        auto it = texts.find(key);
        Text old = it == texts.end() ? Text{} : Text{it->second};
        if (write) {
            if (*write)
                texts[key] = **write;
            else
                texts.erase(key);
        }
        return old;
    };
    switch (e.entity) {
    case Entity::Unit: {
        Unit* u = battle.unit(e.id);
        if (!u) throw bad("no such unit");
        if (e.field == "name") return rw_required(u->name);
        if (e.field == "quality") return rw_required(u->quality);
        if (e.field == "troop-type") return rw_required(u->troop_type);
        if (e.field == "weapon") return rw_required(u->weapon);
        if (e.field.rfind("trait:", 0) == 0) return rw_keyed(u->traits, e.field.substr(6));
        break;
    }
    case Entity::Commander: {
        Commander* c = battle.commander(e.id);
        if (!c) throw bad("no such commander");
        if (e.field == "name") return rw_required(c->name);
        break;
    }
    case Entity::Side: {
        Side* s = battle.side(e.id);
        if (!s) throw bad("no such side");
        if (e.field == "name") return rw_required(s->name);
        break;
    }
    case Entity::Battle:
        if (e.field == "name") return rw_required(battle.name);
        if (e.field.rfind("text:", 0) == 0) return rw_keyed(battle.texts, e.field.substr(5));
        break;
    }
    throw bad("unknown text field");
}

std::string shown(const Text& text) { return text ? "\"" + *text + "\"" : "absent"; }

// What apply_checked changed, kept so that a list whose later effect does not fit can be put
// back exactly: each thing an effect touches is copied once, before its first change (a unit,
// a commander, a side, the battle's own fields; the whole roster when a unit is created or
// removed, which moves the others). A battle of thousands of units is never copied whole.
class Touched {
public:
    explicit Touched(Battle& battle) : battle_(battle) {}

    void before(const Effect& e) {
        switch (e.entity) {
        case Entity::Unit:
            if (roster_) return;  // the copy of the whole roster covers every unit from here on
            if (e.field == kRosterPlace) {
                roster_ = battle_.units;
                return;
            }
            if (const Unit* u = battle_.unit(e.id); u && !has(units_, e.id)) units_.emplace_back(e.id, *u);
            return;
        case Entity::Commander:
            if (const Commander* c = battle_.commander(e.id); c && !has(commanders_, e.id))
                commanders_.emplace_back(e.id, *c);
            return;
        case Entity::Side:
            if (const Side* s = battle_.side(e.id); s && !has(sides_, e.id)) sides_.emplace_back(e.id, *s);
            return;
        case Entity::Battle:
            if (!own_) own_ = Own{battle_.name, battle_.turn, battle_.counters, battle_.texts};
            return;
        }
    }

    // Puts back everything copied: the roster first (as it was when a unit came or went), then
    // the units changed before that.
    void restore() {
        if (roster_) battle_.units = std::move(*roster_);
        for (auto& [id, u] : units_)
            if (Unit* now = battle_.unit(id)) *now = std::move(u);
        for (auto& [id, c] : commanders_)
            if (Commander* now = battle_.commander(id)) *now = std::move(c);
        for (auto& [id, s] : sides_)
            if (Side* now = battle_.side(id)) *now = std::move(s);
        if (own_) {
            battle_.name = std::move(own_->name);
            battle_.turn = own_->turn;
            battle_.counters = std::move(own_->counters);
            battle_.texts = std::move(own_->texts);
        }
    }

private:
    template <typename T> static bool has(const std::vector<std::pair<int, T>>& copies, int id) {
        return std::any_of(copies.begin(), copies.end(), [id](const auto& c) { return c.first == id; });
    }
    struct Own {
        std::string name;
        int turn = 0;
        std::map<std::string, int> counters;
        std::map<std::string, std::string> texts;
    };
    Battle& battle_;
    std::optional<std::vector<Unit>> roster_;
    std::vector<std::pair<int, Unit>> units_;
    std::vector<std::pair<int, Commander>> commanders_;
    std::vector<std::pair<int, Side>> sides_;
    std::optional<Own> own_;
};

// A text effect kept as a patch: the text now must be the one the patch was made from (going
// forward) or to (going back), size and hash.
void step_patch(Battle& battle, const Effect& e, bool forward) {
    const Text now = access_text(battle, e, nullptr);
    std::optional<std::string> next;
    if (now) next = forward ? patch_forward(*now, *e.text_patch) : patch_backward(*now, *e.text_patch);
    if (!next)
        throw std::logic_error("state does not match the journal: " + describe(e) + " is " +
                               (now ? "not the text this change was made " + std::string(forward ? "from" : "to")
                                    : std::string("absent")));
    const Text to = std::move(next);
    access_text(battle, e, &to);
}

// Applies every effect in place, in order (backward: in reverse, after -> before). If one does
// not fit, what the others changed is put back and nothing has changed.
void apply_checked(Battle& battle, const std::vector<Effect>& effects, bool forward) {
    Touched touched(battle);
    auto step = [&](const Effect& e) {
        touched.before(e);
        if (e.text_patch) {
            step_patch(battle, e, forward);
            return;
        }
        if (is_text_field(e)) {
            const Text& from = forward ? e.text_before : e.text_after;
            const Text& to = forward ? e.text_after : e.text_before;
            Text now = access_text(battle, e, nullptr);
            if (now != from)
                throw std::logic_error("state does not match the journal: " + describe(e) +
                                       " is " + shown(now) + ", expected " + shown(from));
            access_text(battle, e, &to);
            return;
        }
        std::int64_t from = forward ? e.before : e.after;
        std::int64_t to = forward ? e.after : e.before;
        std::int64_t now = access(battle, e, nullptr);
        if (now != from)
            throw std::logic_error("state does not match the journal: " + describe(e) + " is " +
                                   std::to_string(now) + ", expected " + std::to_string(from));
        access(battle, e, &to);
    };
    try {
        if (forward)
            std::for_each(effects.begin(), effects.end(), step);
        else
            std::for_each(effects.rbegin(), effects.rend(), step);
    } catch (...) {
        touched.restore();
        throw;
    }
}

} // namespace

void Battle::apply(const std::vector<Effect>& effects) { apply_checked(*this, effects, true); }

void Battle::revert(const std::vector<Effect>& effects) { apply_checked(*this, effects, false); }

} // namespace umpire::model
