#pragma once
// The big battle on a PostgreSQL server (the bench's `server` group): the floors a desk on a
// server is read against, each on plain libpqxx connections to the same server, and the time
// from one desk's Apply to another desk showing the entry.
#include "samples.h"

#include <pqxx/pqxx>

#include <memory>
#include <string>

namespace umpire::bench {

// `server` (a libpq URI) naming the battle `name` on it (postgresql://...?battle=NAME).
std::string battle_on(const std::string& server, const std::string& name);

// Has the server gather its statistics of every table now (ANALYZE), as its autovacuum does about
// a minute after many rows came in: until then the planner takes a battle's journal just copied
// there for a few rows, and may scan all of it where an index would go straight to the end.
void analyse_now(const std::string& server);

// A plain table of the bench's own on the server (created here, dropped when done), written on a
// connection of its own with the server's own durability, as every desk's write is.
class ServerFloors {
public:
    explicit ServerFloors(const std::string& server);
    ~ServerFloors();
    ServerFloors(const ServerFloors&) = delete;
    ServerFloors& operator=(const ServerFloors&) = delete;

    // One row inserted in a transaction, committed: the floor of a desk's Apply, Undo or Redo.
    double commit_one();

    // The durability the floor's commits have, as its connection reads the server's settings
    // ("synchronous_commit on, fsync on"): the desk's connection sets none of them, so it is the
    // desk's too, and the row says so.
    std::string durability();

    // The floor of one desk seeing another's write, `samples` times: a row inserted with a notice
    // in the same transaction, committed; a second plain connection, listening, looks for the
    // notice as the desk does (never waiting, again after kPoll until it comes) and reads the new
    // row. Timed from the commit's return to the row read.
    Samples notice_and_read(int samples);

private:
    std::string server_;
    std::unique_ptr<pqxx::connection> writer_;
};

// How often a look for another desk's write is made while timing it (the desk's own look never
// waits, so it is looked at again and again): the granularity of the commit-to-visible figures.
inline constexpr std::chrono::microseconds kPoll{250};

// How long a write may take to be seen before the bench gives up (the promise is 1 s).
inline constexpr std::chrono::seconds kGiveUp{10};

} // namespace umpire::bench
