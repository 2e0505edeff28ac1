// XXH64 over a tagged encoding: each value is a type byte and then either 8 little-endian bytes
// or an 8-byte length and the bytes, so no two different sequences of values hash alike by
// running into each other.
#include "store/checksum.h"

#define XXH_INLINE_ALL
#include <xxhash.h>

#include <cstdio>
#include <algorithm>
#include <bit>
#include <cstring>
#include <stdexcept>

namespace umpire::store::detail {

namespace {

// The bytes are gathered in a buffer and handed to XXH64 a buffer at a time: the same digest as
// one XXH64 over all of them, without a call per field or a string grown byte by byte (a battle
// of 2,000 units is some 300 KB of them, hashed on every commit).
class Hasher {
public:
    Hasher() { XXH64_reset(&state_, 0); }
    void tag(unsigned char t) {
        room(1);
        put_tag(t);
    }
    void number(std::int64_t v) {
        room(9);
        put_number(v);
    }
    void text(std::string_view s) {
        tag('s');
        raw(s.size());
        while (!s.empty()) {
            room(1);
            const std::size_t n = std::min(s.size(), sizeof buffer_ - used_);
            std::memcpy(buffer_ + used_, s.data(), n);
            used_ += n;
            s.remove_prefix(n);
        }
    }
    void null() { tag('n'); }
    // Bytes already encoded (StateChecksums' kept units), hashed where they are: XXH64 fed in any
    // pieces gives the one digest of all of them.
    void bytes(std::string_view s) {
        XXH64_update(&state_, buffer_, used_);
        used_ = 0;
        XXH64_update(&state_, s.data(), s.size());
    }
    void real(double d) {
        std::uint64_t bits = 0;
        static_assert(sizeof bits == sizeof d);
        std::memcpy(&bits, &d, sizeof d);
        tag('r');
        raw(bits);
    }
    std::uint64_t digest() {
        XXH64_update(&state_, buffer_, used_);
        used_ = 0;
        return XXH64_digest(&state_);
    }

    // The same values written after one check for room for all of them (at most `n` bytes, as
    // wide() counts them): a battle's 2,000 units are some 30,000 values, and a check for each
    // was a third of the hashing. Returns false, making no room, when `n` is more than the buffer
    // holds; the caller then writes them one by one as above.
    static constexpr std::size_t wide(std::size_t values, std::size_t text_bytes) { return 9 * values + text_bytes; }
    bool make_room(std::size_t n) {
        if (n > sizeof buffer_) return false;
        room(n);
        return true;
    }
    void put_tag(unsigned char t) { buffer_[used_++] = static_cast<char>(t); }
    void put_number(std::int64_t v) {
        put_tag('i');
        put_raw(static_cast<std::uint64_t>(v));
    }
    void put_text(std::string_view s) {
        put_tag('s');
        put_raw(s.size());
        std::memcpy(buffer_ + used_, s.data(), s.size());
        used_ += s.size();
    }
    void put_null() { put_tag('n'); }

private:
    void raw(std::uint64_t v) {
        room(8);
        put_raw(v);
    }
    void put_raw(std::uint64_t v) {
        if constexpr (std::endian::native == std::endian::little) {
            std::memcpy(buffer_ + used_, &v, 8);  // the same bytes as the loop, in one move
            used_ += 8;
        } else {
            for (int i = 0; i < 8; ++i) buffer_[used_++] = static_cast<char>(static_cast<unsigned char>(v >> (8 * i)));
        }
    }
    // At least `n` bytes free in the buffer (n at most its size).
    void room(std::size_t n) {
        if (sizeof buffer_ - used_ >= n) return;
        XXH64_update(&state_, buffer_, used_);
        used_ = 0;
    }
    XXH64_state_t state_;
    char buffer_[16384];
    std::size_t used_ = 0;
};

// Counters by meaning: a counter at 0 is the same as no counter (effects erase them at 0).
template <typename Out>
void counters(Out& h, const std::map<std::string, int>& map) {
    std::int64_t n = 0;
    for (const auto& [key, value] : map) n += value != 0;
    h.number(n);
    for (const auto& [key, value] : map)
        if (value != 0) {
            h.text(key);
            h.number(value);
        }
}

void optional_id(Hasher& h, const std::optional<int>& id) {
    if (id)
        h.number(*id);
    else
        h.null();
}

// Hasher's writes, checked for room value by value, or not (room made for all of them first).
struct Checked {
    Hasher& h;
    void number(std::int64_t v) const { h.number(v); }
    void text(std::string_view s) const { h.text(s); }
    void null() const { h.null(); }
};
struct Unchecked {
    Hasher& h;
    void number(std::int64_t v) const { h.put_number(v); }
    void text(std::string_view s) const { h.put_text(s); }
    void null() const { h.put_null(); }
};

// The same encoding written into memory made ready for it (a unit's bytes kept by StateChecksums).
struct ToMemory {
    char*& at;
    void tag(char t) const { *at++ = t; }
    void raw(std::uint64_t v) const {
        if constexpr (std::endian::native == std::endian::little) {
            std::memcpy(at, &v, 8);
            at += 8;
        } else {
            for (int i = 0; i < 8; ++i) *at++ = static_cast<char>(static_cast<unsigned char>(v >> (8 * i)));
        }
    }
    void number(std::int64_t v) const {
        tag('i');
        raw(static_cast<std::uint64_t>(v));
    }
    void text(std::string_view s) const {
        tag('s');
        raw(s.size());
        std::memcpy(at, s.data(), s.size());
        at += s.size();
    }
    void null() const { tag('n'); }
};

// A unit's own 13 values (its flags as `bits`), in the order the checksum has always taken them.
template <typename Out>
void unit_values(const Out& out, const model::Unit& u, std::int64_t bits) {
    out.number(u.id);
    out.text(u.name);
    out.number(u.side);
    if (u.commander)
        out.number(*u.commander);
    else
        out.null();
    out.text(u.troop_type);
    out.text(u.quality);
    out.text(u.weapon);
    out.number(u.formed);
    out.number(u.start_figures);
    out.number(u.figures);
    out.number(u.hits);
    out.number(u.hit_capacity);
    out.number(bits);
}

} // namespace

std::uint64_t row_checksum(const std::vector<Cell>& cells) {
    Hasher h;
    h.number(static_cast<std::int64_t>(cells.size()));
    for (const Cell& c : cells) {
        if (const auto* i = std::get_if<std::int64_t>(&c))
            h.number(*i);
        else if (const auto* s = std::get_if<std::string_view>(&c))
            h.text(*s);
        else
            h.null();
    }
    return h.digest();
}

std::uint64_t fold_head(std::uint64_t head, std::uint64_t row) {
    Hasher h;
    h.tag('h');
    h.number(static_cast<std::int64_t>(head));
    h.number(static_cast<std::int64_t>(row));
    return h.digest();
}

namespace {

// Flags by meaning: an absent flag is false (undo may drop a stored false entry). Bit i is
// kAllFlags[i]; only the flags the unit holds are looked at.
std::int64_t flag_bits(const model::Unit& u) {
    std::int64_t bits = 0;
    for (const auto& [flag, on] : u.flags)
        if (on)
            for (std::size_t i = 0; i < std::size(model::kAllFlags); ++i)
                if (model::kAllFlags[i] == flag) bits |= std::int64_t{1} << i;
    return bits;
}

// A unit's counters and traits, after its own values.
template <typename Out>
void unit_maps(Out& out, const model::Unit& u) {
    counters(out, u.counters);
    out.number(static_cast<std::int64_t>(u.traits.size()));
    for (const auto& [key, value] : u.traits) {
        out.text(key);
        out.text(value);
    }
}

// Everything before the units, their number last.
void battle_values(Hasher& h, const model::Battle& b) {
    h.tag('B');
    h.text(b.name);
    h.text(b.ruleset);
    h.text(b.distance_unit);
    h.real(b.distance_scale);
    h.text(b.house_rules);
    h.number(b.turn);
    counters(h, b.counters);
    h.number(static_cast<std::int64_t>(b.texts.size()));
    for (const auto& [key, value] : b.texts) {
        h.text(key);
        h.text(value);
    }
    h.number(static_cast<std::int64_t>(b.sides.size()));
    for (const auto& s : b.sides) {
        h.number(s.id);
        h.text(s.name);
        h.text(s.colour);
        counters(h, s.counters);
    }
    h.number(static_cast<std::int64_t>(b.commanders.size()));
    for (const auto& c : b.commanders) {
        h.number(c.id);
        h.text(c.name);
        h.number(c.side);
        h.number(c.is_general);
        optional_id(h, c.attached_unit);
        h.text(model::commander_status_id(c.status));
    }
    h.number(static_cast<std::int64_t>(b.units.size()));
}

// A unit's bytes, as state_checksum hashes them, added to `out`: room for the most they can be
// made first, so each value is written without a check.
void add_unit_bytes(std::string& out, const model::Unit& u) {
    std::size_t most = Hasher::wide(13, u.name.size() + u.troop_type.size() + u.quality.size() + u.weapon.size());
    most += 9 + 9 * 2 * u.counters.size() + 9;
    for (const auto& [key, value] : u.counters) most += key.size();
    for (const auto& [key, value] : u.traits) most += 18 + key.size() + value.size();
    const std::size_t start = out.size();
    out.resize(start + most);
    char* at = out.data() + start;
    const ToMemory to{at};
    unit_values(to, u, flag_bits(u));
    unit_maps(to, u);
    out.resize(static_cast<std::size_t>(at - out.data()));
}

} // namespace

// Every field the store writes (state.cpp), in a fixed order. A field added to the stored state
// belongs here too, or damage to it goes unseen.
std::uint64_t state_checksum(const model::Battle& b) {
    Hasher h;
    battle_values(h, b);
    for (const auto& u : b.units) {
        const std::int64_t bits = flag_bits(u);
        const std::size_t texts = u.name.size() + u.troop_type.size() + u.quality.size() + u.weapon.size();
        if (h.make_room(Hasher::wide(13, texts)))
            unit_values(Unchecked{h}, u, bits);
        else  // texts longer than the buffer: each value checked for room
            unit_values(Checked{h}, u, bits);
        unit_maps(h, u);
    }
    return h.digest();
}

std::uint64_t StateChecksums::digest(const model::Battle& battle) const {
    Hasher h;
    battle_values(h, battle);
    h.bytes(units_);
    const std::uint64_t sum = h.digest();
#ifndef NDEBUG
    // Debug builds (the tests under the sanitizers) check every kept sum against the whole one.
    if (sum != state_checksum(battle)) throw std::logic_error("a kept state checksum differs from the whole one");
#endif
    return sum;
}

std::uint64_t StateChecksums::of(const model::Battle& battle) {
    forget();
    ids_.reserve(battle.units.size());
    ends_.reserve(battle.units.size());
    units_.reserve(battle.units.size() * 192);
    for (const model::Unit& u : battle.units) {
        ids_.push_back(u.id);
        add_unit_bytes(units_, u);
        ends_.push_back(units_.size());
    }
    return digest(battle);
}

std::uint64_t StateChecksums::after(const model::Battle& battle, const std::vector<model::Effect>& effects) {
    bool same_units = !ids_.empty() && ids_.size() == battle.units.size();
    for (std::size_t i = 0; same_units && i < ids_.size(); ++i) same_units = ids_[i] == battle.units[i].id;
    for (const model::Effect& e : effects)
        if (e.entity == model::Entity::Unit && !model::changes_one_unit(e)) same_units = false;  // the roster moved
    if (!same_units) return of(battle);
    std::string fresh;
    for (const model::Effect& e : effects) {
        if (!model::changes_one_unit(e)) continue;  // the battle's own values are encoded every time
        const auto at = std::find(ids_.begin(), ids_.end(), e.id);
        if (at == ids_.end()) continue;
        const auto i = static_cast<std::size_t>(at - ids_.begin());
        const std::size_t begin = i == 0 ? 0 : ends_[i - 1];
        fresh.clear();
        add_unit_bytes(fresh, battle.units[i]);
        units_.replace(begin, ends_[i] - begin, fresh);  // the units after it move if its length changed
        const std::size_t end = begin + fresh.size();
        if (end != ends_[i]) {
            const std::ptrdiff_t moved = static_cast<std::ptrdiff_t>(end) - static_cast<std::ptrdiff_t>(ends_[i]);
            for (std::size_t k = i; k < ends_.size(); ++k) ends_[k] = static_cast<std::size_t>(static_cast<std::ptrdiff_t>(ends_[k]) + moved);
        }
    }
    return digest(battle);
}

void StateChecksums::forget() {
    ids_.clear();
    ends_.clear();
    units_.clear();
}

std::string hex64(std::uint64_t value) {
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(value));
    return buf;
}

std::optional<std::uint64_t> parse_hex64(std::string_view text) {
    if (text.size() != 16) return std::nullopt;
    std::uint64_t v = 0;
    for (char c : text) {
        int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
        if (d < 0) return std::nullopt;
        v = (v << 4) | static_cast<std::uint64_t>(d);
    }
    return v;
}

} // namespace umpire::store::detail
