#include "store/postgres/notices.h"

#include "store/battle_store.h"
#include "store/postgres/schema.h"

#include <algorithm>
#include <charconv>

namespace umpire::store::postgres {

class JournalListener::Receiver : public pqxx::notification_receiver {
public:
    Receiver(pqxx::connection_base& conn, std::string battle)
        : pqxx::notification_receiver(conn, kJournalChannel), battle_(std::move(battle)) {}

    void operator()(const std::string& payload, int) override {
        const std::size_t space = payload.rfind(' ');
        if (space == std::string::npos || payload.compare(0, space, battle_) != 0 || space != battle_.size()) return;
        std::int64_t last = 0;
        const char* end = payload.data() + payload.size();
        if (std::from_chars(payload.data() + space + 1, end, last).ptr == end) heard(last);
    }

    void heard(std::int64_t last) { newest = std::max(newest, last); }

    std::int64_t newest = 0;

private:
    std::string battle_;
};

void notify_entry(Statements& statements, const std::string& battle, std::int64_t last) {
    statements.add("SELECT pg_notify($1, $2)", kJournalChannel, battle + " " + std::to_string(last));
}

JournalListener::JournalListener(const Address& address) : address_(address), conn_(connect(address)) {
    try {
        receiver_ = std::make_unique<Receiver>(*conn_, address_.battle);  // LISTEN, now
        pqxx::nontransaction tx(*conn_);
        const pqxx::result r =
            tx.exec_params("SELECT journal_last FROM umpire_battles WHERE name = $1", address_.battle);
        if (!r.empty()) receiver_->heard(r[0][0].as<std::int64_t>());
    } catch (const pqxx::failure& e) {
        receiver_.reset();
        server_failure("listen to", address_, e);
    }
}

JournalListener::~JournalListener() {
    // Closed first, so that the receiver leaves without a word to the server (an UNLISTEN on a
    // connection that may be gone, or a reconnection to send it): closing stops the listening.
    conn_->disconnect();
    receiver_.reset();
}

std::int64_t JournalListener::newest() {
    try {
        // Reads what the socket holds, never waiting. Twice: a connection the server drops sends
        // its last words before it closes, and the close is seen only by the read after them.
        for (int i = 0; i < 2 && conn_->is_open(); ++i) conn_->get_notifs();
    } catch (const pqxx::broken_connection&) {
        // said below
    } catch (const pqxx::failure& e) {
        server_failure("listen to", address_, e);
    }
    if (!conn_->is_open())
        throw StoreError("lost the connection to " + address_.shown, StoreProblem::Io);
    return receiver_->newest;
}

} // namespace umpire::store::postgres
