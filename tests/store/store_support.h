#pragma once
// Shared by the store tests and the crash_writer helper: a temporary directory, a snapshot of a
// directory's files for "nothing changed" checks, a small hand-built battle and effect builders.
#include "model/battle.h"
#include "rules/resolution.h"
#include "store/battle_file.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>

namespace umpire::testing {

class TempDir {
public:
    TempDir() {
        std::string pattern = (std::filesystem::temp_directory_path() / "umpire-store-XXXXXX").string();
        if (!mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
        path_ = pattern;
    }
    ~TempDir() {
        std::error_code ec;
        std::filesystem::remove_all(path_, ec);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;

    std::string file(const std::string& name) const { return (path_ / name).string(); }
    const std::filesystem::path& path() const { return path_; }

private:
    std::filesystem::path path_;
};

inline std::string read_bytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

inline void write_bytes(const std::string& path, const std::string& bytes) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << bytes;
}

// Every file in the directory by name, with its bytes: equal snapshots mean nothing was
// modified, created or removed.
inline std::map<std::string, std::string> snapshot(const std::filesystem::path& dir) {
    std::map<std::string, std::string> files;
    for (const auto& entry : std::filesystem::directory_iterator(dir))
        files[entry.path().filename().string()] =
            entry.is_regular_file() ? read_bytes(entry.path().string()) : "<dir>";
    return files;
}

// Two sides, three commanders, four units, with some flags, counters and traits already set
// (a false flag entry included, since the store must keep the map exactly as it is).
inline model::Battle sample_battle() {
    model::Battle b;
    b.name = "Store test: \"quotes\" and ünïcödé";
    b.ruleset = "macduff";
    b.distance_unit = "cm";
    b.distance_scale = 1.1;
    b.house_rules = "[shooting]\nlong_range = 24\n";
    b.turn = 3;
    b.texts = {{"note", "line one\nline \"two\""}};
    b.sides = {{1, "Frontier Field Force", "red", {}}, {2, "Pathan Lashkar", "black", {}}};
    b.commanders = {{1, "Brigadier Hawthorne", 1, true, std::nullopt, model::CommanderStatus::Active},
                    {2, "Colonel Ames", 1, false, 2, model::CommanderStatus::Active},
                    {3, "Mullah Sayid Akbar", 2, true, std::nullopt, model::CommanderStatus::Wounded}};
    model::Unit sikhs;
    sikhs.id = 1;
    sikhs.name = "2nd Sikhs";
    sikhs.side = 1;
    sikhs.commander = 2;
    sikhs.troop_type = "infantry";
    sikhs.quality = "average";
    sikhs.weapon = "rifle";
    sikhs.start_figures = 16;
    sikhs.figures = 14;
    sikhs.traits = {{"regular", ""}};
    model::Unit gordons = sikhs;
    gordons.id = 2;
    gordons.name = "Gordon Highlanders";
    gordons.quality = "elite";
    gordons.figures = 16;
    gordons.traits = {{"regular", ""}, {"superior-firepower", ""}};
    gordons.flags = {{model::Flag::Fired, true}, {model::Flag::Pinned, false}};
    model::Unit ghazis;
    ghazis.id = 3;
    ghazis.name = "Ghazis";
    ghazis.side = 2;
    ghazis.commander = 3;
    ghazis.troop_type = "infantry";
    ghazis.quality = "average";
    ghazis.weapon = "none";
    ghazis.formed = false;
    ghazis.start_figures = 12;
    ghazis.figures = 12;
    ghazis.traits = {{"shock-troops", ""}, {"mad-minute", "2"}};
    ghazis.counters = {{"work-points", 0}, {"charges", 2}};
    model::Unit marksmen = ghazis;
    marksmen.id = 4;
    marksmen.name = "Afridi Marksmen";
    marksmen.commander.reset();
    marksmen.weapon = "jezzail";
    marksmen.hit_capacity = 6;
    marksmen.hits = 1;
    marksmen.traits = {{"skirmishers", ""}};
    marksmen.counters.clear();
    b.units = {sikhs, gordons, ghazis, marksmen};
    return b;
}

// 4 figures of the Gordons (unit 2, second in sample_battle's roster) as unit 5: the detachment
// an effect on its roster place creates.
inline model::Unit detachment_of_gordons(const model::Battle& b) {
    model::Unit d = *b.unit(2);
    d.id = 5;
    d.name = "Gordon Highlanders detachment";
    d.figures = 4;
    d.start_figures = 4;
    d.counters = {{"detachment-of", 2}};
    return d;
}

inline model::Effect unit_effect(int id, const std::string& field, std::int64_t before,
                                 std::int64_t after, const std::string& reason = "") {
    return {model::Entity::Unit, id, field, before, after, reason};
}

inline model::Effect commander_effect(int id, const std::string& field, std::int64_t before,
                                      std::int64_t after) {
    return {model::Entity::Commander, id, field, before, after, ""};
}

inline model::Effect turn_effect(int before, int after) {
    return {model::Entity::Battle, 0, "turn", before, after, "next turn"};
}

inline rules::Resolution resolution_with(const std::string& action, const std::string& outcome,
                                         std::vector<model::Effect> effects,
                                         std::vector<int> dice = {}) {
    rules::Resolution r;
    r.ruleset = "macduff";
    r.action = action;
    r.rolled = true;
    r.outcome = outcome;
    if (!dice.empty()) r.dice.push_back({"Test dice", dice, 0, 4});
    r.steps.push_back({"a step", "MacDuff 1.1"});
    r.results["hits"] = static_cast<int>(dice.size());
    r.effects = std::move(effects);
    return r;
}

// `hits` casualties on `unit`, a figure each, as the casualties action resolves them.
inline rules::Resolution hits_on(const model::Battle& b, int unit, int hits) {
    const int figures = b.unit(unit)->figures;
    return resolution_with("casualties", std::to_string(hits) + " hits on unit " + std::to_string(unit),
                           {unit_effect(unit, "figures", figures, figures - hits)}, {6});
}

// The state the journal describes: the starting battle with every entry replayed in order.
inline model::Battle replay(model::Battle start, const std::vector<store::JournalEntry>& journal) {
    for (const auto& e : journal) {
        if (e.kind == store::EntryKind::Undo)
            start.revert(e.effects);
        else
            start.apply(e.effects);
    }
    return start;
}

} // namespace umpire::testing
