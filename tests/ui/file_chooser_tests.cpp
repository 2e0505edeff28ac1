// Files through the desktop's own chooser: which program is run and how, the documents folder
// from XDG user dirs, hidden folders kept out of the defaults, and the dialogs' Browse buttons
// (a chooser stands in for the desktop's; a cancel keeps what was typed). Clicks in, state out.
#include "headless.h"
#include "ui_support.h"

#include "desk/file_chooser.h"
#include "desk/print_job.h"
#include "panels/file_menu.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>

using namespace umpire;
namespace fs = std::filesystem;

namespace {

void executable(const std::string& path) {
    std::ofstream(path) << "#!/bin/sh\n";
    fs::permissions(path, fs::perms::owner_all);
}

void click(test::HeadlessUi& ui, ui::Shell& shell, const std::string& hit) {
    ui.frame(shell);
    const auto it = shell.files.hits.find(hit);
    INFO("clicking " << hit);
    REQUIRE(it != shell.files.hits.end());
    ui.click(shell, it->second.cx(), it->second.cy());
}

} // namespace

TEST_CASE("file chooser: zenity first, kdialog where there is no zenity, none: the typed path") {
    test::ScratchDir dir;
    fs::create_directories(dir.file("gnome"));
    fs::create_directories(dir.file("kde"));
    executable(dir.file("gnome/zenity"));
    executable(dir.file("kde/kdialog"));
    const desk::ChooserRequest save{true, "Save a copy as", "/tmp/kotal-copy.umpire", "Battle files", "*.umpire"};
    const auto z = desk::chooser_command(save, dir.file("kde") + ":" + dir.file("gnome"));
    REQUIRE_FALSE(z.empty());
    CHECK(z[0] == dir.file("gnome/zenity"));
    CHECK(std::find(z.begin(), z.end(), "--save") != z.end());
    CHECK(std::find(z.begin(), z.end(), "--filename=/tmp/kotal-copy.umpire") != z.end());
    const auto k = desk::chooser_command(save, dir.file("kde"));
    REQUIRE_FALSE(k.empty());
    CHECK(k[0] == dir.file("kde/kdialog"));
    CHECK(std::find(k.begin(), k.end(), "--getsavefilename") != k.end());
    CHECK(desk::chooser_command(save, dir.file("nowhere")).empty());
}

TEST_CASE("documents folder: XDG_DOCUMENTS_DIR from user-dirs.dirs, else ~/Documents, else home") {
    test::ScratchDir dir;
    fs::create_directories(dir.file("home/Papers"));
    fs::create_directories(dir.file("config"));
    std::ofstream(dir.file("config/user-dirs.dirs")) << "# written by xdg-user-dirs-update\nXDG_DOCUMENTS_DIR=\"$HOME/Papers\"\n";
    auto env = [&](const char* name) -> std::optional<std::string> {
        if (std::string(name) == "HOME") return dir.file("home");
        if (std::string(name) == "XDG_CONFIG_HOME") return dir.file("config");
        return std::nullopt;
    };
    CHECK(desk::documents_dir(env) == dir.file("home") + "/Papers");
    fs::remove(dir.file("config/user-dirs.dirs"));
    CHECK(desk::documents_dir(env) == dir.file("home"));
    fs::create_directories(dir.file("home/Documents"));
    CHECK(desk::documents_dir(env) == dir.file("home") + "/Documents");

    CHECK(desk::in_hidden_folder("/home/u/.local/share/umpire/demo.umpire"));
    CHECK_FALSE(desk::in_hidden_folder("/home/u/games/kotal.umpire"));
    CHECK_FALSE(desk::in_hidden_folder("../kotal.umpire"));
    // The demo battle lives in the hidden data folder: its prints default to a visible folder.
    CHECK_FALSE(desk::in_hidden_folder(
        desk::default_print_path("/home/u/.local/share/umpire/demo.umpire", desk::PrintKind::Sheet)));
}

TEST_CASE("file dialogs: Browse opens the chooser, a chosen battle opens, a cancel keeps the typed path") {
    test::ScratchDir dir;
    ui::Shell shell;
    shell.desk.emplace(test::demo_desk(dir));
    shell.files.recent_path = dir.file("recent-battles");
    const std::string other = dir.file("other.umpire");
    store::BattleFile::create(other, roster::parse_roster(roster::demo_roster(), "demo"));
    std::vector<desk::ChooserRequest> asked;
    std::optional<std::string> answer = other;
    shell.files.chooser = [&](const desk::ChooserRequest& r) {
        asked.push_back(r);
        return answer;
    };
    test::HeadlessUi ui;

    // Save a copy: the chooser is asked where to write, and its answer fills the path.
    ui::open_file_dialog(shell, ui::FileDialog::SaveCopy);
    ui.frames(shell, 3);
    answer = dir.file("copy.umpire");
    click(ui, shell, "browse-copy");
    REQUIRE(asked.size() == 1);
    CHECK(asked.back().save);
    CHECK(shell.files.copy_path == dir.file("copy.umpire"));
    click(ui, shell, "Close");

    // Open: cancelled first (the typed path stays), then a battle chosen and opened.
    shell.files.open_path = "typed.umpire";  // as if typed: the field starts with it
    ui::open_file_dialog(shell, ui::FileDialog::Open);
    ui.frames(shell, 3);
    answer.reset();
    click(ui, shell, "browse-open");
    CHECK(shell.files.open_path == "typed.umpire");
    CHECK(shell.files.dialog == ui::FileDialog::Open);
    answer = other;
    click(ui, shell, "browse-open");
    CHECK_FALSE(asked.back().save);
    ui.frames(shell, 2);
    REQUIRE(shell.desk);
    CHECK(shell.desk->path() == other);
    CHECK(shell.files.dialog == ui::FileDialog::None);
}
