#pragma once
// The XDG desktop portal's file chooser (org.freedesktop.portal.FileChooser on the session bus):
// the desktop's own dialog, also from inside a sandbox, and the first chooser the desk tries.
// Where there is no session bus, no portal on it or the portal fails, the answer says so and the
// caller falls back to the next chooser; a cancel in the portal is the user's answer.
#include "desk/file_chooser.h"

#include <chrono>
#include <string>

namespace umpire::desk {

enum class PortalOutcome {
    Chosen,      // the user chose `path`
    Cancelled,   // the user cancelled: no other chooser is asked
    Unavailable  // no bus, no portal, an error or no answer in time (`why`): try the next chooser
};

struct PortalAnswer {
    PortalOutcome outcome = PortalOutcome::Unavailable;
    std::string path;
    std::string why;
};

struct PortalTimeouts {
    // The method call itself: a portal that is there answers at once with a request handle
    // (D-Bus activation included); one that is not there fails at once.
    std::chrono::milliseconds call{std::chrono::seconds(25)};
    // The user's choice in the dialog: generous, since the desk waits on it, but never forever.
    std::chrono::milliseconds answer{std::chrono::minutes(15)};
};

// The session bus's address: DBUS_SESSION_BUS_ADDRESS, else $XDG_RUNTIME_DIR/bus where that socket
// exists, else empty (no bus: nothing is started to make one).
std::string session_bus_address(const EnvReader& env);

// Asks the portal on the bus at `bus_address` (empty: no bus) to choose a file.
PortalAnswer portal_file_chooser(const ChooserRequest& request, const std::string& bus_address,
                                 const PortalTimeouts& timeouts = {});

// Whether the bus has the portal running or can start it.
bool portal_available(const std::string& bus_address);

} // namespace umpire::desk
