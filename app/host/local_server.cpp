#include "host/local_server.h"

#include "paths.h"

#include "host/program.h"
#include "serve/network.h"
#include "serve/tokens.h"

#include <netinet/in.h>
#include <pwd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace umpire::host {

namespace fs = std::filesystem;

namespace {

constexpr const char* kAdmin = "umpire_host";  // the administrator's role: the app's own user, through the socket
constexpr const char* kUmpires = "umpire";     // the other umpires' role, and the database of the battles

std::string newest_bindir() {
    std::vector<fs::path> found;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator("/usr/lib/postgresql", ec))
        if (fs::exists(entry.path() / "bin" / "initdb", ec) && fs::exists(entry.path() / "bin" / "psql", ec))
            found.push_back(entry.path() / "bin");
    if (found.empty())
        throw std::runtime_error("PostgreSQL's server is not installed (no initdb under /usr/lib/postgresql): "
                                 "install the Debian package postgresql (apt-get install postgresql)");
    // Versions are numbers (15, 16): the newest is the one with the greatest.
    std::sort(found.begin(), found.end(), [](const fs::path& a, const fs::path& b) {
        const std::string x = a.parent_path().filename().string(), y = b.parent_path().filename().string();
        return x.size() != y.size() ? x.size() < y.size() : x < y;
    });
    return found.back().string();
}

std::string read_text(const fs::path& path) {
    std::ifstream in(path);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

void write_text(const fs::path& path, const std::string& text, fs::perms perms = fs::perms::owner_read | fs::perms::owner_write) {
    {
        std::ofstream out(path, std::ios::trunc);
        out << text;
        if (!out.flush()) throw std::runtime_error("cannot write " + path.string());
    }
    fs::permissions(path, perms);
}

std::string trimmed(std::string text) {
    while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
    return text;
}

// The last lines of the server's log, for a start that failed.
std::string log_tail(const fs::path& log) {
    std::istringstream in(read_text(log));
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    std::string out;
    for (std::size_t i = lines.size() > 6 ? lines.size() - 6 : 0; i < lines.size(); ++i) out += "\n  " + lines[i];
    return out;
}

// Whether another program listens on `port` (a server of ours that runs is checked for before).
bool port_in_use(int port) {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) return false;
    const int yes = 1;
    ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);  // a port in TIME_WAIT is free
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(static_cast<std::uint16_t>(port));
    a.sin_addr.s_addr = htonl(INADDR_ANY);
    const bool used = ::bind(fd, reinterpret_cast<const sockaddr*>(&a), sizeof a) != 0 && errno == EADDRINUSE;
    ::close(fd);
    return used;
}

void require_free(int port) {
    if (port_in_use(port))
        throw std::invalid_argument("port " + std::to_string(port) +
                                    " is in use by another program: choose another with --port");
}

std::string user_name() {
    const passwd* p = ::getpwuid(::geteuid());
    if (!p) throw std::runtime_error("cannot tell which user this is (no entry for user id " + std::to_string(::geteuid()) + ")");
    return p->pw_name;
}

// A setting's value in PostgreSQL's configuration syntax: quoted, a quote doubled.
std::string setting_text(const std::string& value) {
    std::string out = "'";
    for (char c : value) out += c == '\'' ? std::string("''") : std::string(1, c);
    return out + "'";
}

} // namespace

LocalServer::LocalServer(std::string folder)
    : folder_(std::move(folder)), data_((fs::path(folder_) / "cluster").string()) {
    if (::geteuid() == 0)
        throw std::runtime_error("PostgreSQL refuses to run as root, so the server cannot be hosted by root: "
                                 "run this as an ordinary user (as root: runuser -u USER -- umpire host ...)");
    bindir_ = newest_bindir();
}

bool LocalServer::initialised() const { return fs::exists(fs::path(folder_) / "ready"); }

bool LocalServer::running() const {
    if (!initialised()) return false;
    return run_program({bindir_ + "/pg_ctl", "-D", data_, "status"}, folder_).exit_code == 0;
}

int LocalServer::port() const {
    const std::string text = read_text(fs::path(data_) / "umpire-port.conf");  // "port = N"
    const std::size_t eq = text.find('=');
    return eq == std::string::npos ? kDefaultPort : std::stoi(text.substr(eq + 1));
}

std::string LocalServer::password() const { return trimmed(read_text(fs::path(folder_) / "password")); }

std::string LocalServer::run(const std::vector<std::string>& argv, const std::string& doing) const {
    const ProgramRun r = run_program(argv, folder_);
    if (r.exit_code != 0)
        throw std::runtime_error("could not " + doing + " (" + argv[0] + " failed): " + trimmed(r.output));
    return r.output;
}

std::string LocalServer::sql(const std::string& statement, const std::string& database) const {
    return run({bindir_ + "/psql", "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-h", folder_, "-p",
                std::to_string(port()), "-U", kAdmin, "-d", database, "-c", statement},
               "ask the server");
}

void LocalServer::write_port(int port) const {
    write_text(fs::path(data_) / "umpire-port.conf", "port = " + std::to_string(port) + "\n");
}

void LocalServer::initialise(int port) {
    std::error_code ec;
    if (fs::exists(fs::path(data_) / "postmaster.pid", ec))  // an interrupted first time's server, still up
        run_program({bindir_ + "/pg_ctl", "-D", data_, "-m", "immediate", "-w", "stop"}, folder_);
    require_free(port);
    fs::remove_all(data_, ec);  // what an interrupted first time left (it never reached "ready")
    fs::create_directories(folder_);
    fs::permissions(folder_, fs::perms::owner_all);
    run({bindir_ + "/initdb", "-D", data_, "-U", kAdmin, "--auth-local=peer", "--auth-host=reject", "--encoding=UTF8",
         "--locale=C.UTF-8"},
        "make the server's cluster");

    // TLS with a certificate of its own: the umpires' traffic is encrypted on the hall's network.
    const std::string openssl = "/usr/bin/openssl";
    if (!fs::exists(openssl))
        throw std::runtime_error("the openssl command is not installed: install the Debian package openssl "
                                 "(apt-get install openssl)");
    const fs::path key = fs::path(data_) / "server.key";
    run({openssl, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "3650", "-subj", "/CN=" + reachable_host(),
         "-keyout", key.string(), "-out", (fs::path(data_) / "server.crt").string()},
        "make the server's TLS certificate");
    fs::permissions(key, fs::perms::owner_read | fs::perms::owner_write);  // PostgreSQL insists

    // The app's user administers it through the socket; the umpires sign in with their password,
    // over TLS from other machines.
    write_text(fs::path(data_) / "pg_ident.conf", std::string("app ") + user_name() + " " + kAdmin + "\n");
    write_text(fs::path(data_) / "pg_hba.conf",
               std::string("# umpire host: the app's user through the socket, the umpires by password (TLS from elsewhere)\n") +
                   "local   all  " + kAdmin + "  peer map=app\n" +
                   "local   all  " + kUmpires + "  scram-sha-256\n" +
                   "host    all  " + kUmpires + "  127.0.0.1/32  scram-sha-256\n" +
                   "host    all  " + kUmpires + "  ::1/128  scram-sha-256\n" +
                   "hostssl all  " + kUmpires + "  0.0.0.0/0  scram-sha-256\n" +
                   "hostssl all  " + kUmpires + "  ::/0  scram-sha-256\n");
    std::ofstream conf(fs::path(data_) / "postgresql.conf", std::ios::app);
    conf << "\n# umpire host\nlisten_addresses = '*'\nunix_socket_directories = " << setting_text(folder_)
         << "\nssl = on\nssl_cert_file = 'server.crt'\nssl_key_file = 'server.key'\n"
            "password_encryption = 'scram-sha-256'\ninclude_if_exists = 'umpire-port.conf'\n";
    if (!conf.flush()) throw std::runtime_error("cannot write the server's settings in " + data_);
    conf.close();

    const std::string password = serve::random_token();  // 128 bits: hex, so no quoting anywhere
    write_text(fs::path(folder_) / "password", password + "\n");
    start_on(port);
    sql(std::string("CREATE ROLE ") + kUmpires + " LOGIN PASSWORD '" + password + "'", "postgres");
    sql(std::string("CREATE DATABASE ") + kUmpires + " OWNER " + kUmpires, "postgres");
    write_text(fs::path(folder_) / "ready", "made by umpire host\n");
}

void LocalServer::start(std::optional<int> port) { start_on(port ? *port : this->port()); }

void LocalServer::start_on(int port) {
    require_free(port);
    write_port(port);
    const fs::path log = fs::path(folder_) / "server.log";
    const ProgramRun r = run_program({bindir_ + "/pg_ctl", "-D", data_, "-l", log.string(), "-w", "-t", "60", "start"}, folder_);
    if (r.exit_code != 0)
        throw std::runtime_error("the server did not start (" + trimmed(r.output) + "); its log, " + log.string() +
                                 ", ends:" + log_tail(log));
}

void LocalServer::stop() { run({bindir_ + "/pg_ctl", "-D", data_, "-m", "fast", "-w", "stop"}, "stop the server"); }

std::vector<std::string> LocalServer::battles() const {
    std::vector<std::string> names;
    if (trimmed(sql("SELECT to_regclass('public.umpire_battles') IS NOT NULL", kUmpires)) != "t") return names;
    std::istringstream in(sql("SELECT name FROM umpire_battles ORDER BY name", kUmpires));
    for (std::string line; std::getline(in, line);)
        if (!line.empty()) names.push_back(line);
    return names;
}

std::string LocalServer::address(const std::string& host, const std::string& battle) const {
    const std::string shown_host = host.find(':') != std::string::npos ? "[" + host + "]" : host;
    return std::string("postgresql://") + kUmpires + "@" + shown_host + ":" + std::to_string(port()) + "/" + kUmpires +
           "?sslmode=require&battle=" + battle;
}

std::string LocalServer::own_address(const std::string& battle) const {
    return std::string("postgresql://") + kUmpires + ":" + password() + "@127.0.0.1:" + std::to_string(port()) + "/" +
           kUmpires + "?battle=" + battle;
}

std::string app_server_folder() { return (std::filesystem::path(app::data_dir()) / "server").string(); }

std::string reachable_host() {
    const std::vector<std::string> addresses = serve::local_addresses();
    if (!addresses.empty()) return addresses.front();
    char name[256] = "";
    if (::gethostname(name, sizeof name - 1) == 0 && *name) return name;
    return "localhost";
}

std::string battle_name_for(const std::string& file) {
    std::string name = fs::path(file).stem().string();
    for (char& c : name)
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.'))
            c = '-';
    if (name.size() > 63) name.resize(63);
    return name.empty() ? "battle" : name;
}

} // namespace umpire::host
