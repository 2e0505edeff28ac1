#pragma once
// The one shortcut table. Every keyboard shortcut of the desk is a row here: handle_shortcuts()
// dispatches from it, the F1 help lists it and the Ctrl+K palette offers its commands, so the
// keys on screen can never drift from the keys that work.
#include "panels/shell.h"

#include <string>
#include <vector>

namespace umpire::ui {

enum class Command {
    Roll, Apply, Cancel, Undo, Redo,
    FindUnit, TypeDice, Palette, CommandLine, Help, QuickReference,
    ZoomIn, ZoomOut, ZoomReset, ToggleTheme,
    ExportMarkdown, ExportHtml,
    TurnPanel, DrawCard, NextPhase, DrawChance, TurnRoll, Pending,
    NewBattle, OpenBattle, SaveCopy, Print, EditRoster, PlayerView,
    Choose1, Choose2, Choose3, Choose4,  // the options of a choice the rules leave the player
    MenuBar, JournalUnit, JournalTurn, TurnOptions,
};
inline constexpr std::size_t kChoiceKeys = 4;

// GLFW's key codes, which the GLFW backend puts in io.KeysDown (letters and digits are their
// ASCII codes). Named here so the panels need no GLFW header and the headless tests press the
// same codes.
namespace key {
inline constexpr int Escape = 256, Enter = 257, Tab = 258, Backspace = 259, Delete = 261, Right = 262,
                     Left = 263, Down = 264, Up = 265, PageUp = 266, PageDown = 267, Home = 268, End = 269,
                     F1 = 290, F2 = 291, F3 = 292, F4 = 293, F5 = 294, F6 = 295, F7 = 296, F8 = 297, F10 = 299, F11 = 300, Kp0 = 320, KpSubtract = 333, KpAdd = 334, KpEnter = 335,
                     LeftAlt = 342, RightAlt = 346, Space = 32, Minus = 45, Equal = 61, Zero = 48;
}

struct Shortcut {
    Command command;
    int key;                 // a key code above
    bool ctrl = false;
    bool shift = false;
    bool any_shift = false;  // Shift may be down or not (Ctrl+= is Ctrl++ on most keyboards)
    bool in_text = true;     // also while a text field has the keyboard (undo is the field's own there)
};

struct CommandInfo {
    Command command;
    const char* name;   // what the help and the palette call it
    const char* group;  // the help overlay's section
    bool needs_battle;
};

const std::vector<Shortcut>& shortcuts();
const std::vector<CommandInfo>& commands();
const CommandInfo& command_info(Command command);
// Choose1 -> 0, Choose2 -> 1, ...: the option a choice key picks.
std::size_t choice_index(Command command);

// "Ctrl+Shift+Z"
std::string key_label(const Shortcut& shortcut);
// Every shortcut of a command, "Ctrl+Shift+Z or Ctrl+Y"; "" when it has none.
std::string command_keys(Command command);

// The F1 help's rows, group by group in the table's order. A command with no key of its own is
// not given the palette's key (which would list Ctrl+K twice): such commands come last, in a
// group of their own, with no keys.
inline constexpr const char* kPaletteOnlyGroup = "No key of their own: find them with Ctrl+K";
struct HelpRow {
    std::string group;
    std::string keys;  // "Ctrl+Shift+Z or Ctrl+Y"; "" in kPaletteOnlyGroup
    const char* name;
};
std::vector<HelpRow> help_rows();

// Whether the command can run now (a battle is open if it needs one, there is something to undo...).
bool command_enabled(Command command, const Shell& shell);
// Runs it; false when it could not (the desk's error or the shell's messages say why).
bool run_command(Command command, Shell& shell);

} // namespace umpire::ui
