#pragma once
// View > Players' phones: the open battle served to the players' phones from the desk, through
// the same module as `umpire serve` (core/serve). It follows the battle file on a connection of
// its own, so the desk's Apply only commits as before; the pages learn of it from SQLite.
// No drawing here: the panel (panels/phones_panel.cpp) shows what this holds.
#include "serve/follower.h"
#include "serve/qr.h"
#include "serve/server.h"

#include <memory>
#include <string>
#include <vector>

namespace umpire::desk {

class Phones {
public:
    struct Page {
        std::string name;
        std::string url;
        serve::QrCode qr;
    };

    // Serves the battle at `battle_path`: a file, or a server's address with its password if it
    // needs one (Desk::connection(); never shown). The port in `options`; when it is taken, any
    // free one. False, with error() saying why, when it cannot.
    bool start(const std::string& battle_path, serve::ServeOptions options = {});
    void stop();
    bool serving() const { return server_ != nullptr; }
    const std::string& battle_path() const { return path_; }
    const std::string& error() const { return error_; }

    // The pages' addresses and their QR codes (new sides get theirs as they appear).
    const std::vector<Page>& pages();
    // New addresses for every page: the old ones stop working.
    void new_addresses();
    std::vector<serve::Phone> phones() const;
    int port() const;

private:
    std::string path_;
    std::string error_;
    serve::Pages pages_;
    std::unique_ptr<serve::Follower> follower_;
    std::unique_ptr<serve::Server> server_;
    std::vector<Page> shown_;
    std::vector<serve::PageAddress> shown_for_;
};

} // namespace umpire::desk
