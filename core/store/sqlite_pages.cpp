// SQLite's file format read by hand, every bound checked: a damaged page costs its own records
// and no others. The page layout, the cell formats and the record format are those of
// https://sqlite.org/fileformat2.html (sections 1.3, 1.6, 2.1).
#include "store/sqlite_pages.h"

#include <algorithm>
#include <cstring>
#include <set>

namespace umpire::store::detail::sqlite_pages {

namespace {

constexpr std::size_t kHeaderSize = 100;
constexpr char kMagic[] = "SQLite format 3";  // with its NUL: 16 bytes

// B-tree page types (the first byte of the page's header).
constexpr unsigned char kInteriorIndex = 2, kInteriorTable = 5, kLeafIndex = 10, kLeafTable = 13;

std::uint32_t be(std::string_view bytes, std::size_t at, std::size_t n) {
    std::uint32_t v = 0;
    for (std::size_t i = 0; i < n; ++i) v = (v << 8) | static_cast<unsigned char>(bytes[at + i]);
    return v;
}

// A varint at `at`, read no further than `end`; nullopt when it runs past it.
std::optional<std::uint64_t> varint(std::string_view bytes, std::size_t& at, std::size_t end) {
    std::uint64_t v = 0;
    for (int i = 0; i < 9; ++i) {
        if (at >= end) return std::nullopt;
        const auto b = static_cast<unsigned char>(bytes[at++]);
        if (i == 8) return (v << 8) | b;
        v = (v << 7) | (b & 0x7f);
        if (!(b & 0x80)) return v;
    }
    return v;
}

bool valid_page_size(std::uint32_t size) { return size >= 512 && size <= 65536 && (size & (size - 1)) == 0; }

// The values of one record (its header of serial types, then its body), or nullopt when it does
// not hold together.
std::optional<std::vector<Value>> decode_record(std::string_view payload) {
    std::size_t at = 0;
    const auto header_size = varint(payload, at, payload.size());
    if (!header_size || *header_size > payload.size() || *header_size < at) return std::nullopt;
    std::vector<std::uint64_t> types;
    while (at < *header_size) {
        const auto type = varint(payload, at, *header_size);
        if (!type || *type == 10 || *type == 11) return std::nullopt;
        types.push_back(*type);
    }
    std::size_t body = *header_size;
    std::vector<Value> values;
    values.reserve(types.size());
    for (std::uint64_t type : types) {
        std::size_t size = 0;
        if (type <= 4) size = static_cast<std::size_t>(type);
        else if (type == 5) size = 6;
        else if (type == 6 || type == 7) size = 8;
        else if (type >= 12) size = static_cast<std::size_t>((type - 12) / 2);
        if (size > payload.size() - body) return std::nullopt;
        const std::string_view field = payload.substr(body, size);
        body += size;
        if (type == 0) {
            values.emplace_back(std::monostate{});
        } else if (type <= 6) {
            std::uint64_t v = static_cast<unsigned char>(field[0]) & 0x80 ? ~std::uint64_t{0} : 0;  // sign
            for (char c : field) v = (v << 8) | static_cast<unsigned char>(c);
            values.emplace_back(static_cast<std::int64_t>(v));
        } else if (type == 7) {
            std::uint64_t bits = 0;
            for (char c : field) bits = (bits << 8) | static_cast<unsigned char>(c);
            double d = 0;
            std::memcpy(&d, &bits, sizeof d);
            values.emplace_back(d);
        } else if (type == 8 || type == 9) {
            values.emplace_back(static_cast<std::int64_t>(type - 8));
        } else if (type % 2 == 0) {
            values.emplace_back(Blob{std::string(field)});
        } else {
            values.emplace_back(Text{std::string(field)});
        }
    }
    return values;
}

class Reader {
public:
    Reader(std::string_view file, std::uint32_t page_size, std::uint32_t usable)
        : file_(file), size_(page_size), usable_(usable),
          pages_(static_cast<std::uint32_t>((file.size() + page_size - 1) / page_size)) {
        // A page cut off by the end of the file reads as SQLite reads it: the rest as zeros, so a
        // row missing only bytes it does not need (past its checksummed columns) still reads.
        if (file.size() % page_size != 0) {
            last_ = std::string(file.substr(static_cast<std::size_t>(pages_ - 1) * page_size));
            last_.resize(page_size, '\0');
        }
    }

    std::uint32_t pages() const { return pages_; }

    // The bytes of page `p` (1-based); empty past the end of the file.
    std::string_view page(std::uint32_t p) const {
        if (p < 1 || p > pages_) return {};
        if (p == pages_ && !last_.empty()) return last_;
        return file_.substr(static_cast<std::size_t>(p - 1) * size_, size_);
    }

    // The pages the free list names, when the header's pointer to it still leads somewhere sane.
    std::set<std::uint32_t> free_pages() const {
        std::set<std::uint32_t> free;
        if (file_.size() < kHeaderSize) return free;
        std::uint32_t trunk = be(file_, 32, 4);
        std::set<std::uint32_t> seen;
        while (trunk >= 1 && trunk <= pages_ && seen.insert(trunk).second) {
            const std::string_view t = page(trunk);
            if (t.size() < 8) break;
            free.insert(trunk);
            const std::uint32_t leaves = be(t, 4, 4);
            for (std::uint32_t i = 0; i < leaves && 8 + 4 * (i + 1) <= t.size(); ++i) free.insert(be(t, 8 + 4 * i, 4));
            trunk = be(t, 0, 4);
        }
        return free;
    }

    // Every cell of b-tree page `p` that holds a record: the leaves of tables and indexes, and the
    // interior pages of indexes (whose cells are entries too).
    void read_page(std::uint32_t p, Scan& out) {
        const std::string_view bytes = page(p);
        const std::size_t header = p == 1 ? kHeaderSize : 0;
        if (bytes.size() < header + 8) return;
        const auto type = static_cast<unsigned char>(bytes[header]);
        if (type != kLeafTable && type != kLeafIndex && type != kInteriorIndex) return;
        const std::size_t pointers = header + (type == kInteriorIndex ? 12 : 8);
        const std::uint32_t cells = be(bytes, header + 3, 2);
        if (pointers + 2 * static_cast<std::size_t>(cells) > std::min<std::size_t>(bytes.size(), usable_)) return;
        for (std::uint32_t i = 0; i < cells; ++i) {
            const std::size_t at = be(bytes, pointers + 2 * i, 2);
            if (at < pointers + 2 * cells || at >= std::min<std::size_t>(bytes.size(), usable_)) {
                problem(out, p, i, "points outside its page");
                continue;
            }
            read_cell(p, i, type, at, out);
        }
    }

private:
    void problem(Scan& out, std::uint32_t p, std::uint32_t cell, const std::string& what) {
        out.problems.push_back("page " + std::to_string(p) + ", cell " + std::to_string(cell) + ": " + what);
    }

    void read_cell(std::uint32_t p, std::uint32_t cell, unsigned char type, std::size_t at, Scan& out) {
        const std::string_view bytes = page(p);
        const std::size_t end = std::min<std::size_t>(bytes.size(), usable_);
        if (type == kInteriorIndex) at += 4;  // the left child's page number
        const auto payload_size = varint(bytes, at, end);
        Record record;
        record.page = p;
        if (type == kLeafTable) {
            const auto rowid = varint(bytes, at, end);
            if (!rowid) return problem(out, p, cell, "its rowid is cut off");
            record.has_rowid = true;
            record.rowid = static_cast<std::int64_t>(*rowid);
        }
        std::optional<std::vector<Value>> values;
        if (payload_size && *payload_size <= 0x7fffffff) {
            const std::size_t total = static_cast<std::size_t>(*payload_size);
            const std::size_t local = local_size(total, type == kLeafTable);
            if (local <= end - std::min(end, at)) {
                std::string payload(bytes.substr(at, local));
                if (local == total || (at + local + 4 <= end && follow_overflow(be(bytes, at + local, 4), total, payload)))
                    values = decode_record(payload);
            }
        }
        // A size that does not hold (a damaged byte in it) need not cost the record: read from its
        // start to the page's end, its own header says how long it is. Its checksum says the rest.
        if (!values && at < end) values = decode_record(bytes.substr(at, end - at));
        if (!values) return problem(out, p, cell, "its record does not hold together");
        record.values = std::move(*values);
        out.records.push_back(std::move(record));
    }

    // How much of a payload of `total` bytes a b-tree page keeps itself (the rest overflows).
    std::size_t local_size(std::size_t total, bool table_leaf) const {
        const std::size_t u = usable_;
        const std::size_t most = table_leaf ? u - 35 : (u - 12) * 64 / 255 - 23;
        if (total <= most) return total;
        const std::size_t least = (u - 12) * 32 / 255 - 23;
        const std::size_t k = least + (total - least) % (u - 4);
        return k <= most ? k : least;
    }

    // Appends the overflow chain starting at page `next` until `payload` holds `total` bytes;
    // false when the chain breaks off (a page missing, out of range or visited twice).
    bool follow_overflow(std::uint32_t next, std::size_t total, std::string& payload) const {
        std::set<std::uint32_t> seen;
        while (payload.size() < total) {
            if (next < 1 || next > pages_ || !seen.insert(next).second) return false;
            const std::string_view o = page(next);
            if (o.size() < std::min<std::size_t>(usable_, 4 + total - payload.size())) return false;
            const std::size_t n = std::min<std::size_t>(usable_ - 4, total - payload.size());
            payload.append(o.substr(4, n));
            next = be(o, 0, 4);
        }
        return true;
    }

    std::string_view file_;
    std::uint32_t size_, usable_, pages_;
    std::string last_;  // the last page, padded, when the file ends inside it
};

std::size_t records_read(std::string_view file, std::uint32_t page_size) {
    Scan trial;
    Reader reader(file, page_size, page_size);
    for (std::uint32_t p = 1; p <= reader.pages(); ++p) reader.read_page(p, trial);
    return trial.records.size();
}

} // namespace

Scan scan(std::string_view file) {
    Scan out;
    const bool header = file.size() >= kHeaderSize && std::memcmp(file.data(), kMagic, sizeof kMagic) == 0;
    std::uint32_t page_size = header ? be(file, 16, 2) : 0;
    if (page_size == 1) page_size = 65536;
    std::uint32_t reserved = header ? static_cast<unsigned char>(file[20]) : 0;
    if (header) {
        out.user_version = be(file, 60, 4);
        out.application_id = be(file, 68, 4);
    }
    if (!valid_page_size(page_size) || reserved >= page_size / 2) {
        // The header is damaged: the page size that reads the most records is the file's.
        out.problems.push_back("the file's header is damaged: its page size was found by trying each");
        reserved = 0;
        page_size = 4096;
        std::size_t best = 0;
        for (std::uint32_t size = 512; size <= 65536; size *= 2) {
            const std::size_t n = records_read(file, size);
            if (n > best) best = n, page_size = size;
        }
    }
    out.page_size = page_size;
    Reader reader(file, page_size, page_size - reserved);
    out.pages = reader.pages();
    if (file.size() % page_size != 0)
        out.problems.push_back("the file ends inside page " + std::to_string(reader.pages()) + " (cut short by " +
                               std::to_string(page_size - file.size() % page_size) + " bytes)");
    const std::set<std::uint32_t> free = header ? reader.free_pages() : std::set<std::uint32_t>{};
    for (std::uint32_t p = 1; p <= reader.pages(); ++p)
        if (!free.count(p)) reader.read_page(p, out);
    return out;
}

} // namespace umpire::store::detail::sqlite_pages
