#pragma once
// The after-action report: what happened in a battle, turn by turn, from its journal. Each
// action in effect (undone ones are left out; undo and redo are bookkeeping) with its one-line
// summary and dice, and each side's losses per turn and in total, in figures (or hits) and units.
// Rendered as Markdown or as a self-contained HTML page.
#include "model/battle.h"
#include "store/battle_file.h"

#include <cstdint>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace umpire::report {

class ReportError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct Losses {
    int figures = 0;  // figures removed (net of figures moved between a unit and its detachment)
    int hits = 0;     // hits taken, for rulesets that count hits against a capacity
    int units = 0;    // units routed or destroyed
    bool any() const { return figures != 0 || hits != 0 || units != 0; }
};

struct ActionLine {
    std::int64_t entry = 0;
    std::string action;  // the action id ("shoot")
    std::string action_name;  // what a player calls it ("Shooting", "Card drawn"); the id if unknown
    std::string unit;    // who acted, "" when nobody did (a turn-wide action)
    std::string target;
    std::string summary;
    std::vector<int> dice;
    // The rules the umpire overruled to apply it, with his reason: "the melee broke off (a unit in
    // a continuing melee may not shoot; MacDuff 7.1 Restrictions)"; empty when none.
    std::string overrule;
    // Who applied it, on a battle several umpires run (a server's); "" on a battle file.
    std::string umpire = {};
};

struct TurnReport {
    int turn = 0;
    std::vector<ActionLine> actions;
    std::map<int, Losses> losses;  // by side id; sides with none are absent
};

struct SideSummary {
    int id = 0;
    std::string name;
    int units = 0;           // units in the battle now
    int units_on_table = 0;  // of which neither routed nor destroyed
    int start_figures = 0;
    int figures = 0;         // figures now
    Losses losses;           // from the journal, every turn together
};

struct Report {
    std::string battle;
    std::string ruleset;  // the ruleset's name, as the caller knows it
    int turn = 0;         // the battle's current turn
    int actions = 0;      // actions in effect
    std::vector<SideSummary> sides;
    std::vector<TurnReport> turns;  // oldest first; only turns with an action
};

// What a player calls a journalled action: the ruleset's name ("shoot": "Shooting", from
// rules::action_names), else the turn step's ("turn-next": "Next phase"), else the id itself.
std::string action_name(std::string_view action, const std::map<std::string, std::string>& action_names);

// A journal entry's heading, alike in the desk's Journal and the command line's journal:
// "#12, turn 2: Shooting", "#13, turn 2: Undo of #12". Actions by their names (action_name), and
// by whom when `actor` names the unit that acted: "#12, turn 2: Shooting by Ansar riflemen".
std::string entry_heading(std::int64_t id, int turn, store::EntryKind kind, std::string_view action,
                          std::optional<std::int64_t> refers_to, const std::map<std::string, std::string>& action_names,
                          std::string_view actor = {});

// The acting unit's name for entry_heading when the entry's summary does not already say it
// ("2 hits on Heavy Camel Regiment" does not say who shot); "" when it does or none acted.
std::string unsaid_actor(const model::Battle& battle, std::optional<int> unit, std::string_view summary);

// action_names: the ruleset's names of its actions by id ("shoot": "Shooting"); the turn's
// steps are named without it.
Report build_report(const model::Battle& battle, const std::vector<store::JournalEntry>& journal,
                    std::string_view ruleset_name = {}, const std::map<std::string, std::string>& action_names = {});

std::string to_markdown(const Report& report);
std::string to_html(const Report& report);

enum class Format { Markdown, Html };
// By the file's extension: .md / .markdown, .html / .htm (any case); nullopt otherwise.
std::optional<Format> format_for_path(std::string_view path);
std::string render(const Report& report, Format format);
// Writes the rendered report to `path` whole: into a fresh file made beside it with O_EXCL (never
// a fixed name, never through a symlink), then moved into place, over an existing file only with
// `replace`. Throws ReportError when the folder does not exist or `path` is a folder, and
// store::StoreError when the file exists (BadFile) or the disk refuses (Io: "the disk is full");
// nothing is left behind then.
void write_report(const Report& report, Format format, const std::string& path, bool replace);

} // namespace umpire::report
