// The XDG desktop portal's file chooser, asked first: a fake portal on a private session bus
// answers with a file, a cancel, its own failure or nothing; a fake zenity stands behind it as
// the next chooser, and leaves a mark when it is run.
#include "private_bus.h"
#include "ui_support.h"

#include "desk/file_chooser.h"
#include "desk/portal_chooser.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <thread>

#include <sys/socket.h>
#include <sys/un.h>

using namespace umpire;
namespace fs = std::filesystem;

namespace {

struct Fixture {
    test::ScratchDir dir;
    test::PrivateBus bus{dir.file("bus.conf")};
    desk::ChooserPlaces places;

    Fixture() {
        // zenity, the next chooser: answers with its own file and leaves a mark.
        fs::create_directories(dir.file("bin"));
        std::ofstream(dir.file("bin/zenity")) << "#!/bin/sh\ntouch '" << dir.file("zenity-ran") << "'\necho '"
                                              << dir.file("from-zenity.umpire") << "'\n";
        fs::permissions(dir.file("bin/zenity"), fs::perms::owner_all);
        places.bus_address = bus.address();
        places.path_dirs = dir.file("bin");
    }

    // The fake portal on the bus, answering `mode` (choose PATH, cancel, other, silent).
    std::unique_ptr<test::ChildProcess> portal(const std::vector<std::string>& mode) {
        std::vector<std::string> argv{UMPIRE_FAKE_PORTAL, bus.address(), dir.file("portal.log")};
        argv.insert(argv.end(), mode.begin(), mode.end());
        auto child = std::make_unique<test::ChildProcess>(argv);
        REQUIRE(child->read_line() == "ready");
        return child;
    }

    std::string portal_log() const {
        std::ifstream in(dir.file("portal.log"));
        std::stringstream s;
        s << in.rdbuf();
        return s.str();
    }
    bool zenity_ran() const { return fs::exists(dir.file("zenity-ran")); }
};

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

} // namespace

TEST_CASE("portal chooser: the file chosen in the portal comes back as a path, asked with title, folder, name and filter") {
    Fixture f;
    const std::string chosen = f.dir.file("my battles/kotal 1857 #2.umpire");  // spaces and '#': URI-escaped on the bus
    const auto portal = f.portal({"choose", chosen});
    CHECK(desk::portal_available(f.places.bus_address));

    const desk::ChooserRequest save{true, "Save a copy as", f.dir.file("kotal-copy.umpire"), "Battle files", "*.umpire"};
    CHECK(desk::desktop_file_chooser(save, f.places) == chosen);
    std::string log = f.portal_log();
    INFO(log);
    CHECK(log.rfind("SaveFile\nSave a copy as\n", 0) == 0);
    CHECK(log.find("'current_name': <'kotal-copy.umpire'>") != std::string::npos);
    CHECK(log.find("'current_folder': <b'" + f.dir.file("").substr(0, f.dir.file("").size() - 1) + "'>") !=
          std::string::npos);
    CHECK(log.find("[('Battle files', [(uint32 0, '*.umpire')])]") != std::string::npos);
    CHECK(log.find("'modal': <true>") != std::string::npos);

    const desk::ChooserRequest open{false, "Open a battle", f.dir.file("demo.umpire"), "Battle files", "*.umpire"};
    CHECK(desk::desktop_file_chooser(open, f.places) == chosen);
    log = f.portal_log();
    CHECK(log.find("OpenFile\nOpen a battle\n") != std::string::npos);
    CHECK_FALSE(f.zenity_ran());
}

TEST_CASE("portal chooser: a cancel in the portal is the user's answer, no other chooser is asked") {
    Fixture f;
    const auto portal = f.portal({"cancel"});
    const desk::ChooserRequest open{false, "Open a battle", "", "Battle files", "*.umpire"};
    CHECK(desk::portal_file_chooser(open, f.places.bus_address).outcome == desk::PortalOutcome::Cancelled);
    CHECK_FALSE(desk::desktop_file_chooser(open, f.places));
    CHECK_FALSE(f.zenity_ran());
}

TEST_CASE("portal chooser: no portal on the bus, no bus, or the portal failing: the next chooser answers") {
    Fixture f;
    const desk::ChooserRequest open{false, "Open a battle", "", "Battle files", "*.umpire"};
    const std::string from_zenity = f.dir.file("from-zenity.umpire");

    SECTION("no portal on the bus: fails at once, not after the wait for the user") {
        CHECK_FALSE(desk::portal_available(f.places.bus_address));
        const auto start = std::chrono::steady_clock::now();
        const desk::PortalAnswer answer = desk::portal_file_chooser(open, f.places.bus_address);
        CHECK(seconds_since(start) < 10.0);
        CHECK(answer.outcome == desk::PortalOutcome::Unavailable);
        CHECK(answer.why.find("org.freedesktop.portal.Desktop") != std::string::npos);
        CHECK(desk::desktop_file_chooser(open, f.places) == from_zenity);
        CHECK(f.zenity_ran());
    }
    SECTION("no session bus at all, or one that is not there") {
        f.places.bus_address.clear();
        CHECK_FALSE(desk::portal_available(f.places.bus_address));
        CHECK(desk::desktop_file_chooser(open, f.places) == from_zenity);
        f.places.bus_address = "unix:path=" + f.dir.file("no-bus-here");
        CHECK_FALSE(desk::portal_available(f.places.bus_address));
        CHECK(desk::portal_file_chooser(open, f.places.bus_address).why.find("no session bus") == 0);
        CHECK(desk::desktop_file_chooser(open, f.places) == from_zenity);
    }
    SECTION("the portal ends the dialog itself (response 2)") {
        const auto portal = f.portal({"other"});
        CHECK(desk::desktop_file_chooser(open, f.places) == from_zenity);
        CHECK(f.portal_log().rfind("OpenFile\n", 0) == 0);
    }
    SECTION("the portal never answers: given up after the wait, never a frozen desk") {
        const auto portal = f.portal({"silent"});
        f.places.portal_answer = std::chrono::milliseconds(300);
        const auto start = std::chrono::steady_clock::now();
        CHECK(desk::desktop_file_chooser(open, f.places) == from_zenity);
        CHECK(seconds_since(start) < 10.0);
    }
    SECTION("the portal leaves the bus before answering") {
        auto portal = f.portal({"silent"});
        // Ends the portal while the chooser waits: the wait ends with it, long before 15 minutes.
        std::thread ender([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(300));
            portal.reset();
        });
        const auto start = std::chrono::steady_clock::now();
        const desk::PortalAnswer answer = desk::portal_file_chooser(open, f.places.bus_address);
        ender.join();
        CHECK(seconds_since(start) < 10.0);
        CHECK(answer.outcome == desk::PortalOutcome::Unavailable);
        CHECK(answer.why == "the portal left the bus without answering");
    }
}

TEST_CASE("session bus address: DBUS_SESSION_BUS_ADDRESS, else the runtime folder's bus, else none") {
    test::ScratchDir dir;
    std::map<std::string, std::string> vars{{"XDG_RUNTIME_DIR", dir.file("")}};
    auto env = [&](const char* name) -> std::optional<std::string> {
        const auto it = vars.find(name);
        if (it == vars.end()) return std::nullopt;
        return it->second;
    };
    CHECK(desk::session_bus_address(env).empty());  // no socket there: no bus, none started
    const std::string socket_path = dir.file("bus");
    const int fd = socket(AF_UNIX, SOCK_STREAM, 0);
    sockaddr_un where{};
    where.sun_family = AF_UNIX;
    REQUIRE(socket_path.size() < sizeof where.sun_path);
    socket_path.copy(where.sun_path, socket_path.size());
    REQUIRE(bind(fd, reinterpret_cast<const sockaddr*>(&where), sizeof where) == 0);
    CHECK(desk::session_bus_address(env) == "unix:path=" + socket_path);
    close(fd);
    vars["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=/run/user/1000/bus";
    CHECK(desk::session_bus_address(env) == "unix:path=/run/user/1000/bus");
}
