// What of a damaged battle can be trusted: each row by its own checksum (which covers its id, so
// a row read from the wrong place does not pass), the starting state by the seal's checksum or,
// when the seal is lost, by the first row's head, which was folded from it.
#include "store/salvage.h"

#include "store/checksum.h"
#include "store/origin.h"
#include "store/seal.h"

#include <algorithm>
#include <map>
#include <set>

namespace umpire::store::detail {

namespace {

std::optional<model::Battle> parse_origin(const std::string& text) {
    try {
        return battle_from_json(nlohmann::json::parse(text));
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

// The starting state: the copy whose hash the seal holds; with the seal lost, the copy the first
// entry's head was folded from; with neither to check it against, the one copy that reads.
void choose_origin(const Found& found, const std::map<std::int64_t, const FoundRow*>& intact_rows, Salvaged& out) {
    for (const std::string& text : found.origins) {
        if (found.origin_checksum && origin_checksum(text) == *found.origin_checksum) {
            if ((out.origin = parse_origin(text))) {
                out.origin_source = "the starting state is intact";
                return;
            }
        }
    }
    const auto first = intact_rows.find(1);
    if (first != intact_rows.end() && !first->second->head.empty()) {
        const auto checksum = parse_hex64(first->second->checksum);
        const auto head = parse_hex64(first->second->head);
        for (const std::string& text : found.origins)
            if (checksum && head && fold_head(origin_checksum(text), *checksum) == *head)
                if ((out.origin = parse_origin(text))) {
                    out.origin_source = "the starting state is intact (checked against the first journal entry: the seal is lost)";
                    return;
                }
    }
    if (found.origins.empty()) {
        out.origin_source = "the starting state is lost";
        return;
    }
    if (!found.origin_checksum && (first == intact_rows.end() || first->second->head.empty())) {
        for (const std::string& text : found.origins)
            if ((out.origin = parse_origin(text))) {
                out.origin_source = "the starting state reads, unchecked (its checksum was lost with the seal)";
                return;
            }
    }
    out.origin_source = "the starting state is damaged";
}

} // namespace

bool intact(const FoundRow& found) {
    const auto stored = parse_hex64(found.checksum);
    if (!stored) return false;
    std::vector<Cell> cells = found.row.cells();
    cells.resize(static_cast<std::size_t>(std::clamp(found.covered, 0, kJournalColumnCount)));
    return *stored == row_checksum(cells);
}

Salvaged salvage(const Found& found) {
    Salvaged out;
    std::map<std::int64_t, const FoundRow*> good;
    std::map<std::int64_t, const FoundRow*> doubtful;  // the stored checksum does not match
    for (const FoundRow& r : found.rows) {
        if (intact(r))
            good.emplace(r.row.id, &r);
        else
            doubtful.emplace(r.row.id, &r);
    }
    choose_origin(found, good, out);
    // A row whose checksum column is what was damaged is still proved by the chain: its head was
    // folded from the head before it and the checksum of its columns as they read now.
    std::set<std::int64_t> damaged;
    for (const auto& [id, r] : doubtful) {
        if (good.count(id)) continue;
        std::optional<std::uint64_t> before;
        if (id == 1) {
            if (found.origin_checksum) before = found.origin_checksum;
            else if (out.origin) before = origin_checksum(origin_text(*out.origin));
        } else {
            const auto prev = good.find(id - 1);
            const auto other = doubtful.find(id - 1);
            const FoundRow* p = prev != good.end() ? prev->second : other != doubtful.end() ? other->second : nullptr;
            if (p) before = parse_hex64(p->head);
        }
        std::vector<Cell> cells = r->row.cells();
        cells.resize(static_cast<std::size_t>(std::clamp(r->covered, 0, kJournalColumnCount)));
        const auto head = parse_hex64(r->head);
        if (before && head && fold_head(*before, row_checksum(cells)) == *head)
            good.emplace(id, r);
        else
            damaged.insert(id);
    }

    // The journal's length: the seal's, else the last intact row's. A damaged row's id may itself
    // be damaged, so it counts only up to there.
    const std::int64_t found_last = std::max(good.empty() ? 0 : good.rbegin()->first,
                                             damaged.empty() ? 0 : *damaged.rbegin());
    // A seal value far past anything found is itself damaged (and would list millions of lines).
    const bool seal_last = found.journal_last && *found.journal_last >= 0 && *found.journal_last <= found_last + 100000;
    std::int64_t last = seal_last ? *found.journal_last : good.empty() ? 0 : good.rbegin()->first;
    if (!seal_last && !good.empty())
        for (std::int64_t id : damaged)
            if (id > last && id <= last + static_cast<std::int64_t>(damaged.size())) last = id;
    out.journal_rows = last;
    for (std::int64_t id = 1; id <= last; ++id) {
        const auto it = good.find(id);
        if (it == good.end()) {
            out.lost.emplace_back(id, damaged.count(id) ? "damaged (its checksum does not match what is stored)"
                                                        : "not found: the part of the file that held it is lost");
            continue;
        }
        try {
            out.entries.push_back(entry_from_stored(it->second->row));
            out.entries.back().umpire = it->second->umpire;
        } catch (const std::exception& e) {
            out.lost.emplace_back(id, std::string("unreadable: ") + e.what());
        }
    }
    // Rows beyond the seal's last entry (written after it, or by something else) are not taken.
    for (auto it = good.upper_bound(last); it != good.end(); ++it)
        out.lost.emplace_back(it->first, "after the last entry the file was written with");
    with_references(out.entries);
    return out;
}

std::string salvage_words(const Salvaged& s) {
    std::string out = std::to_string(s.entries.size()) + " of " + std::to_string(s.journal_rows) +
                      (s.journal_rows == 1 ? " journal entry is intact" : " journal entries are intact");
    // The lost entries in runs of the same reason: "entries 120 to 123: not found (...)".
    std::string runs;
    int shown = 0;
    for (std::size_t i = 0; i < s.lost.size() && shown < 4;) {
        std::size_t j = i;
        while (j + 1 < s.lost.size() && s.lost[j + 1].first == s.lost[j].first + 1 && s.lost[j + 1].second == s.lost[i].second) ++j;
        runs += std::string(runs.empty() ? "" : "; ") +
                (i == j ? "entry " + std::to_string(s.lost[i].first)
                        : "entries " + std::to_string(s.lost[i].first) + " to " + std::to_string(s.lost[j].first)) +
                ": " + s.lost[i].second;
        ++shown;
        i = j + 1;
        if (shown == 4 && i < s.lost.size()) runs += "; and " + std::to_string(s.lost.size() - i) + " more";
    }
    if (!runs.empty()) out += " (" + runs + ")";
    out += "; " + s.origin_source;
    return out;
}

} // namespace umpire::store::detail
