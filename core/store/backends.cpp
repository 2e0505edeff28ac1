#include "store/backends.h"

#include "store/battle_file.h"
#include "store/battle_image.h"
#include "store/checksum.h"
#include "store/copy.h"
#include "store/postgres/address.h"
#include "store/rebuild.h"
#include "store/seal.h"
#include "store/server_backend.h"

#include <filesystem>
#include <random>

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

namespace {

// A server's battle, damaged, as the rows and the seal say: the salvage every backend shares.
RecoverReport recover_from_server(const std::string& from, const std::string& output) {
    const detail::BattleImage image = server_for(from).read_image(from);
    detail::Found found;
    for (const detail::StoredEntry& e : image.rows) found.rows.push_back({e.row, e.checksum, e.head, e.umpire});
    if (image.seal.origin) found.origins.push_back(*image.seal.origin);
    found.origin_checksum = image.seal.origin_checksum;
    found.journal_last = image.seal.journal_last;
    const detail::Salvaged salvaged = detail::salvage(found);
    RecoverReport report;
    model::Battle origin;
    if (salvaged.origin) {
        origin = *salvaged.origin;
        report.origin = "the starting state kept on the server";
    } else {
        // Without an intact start: the state with the journal reverted, if the state and every entry hold.
        if (!salvaged.lost.empty() || detail::state_checksum(image.state) != image.seal.state_checksum)
            throw StoreError("cannot rebuild " + shown(from) + ": " + salvaged.origin_source +
                             ", and the state or the journal is damaged too, so the start cannot be found");
        origin = detail::revert_journal(image.state, salvaged.entries);
        report.origin = "the current state with the journal reverted (" + salvaged.origin_source + ")";
    }
    return detail::rebuild(salvaged, origin, std::move(report), shown(from), output);
}

} // namespace

RecoverReport recover_battle(const std::string& from, const std::string& to) {
    if (!is_server_address(to)) {
        if (!is_server_address(from)) return recover_file(from, to);
        return recover_from_server(from, to);
    }
    // Onto a server: rebuilt as a file first (checked there), then copied, row for row.
    server_for(to);
    namespace fs = std::filesystem;
    const fs::path scratch =
        fs::temp_directory_path() / ("umpire-recover-" + std::to_string(std::random_device{}()) + ".umpire");
    struct Remove {
        fs::path path;
        ~Remove() {
            std::error_code ec;
            fs::remove(path, ec);
        }
    } remove{scratch};
    RecoverReport report = is_server_address(from) ? recover_from_server(from, scratch.string())
                                                   : recover_file(from, scratch.string());
    copy_battle(scratch.string(), to);
    return report;
}

CheckReport check_battle(const std::string& where) {
    if (!is_server_address(where)) return check_file(where);
    const std::string where_shown = postgres::parse_address(where).shown;
    return detail::check_image(where_shown, server_backend().read_image(where));
}

} // namespace umpire::store
