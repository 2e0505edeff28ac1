#pragma once
// The app's own PostgreSQL server, for several umpires on one battle (`umpire host`): a cluster
// kept under the app's data folder, made the first time with Debian's PostgreSQL binaries,
// listening on every network of this machine with TLS (a self-signed certificate made with it)
// and password authentication for the umpires' role; the app's own user reaches it as its
// administrator through the socket in that folder. It runs in the background (pg_ctl) until
// stopped; its battles stay in the cluster across stops and starts.
//
// Errors: std::invalid_argument for the user's mistakes (a port in use), std::runtime_error for
// anything else (binaries missing, run as root, a server that would not start), each saying what.
#include <optional>
#include <string>
#include <vector>

namespace umpire::host {

inline constexpr int kDefaultPort = 5440;  // beside PostgreSQL's own 5432, which a system's server may hold

class LocalServer {
public:
    // The server kept in `folder` (made when initialised). Throws when PostgreSQL's server
    // binaries are not installed, or when run as root (PostgreSQL refuses to run as root).
    explicit LocalServer(std::string folder);

    bool initialised() const;
    bool running() const;
    int port() const;              // where it listens (or will, once started)
    std::string password() const;  // the umpires' role's, made at initialisation

    // Makes the cluster (once): initdb, the certificate, the settings, the umpires' role with a
    // new password and its database. Leaves it running on `port`.
    void initialise(int port);
    // Starts the cluster made before, on `port` when given (else where it was). Checks the
    // port is free first.
    void start(std::optional<int> port);
    // Stops it (fast: open connections are cut, what is committed stays).
    void stop();

    // The names of the battles it holds.
    std::vector<std::string> battles() const;
    // A battle's address as the other umpires reach it from `host`: TLS required, no password in it.
    std::string address(const std::string& host, const std::string& battle) const;
    // A battle's address for this program, through the loopback, password included.
    std::string own_address(const std::string& battle) const;

private:
    std::string run(const std::vector<std::string>& argv, const std::string& doing) const;
    std::string sql(const std::string& statement, const std::string& database) const;
    void write_port(int port) const;
    void start_on(int port);

    std::string folder_;
    std::string data_;    // the cluster (PGDATA)
    std::string bindir_;  // /usr/lib/postgresql/<newest>/bin
};

// Where the app keeps its own server: the data folder's "server" (XDG_DATA_HOME/umpire/server).
std::string app_server_folder();

// The host the other umpires type: this machine's address on its network when it has one, else its name.
std::string reachable_host();

// A battle's name on the server from its file's name: the file's stem, each character a name
// cannot hold made '-'.
std::string battle_name_for(const std::string& file);

} // namespace umpire::host
