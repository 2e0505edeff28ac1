// Opening a PDF with the desktop's viewer (GIO's default application for its type) must not
// block, must hand the viewer the file whatever its name, and must say when there is none. A
// fake viewer is registered the way a desktop registers one: a .desktop file and the user's
// mimeapps.list, in scratch XDG folders (the machine's own applications are not seen).
#include "print/print.h"
#include "print_support.h"

#include <catch2/catch.hpp>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <thread>

using namespace umpire::test;

TEST_CASE("viewer: the desktop's default PDF viewer is started detached with the file, and no viewer only says so") {
    Scratch s;
    const std::filesystem::path data = s.path("data"), config = s.path("config"), system = s.path("system");
    std::filesystem::create_directories(data / "applications");
    std::filesystem::create_directories(config);
    std::filesystem::create_directories(system);
    // The MIME database (which says a .pdf is application/pdf) from the system; no application.
    std::filesystem::create_symlink("/usr/share/mime", system / "mime");
    const std::string marker = s.path("opened").string();
    const std::string viewer = s.path("fake-viewer").string();
    std::ofstream(viewer) << "#!/bin/sh\nsleep 3\necho \"$1\" > " << quote(marker) << "\n";
    std::filesystem::permissions(viewer, std::filesystem::perms::owner_all);
    std::ofstream(data / "applications" / "umpire-fake-viewer.desktop")
        << "[Desktop Entry]\nType=Application\nName=Fake PDF viewer\nExec=" << viewer
        << " %f\nMimeType=application/pdf;\nNoDisplay=true\n";
    std::ofstream(config / "mimeapps.list") << "[Default Applications]\napplication/pdf=umpire-fake-viewer.desktop\n";
    // Before GIO's first look: it reads these folders once.
    setenv("XDG_DATA_HOME", data.c_str(), 1);
    setenv("XDG_DATA_DIRS", system.c_str(), 1);
    setenv("XDG_CONFIG_HOME", config.c_str(), 1);
    setenv("XDG_CONFIG_DIRS", system.c_str(), 1);

    // A name with a space and a '#': the viewer gets the path itself, not a URI.
    const std::string pdf = s.path("quick reference #1.pdf").string();
    std::ofstream(pdf) << "%PDF-1.4\n%%EOF\n";
    const auto start = std::chrono::steady_clock::now();
    const std::string error = umpire::print::open_with_viewer(pdf);
    CHECK(error.empty());
    INFO(error);
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(2));  // not waited for
    for (int i = 0; i < 100 && !std::filesystem::exists(marker); ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    CHECK(slurp(marker) == pdf + "\n");

    // A file of a type nothing here opens: the reason, not an exception.
    const std::string other = s.path("notes.umpire-unknown").string();
    std::ofstream(other) << "\x01\x02\x03";
    std::string why;
    REQUIRE_NOTHROW(why = umpire::print::open_with_viewer(other));
    CHECK(why.find(other) != std::string::npos);
    CHECK(why.find("open the file yourself") != std::string::npos);
}
