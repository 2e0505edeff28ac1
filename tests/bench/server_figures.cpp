#include "server_figures.h"

#include <stdexcept>
#include <thread>

namespace umpire::bench {

namespace {

constexpr const char* kTable = "umpire_bench_floor";
constexpr const char* kChannel = "umpire_bench_floor";

// The notices of the floor's channel: the newest row one named.
class Heard : public pqxx::notification_receiver {
public:
    explicit Heard(pqxx::connection_base& conn) : pqxx::notification_receiver(conn, kChannel) {}
    void operator()(const std::string& payload, int) override { newest = std::max(newest, std::stoll(payload)); }
    long long newest = 0;
};

} // namespace

std::string battle_on(const std::string& server, const std::string& name) {
    return server + (server.find('?') == std::string::npos ? "?" : "&") + "battle=" + name;
}

void analyse_now(const std::string& server) {
    pqxx::connection conn(server);
    pqxx::nontransaction tx(conn);
    tx.exec("ANALYZE");
}

ServerFloors::ServerFloors(const std::string& server)
    : server_(server), writer_(std::make_unique<pqxx::connection>(server)) {
    pqxx::work tx(*writer_);
    tx.exec(std::string("CREATE TABLE IF NOT EXISTS ") + kTable + " (id BIGSERIAL PRIMARY KEY, v TEXT NOT NULL)");
    tx.commit();
}

ServerFloors::~ServerFloors() {
    try {
        pqxx::work tx(*writer_);
        tx.exec(std::string("DROP TABLE IF EXISTS ") + kTable);
        tx.commit();
    } catch (const std::exception&) {
        // the server gone: nothing of ours is left on it to drop
    }
}

double ServerFloors::commit_one() {
    const auto start = Clock::now();
    pqxx::work tx(*writer_);
    tx.exec_params(std::string("INSERT INTO ") + kTable + " (v) VALUES ($1)", "one row");
    tx.commit();
    return ms_since(start);
}

std::string ServerFloors::durability() {
    pqxx::read_transaction tx(*writer_);
    const pqxx::row r = tx.exec1("SELECT current_setting('synchronous_commit'), current_setting('fsync')");
    return "synchronous_commit " + r[0].as<std::string>() + ", fsync " + r[1].as<std::string>();
}

Samples ServerFloors::notice_and_read(int samples) {
    pqxx::connection reader(server_);
    Heard heard(reader);  // LISTEN, before the first write
    Samples s;
    for (int i = 0; i < samples; ++i) {
        long long id = 0;
        {
            pqxx::work tx(*writer_);
            id = tx.exec_params(std::string("INSERT INTO ") + kTable + " (v) VALUES ($1) RETURNING id", "one row")[0][0]
                     .as<long long>();
            tx.exec_params("SELECT pg_notify($1, $2)", kChannel, std::to_string(id));
            tx.commit();
        }
        const auto start = Clock::now();
        for (reader.get_notifs(); heard.newest < id; reader.get_notifs()) {
            if (Clock::now() - start > kGiveUp) throw std::runtime_error("a bare notice was not heard in 10 s");
            std::this_thread::sleep_for(kPoll);
        }
        pqxx::read_transaction tx(reader);
        if (tx.exec_params(std::string("SELECT v FROM ") + kTable + " WHERE id = $1", id).size() != 1)
            throw std::runtime_error("the row a bare notice named is not there");
        tx.commit();
        s.add(ms_since(start));
    }
    return s;
}

} // namespace umpire::bench
