#include "desk/invite.h"

#include "host/local_server.h"
#include "store/backends.h"
#include "store/postgres/address.h"

#include <exception>

namespace umpire::desk {

namespace {

// The host and port of a libpq URI (postgresql://USER@HOST:PORT/DB...): "" and 0 when not said.
void host_and_port(const std::string& uri, std::string& host, int& port) {
    std::size_t at = uri.find("://");
    at = at == std::string::npos ? 0 : at + 3;
    const std::size_t end = uri.find_first_of("/?", at);
    std::string authority = uri.substr(at, end == std::string::npos ? std::string::npos : end - at);
    if (const std::size_t user = authority.rfind('@'); user != std::string::npos) authority.erase(0, user + 1);
    const std::size_t colon = authority.rfind(':');
    host = authority.substr(0, colon);
    port = 5432;
    if (colon != std::string::npos) {
        try {
            port = std::stoi(authority.substr(colon + 1));
        } catch (const std::exception&) {
            port = 0;
        }
    }
}

bool this_machine(const std::string& host) {
    return host.empty() || host == "localhost" || host == "127.0.0.1" || host == "::1" || host == "[::1]" ||
           host.front() == '/';
}

} // namespace

UmpireInvite invite_for(const std::string& where, const std::string& server_folder) {
    UmpireInvite invite;
    if (!store::is_server_address(where)) {
        invite.how = "This battle is a file on this laptop: only this desk writes to it. To run it with other "
                     "umpires, host it on this laptop's own server (umpire host FILE, in a terminal), then open "
                     "the address it prints here and give it, with the password, to the other umpires.";
        return invite;
    }
    const store::postgres::Address address = store::postgres::parse_address(where);
    invite.address = address.shown;
    std::string host;
    int port = 0;
    host_and_port(address.connection, host, port);
    // Hosted here: the address the others type is this laptop's on the network, and the password
    // is the app's server's.
    if (this_machine(host)) {
        try {
            const host::LocalServer local(server_folder);
            if (local.initialised() && local.port() == port) {
                invite.address = local.address(host::reachable_host(), address.battle);
                invite.password = local.password();
            }
        } catch (const std::exception&) {
            // No server of the app's own here (PostgreSQL not installed, or run as root): the address as opened.
        }
    }
    invite.how = invite.password.empty()
                     ? "Each umpire opens this address at his desk (File > Open, or umpire 'ADDRESS'), with the "
                       "password the battle's host gave, in PGPASSWORD or ~/.pgpass."
                     : "Each umpire on this network opens this address at his desk (File > Open, or umpire "
                       "'ADDRESS' in a terminal), with this password in PGPASSWORD or ~/.pgpass. Everything is "
                       "sent over TLS.";
    return invite;
}

} // namespace umpire::desk
