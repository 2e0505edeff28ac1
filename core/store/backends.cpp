#include "store/backends.h"

#include "store/battle_file.h"
#include "store/battle_image.h"
#include "store/copy.h"
#include "store/postgres/address.h"
#include "store/server_backend.h"

namespace umpire::store {

namespace {

// The server's side, for the battle at `address`: the address is read first, so that a bad one is
// the user's mistake (StoreError) whether or not the module that reaches servers is there.
const ServerBackend& server_for(const std::string& address) {
    postgres::parse_address(address);
    return server_backend();
}

detail::BattleImage read_any(const std::string& where) {
    return is_server_address(where) ? server_for(where).read_image(where) : detail::read_file_image(where);
}

// What a check found wrong, in a line ("" when sound).
std::string findings(const CheckReport& r) {
    std::string out;
    for (const std::string* part : {&r.checksums, &r.replay, &r.unchecked})
        if (!part->empty()) out += (out.empty() ? "" : "; ") + *part;
    return out;
}

} // namespace

bool is_server_address(const std::string& where) { return postgres::is_address(where); }

std::string shown(const std::string& where) {
    return is_server_address(where) ? postgres::parse_address(where).shown : where;
}

std::unique_ptr<BattleStore> open_store(const std::string& where, const OpenOptions& options) {
    if (is_server_address(where)) return server_for(where).open(where, options);
    return std::make_unique<BattleFile>(BattleFile::open(where, options));
}

void create_battle(const std::string& where, const model::Battle& battle) {
    if (is_server_address(where)) return server_for(where).write_image(where, detail::new_image(battle));
    BattleFile::write_new(where, battle);
}

void copy_battle(const std::string& from, const std::string& to) {
    if (!is_server_address(from) && !is_server_address(to)) return save_copy(from, to);
    const detail::BattleImage image = read_any(from);
    const CheckReport source = detail::check_image(from, image);
    if (!source.sound())
        throw StoreError(from + " is damaged (" + findings(source) + "), so nothing of it was copied");
    if (is_server_address(to))
        server_for(to).write_image(to, image);
    else
        detail::write_file_image(to, image);
    const CheckReport landed = detail::check_image(to, read_any(to));
    if (!landed.sound() || landed.entries != source.entries)
        throw StoreError("the copy at " + to + " does not read back as the battle copied (" + findings(landed) +
                             "); it is left there for a look",
                         StoreProblem::Io);
}

CheckReport check_battle(const std::string& where) {
    if (!is_server_address(where)) return check_file(where);
    const std::string where_shown = postgres::parse_address(where).shown;
    return detail::check_image(where_shown, server_backend().read_image(where));
}

} // namespace umpire::store
