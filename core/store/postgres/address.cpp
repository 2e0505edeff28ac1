#include "store/postgres/address.h"

#include "store/battle_store.h"

#include <algorithm>

namespace umpire::store::postgres {

namespace {

bool starts_with(const std::string& text, const std::string& start) { return text.rfind(start, 0) == 0; }

bool good_name(const std::string& name) {
    return !name.empty() && name.size() <= 63 && std::all_of(name.begin(), name.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' ||
               c == '.';
    });
}

// The URI with the password between "user:" and "@" left out.
std::string without_password(const std::string& uri) {
    const std::size_t scheme = uri.find("://");
    if (scheme == std::string::npos) return uri;
    const std::size_t host_start = scheme + 3;
    const std::size_t path = uri.find_first_of("/?", host_start);
    const std::size_t at = uri.rfind('@', path == std::string::npos ? uri.size() : path);
    if (at == std::string::npos || at < host_start) return uri;
    const std::size_t colon = uri.find(':', host_start);
    if (colon == std::string::npos || colon > at) return uri;
    return uri.substr(0, colon) + uri.substr(at);
}

} // namespace

bool is_address(const std::string& text) { return starts_with(text, "postgresql://") || starts_with(text, "postgres://"); }

Address parse_address(const std::string& text) {
    if (!is_address(text)) throw StoreError(text + " is not a server address (postgresql://USER@HOST:PORT/DB?battle=NAME)");
    Address a;
    const std::size_t query = text.find('?');
    std::string kept;  // the query's other parameters, for libpq
    if (query != std::string::npos) {
        std::size_t at = query + 1;
        while (at <= text.size()) {
            const std::size_t end = std::min(text.find('&', at), text.size());
            const std::string pair = text.substr(at, end - at);
            if (starts_with(pair, "battle="))
                a.battle = pair.substr(7);
            else if (!pair.empty())
                kept += (kept.empty() ? "?" : "&") + pair;
            at = end + 1;
        }
    }
    // A hall's network that drops must not hang a desk or a command for minutes (libpq waits as
    // long as TCP does unless told): a connection attempt gives up after 5 s and a connection whose
    // server stopped answering is found dead after about 10 s. An address may set its own.
    for (const char* fallback : {"connect_timeout=5", "keepalives_idle=5", "keepalives_interval=2", "keepalives_count=3",
                                 "tcp_user_timeout=10000"}) {
        const std::string name = std::string(fallback).substr(0, std::string(fallback).find('=') + 1);
        if (kept.find("?" + name) == std::string::npos && kept.find("&" + name) == std::string::npos)
            kept += (kept.empty() ? "?" : "&") + std::string(fallback);
    }
    a.connection = text.substr(0, query) + kept;
    a.shown = without_password(text);
    if (a.battle.empty())
        throw StoreError(a.shown + " names no battle: add ?battle=NAME (the battle's name on that server)");
    if (!good_name(a.battle))
        throw StoreError(a.shown + ": \"" + a.battle + "\" is not a battle name (1 to 63 letters, digits, '-', '_' or '.')");
    return a;
}

} // namespace umpire::store::postgres
