#include "desk/phones.h"

#include "serve/network.h"

#include <exception>

namespace umpire::desk {

bool Phones::start(const std::string& battle_path, serve::ServeOptions options) {
    stop();
    try {
        follower_ = std::make_unique<serve::Follower>(battle_path, pages_);
        server_ = std::make_unique<serve::Server>(pages_, options);
        try {
            server_->start();
        } catch (const serve::ServeError& e) {
            if (e.bad_input() || options.port == 0) throw;
            // The usual port is taken (another battle served?): any free one will do, the
            // addresses say which.
            options.port = 0;
            server_ = std::make_unique<serve::Server>(pages_, options);
            server_->start();
        }
        follower_->start();
    } catch (const std::exception& e) {
        error_ = std::string("Cannot serve the battle to phones: ") + e.what();
        server_.reset();
        follower_.reset();
        return false;
    }
    path_ = battle_path;
    error_.clear();
    return true;
}

void Phones::stop() {
    if (follower_) follower_->stop();
    if (server_) server_->stop();
    server_.reset();
    follower_.reset();
    shown_.clear();
    shown_for_.clear();
    path_.clear();
}

const std::vector<Phones::Page>& Phones::pages() {
    if (!server_) return shown_;
    auto now = server_->addresses();
    const bool same = now.size() == shown_for_.size() &&
                      std::equal(now.begin(), now.end(), shown_for_.begin(), [](const auto& a, const auto& b) {
                          return a.path == b.path && a.name == b.name;
                      });
    if (same) return shown_;
    shown_.clear();
    const std::string host = serve::hosts_for(server_->options().bind).front();
    for (const auto& a : now) {
        Page p{a.name, serve::page_url(host, server_->port(), a.path), {}};
        p.qr = serve::qr_code(p.url);
        shown_.push_back(std::move(p));
    }
    shown_for_ = std::move(now);
    return shown_;
}

void Phones::new_addresses() {
    if (server_) server_->new_tokens();
}

std::vector<serve::Phone> Phones::phones() const { return server_ ? server_->phones() : std::vector<serve::Phone>{}; }

int Phones::port() const { return server_ ? server_->port() : 0; }

} // namespace umpire::desk
