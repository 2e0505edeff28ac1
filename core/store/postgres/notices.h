#pragma once
// Internal to the PostgreSQL backend: every desk on a battle sees every change within a second.
// Each committed write sends a notice naming the battle and its new last entry, in the write's
// own transaction, so a notice comes only with a commit; a desk listens on a connection of its
// own and looks at what came in without ever waiting. A notice is only a hint: whoever hears one
// reads the journal from the last entry it has seen, so a notice lost with a dropped connection
// is caught up by the read made when it is back.
#include "store/postgres/address.h"
#include "store/postgres/statements.h"

#include <pqxx/pqxx>

#include <cstdint>
#include <memory>
#include <string>

namespace umpire::store::postgres {

// The one channel every battle's notices go on; the payload names the battle ("NAME LAST").
inline constexpr const char* kJournalChannel = "umpire_journal";

// Adds to a write's statements the notice that `battle`'s journal now ends at entry `last`,
// delivered when their transaction commits.
void notify_entry(Statements& statements, const std::string& battle, std::int64_t last);

// A connection that listens for one battle's notices.
class JournalListener {
public:
    // Connects (as the address says, its connect timeout included) and listens; the battle's last
    // entry as it stands once listening counts as the first notice, so a write made before is not
    // missed. Throws StoreError (Io) when the server cannot be reached.
    explicit JournalListener(const Address& address);
    JournalListener(const JournalListener&) = delete;
    JournalListener& operator=(const JournalListener&) = delete;
    ~JournalListener();

    // The newest entry a notice has named so far, after taking in, without waiting, whatever
    // notices have come. Throws StoreError (Io) once the connection is lost.
    std::int64_t newest();

private:
    class Receiver;
    Address address_;
    std::unique_ptr<pqxx::connection> conn_;
    std::unique_ptr<Receiver> receiver_;  // destroyed before the connection it listens on
};

} // namespace umpire::store::postgres
