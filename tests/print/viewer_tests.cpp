// Opening a PDF with the desktop's viewer must not block, and must say when it cannot.
#include "print/print.h"
#include "print_support.h"

#include <catch2/catch.hpp>

#include <chrono>
#include <fstream>
#include <thread>

using namespace umpire::test;

TEST_CASE("viewer: starts the viewer detached and returns at once") {
    Scratch s;
    std::string marker = s.path("opened").string();
    std::string viewer = s.path("fake-viewer").string();
    std::ofstream(viewer) << "#!/bin/sh\nsleep 3\necho \"$1\" > " << quote(marker) << "\n";
    std::filesystem::permissions(viewer, std::filesystem::perms::owner_all);
    auto start = std::chrono::steady_clock::now();
    CHECK(umpire::print::open_with_viewer("/tmp/some file.pdf", viewer).empty());
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(2));
    for (int i = 0; i < 100 && !std::filesystem::exists(marker); ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    CHECK(slurp(marker) == "/tmp/some file.pdf\n");
}

TEST_CASE("viewer: a missing viewer is reported, not thrown") {
    auto error = umpire::print::open_with_viewer("x.pdf", "no-such-viewer-program");
    CHECK(error.find("no-such-viewer-program") != std::string::npos);
    CHECK(error.find("not found") != std::string::npos);
}
