#include "model/effect_words.h"

#include <algorithm>
#include <cctype>

namespace umpire::model {

std::string entity_name(const Battle& battle, Entity entity, int id) {
    switch (entity) {
    case Entity::Unit:
        if (const Unit* u = battle.unit(id)) return u->name;
        return "unit " + std::to_string(id);
    case Entity::Commander:
        if (const Commander* c = battle.commander(id)) return c->name;
        return "commander " + std::to_string(id);
    case Entity::Side:
        if (const Side* sd = battle.side(id)) return sd->name;
        return "side " + std::to_string(id);
    case Entity::Battle: return "battle";
    }
    return "?";
}

std::string flag_words(std::string_view id, bool on) {
    struct Words { const char* id; const char* on; const char* off; };
    static constexpr Words kWords[] = {
        {"shaken", "shaken", "no longer shaken"},
        {"disordered", "disordered", "no longer disordered"},
        {"routed", "routed", "back in the fight"},
        {"pinned", "pinned", "no longer pinned"},
        {"activated", "activated", "not yet activated"},
        {"fired", "fired", "may fire again"},
        {"needs-rally", "needs a rally", "no longer needs a rally"},
        {"reserve", "held in reserve", "out of reserve"},
        {"hidden", "hidden from the other side", "shown to the other side"},
    };
    for (const Words& w : kWords)
        if (id == w.id) return on ? w.on : w.off;
    std::string words(id);
    std::replace(words.begin(), words.end(), '-', ' ');
    return on ? words : "no longer " + words;
}

namespace {

std::string capitalised(std::string text) {
    if (!text.empty()) text[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
    return text;
}

} // namespace

std::string describe_effect(const Battle& battle, const Effect& e) {
    const std::string who = e.entity == Entity::Battle ? std::string("The battle") : entity_name(battle, e.entity, e.id);
    // A ruleset's own counters and the turn's records are kept in its units (tenths of an inch, a
    // round's code) and as text: the sentence the rules wrote says it in the player's words.
    const bool counter = e.field.rfind("counter:", 0) == 0;
    if (is_text_field(e) || counter) {
        // The battle's own records (the phase, whose phase, the turn) say it all in their reason.
        if (!e.reason.empty()) return e.entity == Entity::Battle ? capitalised(e.reason) : who + ": " + e.reason;
        std::string key = e.field.substr(e.field.find(':') + 1);
        std::replace(key.begin(), key.end(), '-', ' ');
        if (counter) return who + ": " + key + " " + std::to_string(e.before) + " \xE2\x86\x92 " + std::to_string(e.after);
        const std::string a = e.text_before.value_or(""), b = e.text_after.value_or("");
        const bool short_text = a.size() <= 40 && b.size() <= 40 && a.find('\n') == std::string::npos &&
                                b.find('\n') == std::string::npos && a.find('{') == std::string::npos &&
                                b.find('{') == std::string::npos;
        if (short_text && !b.empty()) return who + ": " + key + " " + (a.empty() ? "set to " : a + " \xE2\x86\x92 ") + b;
        return who + ": " + key + " record updated";
    }
    if (e.field.rfind("flag:", 0) == 0 || e.field == "formed") {
        const std::string words = e.field == "formed" ? (e.after ? "formed" : "unformed")
                                                      : flag_words(std::string_view(e.field).substr(5), e.after != 0);
        return who + ": " + words + (e.reason.empty() ? "" : " (" + e.reason + ")");
    }
    std::string field = e.field;
    std::string before = std::to_string(e.before);
    std::string after = std::to_string(e.after);
    if (field.rfind("counter:", 0) == 0) {
        field = field.substr(8);
    } else if (field == "status" && e.entity == Entity::Commander) {
        auto name = [](std::int64_t v) {
            for (auto s : {CommanderStatus::Active, CommanderStatus::Wounded,
                           CommanderStatus::Captured, CommanderStatus::Killed})
                if (static_cast<std::int64_t>(s) == v) return std::string(commander_status_id(s));
            return std::to_string(v);
        };
        before = name(e.before);
        after = name(e.after);
    } else if (field == "attached-unit") {
        auto name = [&](std::int64_t v) {
            return v < 0 ? std::string("none") : entity_name(battle, Entity::Unit, static_cast<int>(v));
        };
        before = name(e.before);
        after = name(e.after);
    }
    std::replace(field.begin(), field.end(), '-', ' ');
    std::string out = who + ": " + field + " " + before + " \xE2\x86\x92 " + after;
    if (!e.reason.empty()) out += " (" + e.reason + ")";
    return out;
}

bool is_deed_detail(const Effect& e) {
    auto ends_with = [&](const char* tail) {
        const std::string t = tail;
        return e.field.size() > t.size() && e.field.compare(e.field.size() - t.size(), t.size(), t) == 0;
    };
    // A deed's count (this phase's, this turn's) and how, and who a reaction may answer (the
    // turn's marks of what was done to whom): the deed itself is the line.
    if (e.field.rfind("counter:by:", 0) == 0 || e.field.rfind("counter:act:", 0) == 0) return true;
    return e.field.rfind("counter:did:", 0) == 0 && (ends_with(":n") || ends_with(":t") || ends_with(":how"));
}

} // namespace umpire::model
