#pragma once
// What another umpire needs to join the battle open at the desk (View > Other umpires): the
// address to open, and the password when this laptop hosts the battle on the app's own server
// (`umpire host`), with what to type. A battle file on this laptop has none: it says how to host it.
#include <string>

namespace umpire::desk {

struct UmpireInvite {
    std::string address;   // what the other umpires open; "" for a battle file
    std::string password;  // the umpires' password, when this laptop hosts the server ("" otherwise)
    std::string how;       // one paragraph: what to do with them
};

// `where`: the battle as the desk names it (a file's path, or a server's address without password).
// `server_folder`: where the app keeps its own server (host::app_server_folder()).
UmpireInvite invite_for(const std::string& where, const std::string& server_folder);

} // namespace umpire::desk
