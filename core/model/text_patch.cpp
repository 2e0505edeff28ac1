// Text patches: a token diff (Myers' O(ND) greedy algorithm over tokens, with the common
// start and end trimmed first) turned into byte edits, and their application with both ends
// checked by size and hash.
#include "model/text_patch.h"

#define XXH_INLINE_ALL
#include <xxhash.h>

#include <algorithm>
#include <cstdio>
#include <functional>

namespace umpire::model {

namespace {

// Beyond this many token edits the middle is kept as one edit: a reshuffled deck changes
// everywhere, and a longer search would cost more than the bytes it saves.
constexpr int kMostEdits = 256;

bool ends_token(char c) {
    return c == ',' || c == ':' || c == '{' || c == '}' || c == '[' || c == ']' || c == '\n';
}

struct Tokens {
    std::string_view text;
    std::vector<std::size_t> start;  // token i is [start[i], start[i + 1])
    std::vector<std::size_t> hash;

    explicit Tokens(std::string_view t) : text(t) {
        start.push_back(0);
        for (std::size_t i = 0; i < t.size(); ++i)
            if (ends_token(t[i])) start.push_back(i + 1);
        if (start.back() != t.size()) start.push_back(t.size());
        hash.reserve(count());
        for (std::size_t i = 0; i < count(); ++i) hash.push_back(std::hash<std::string_view>{}(token(i)));
    }
    std::size_t count() const { return start.size() - 1; }
    std::string_view token(std::size_t i) const { return text.substr(start[i], start[i + 1] - start[i]); }
};

bool same_token(const Tokens& a, std::size_t i, const Tokens& b, std::size_t j) {
    return a.hash[i] == b.hash[j] && a.token(i) == b.token(j);
}

// A run of tokens the two texts share: a[x, x + length) == b[y, y + length).
struct Match {
    std::size_t x = 0, y = 0, length = 0;
};

// The shared runs of a[lo_a, hi_a) and b[lo_b, hi_b), in order; nullopt when they differ in
// more than kMostEdits tokens.
std::optional<std::vector<Match>> shared_runs(const Tokens& a, std::size_t lo_a, std::size_t hi_a,
                                              const Tokens& b, std::size_t lo_b, std::size_t hi_b) {
    const int n = static_cast<int>(hi_a - lo_a), m = static_cast<int>(hi_b - lo_b);
    const int most = std::min(n + m, kMostEdits);
    const int offset = most + 1;
    std::vector<int> v(static_cast<std::size_t>(2 * most + 3), 0);
    std::vector<std::vector<int>> trace;
    auto at = [&](std::vector<int>& vec, int k) -> int& { return vec[static_cast<std::size_t>(k + offset)]; };
    auto equal = [&](int x, int y) {
        return same_token(a, lo_a + static_cast<std::size_t>(x), b, lo_b + static_cast<std::size_t>(y));
    };
    int found = -1;
    for (int d = 0; d <= most && found < 0; ++d) {
        trace.push_back(v);
        for (int k = -d; k <= d; k += 2) {
            int x = (k == -d || (k != d && at(v, k - 1) < at(v, k + 1))) ? at(v, k + 1) : at(v, k - 1) + 1;
            int y = x - k;
            while (x < n && y < m && equal(x, y)) ++x, ++y;
            at(v, k) = x;
            if (x >= n && y >= m) {
                found = d;
                break;
            }
        }
    }
    if (found < 0) return std::nullopt;
    std::vector<Match> runs;
    int x = n, y = m;
    for (int d = found; d > 0; --d) {
        std::vector<int>& before = trace[static_cast<std::size_t>(d)];
        const int k = x - y;
        const bool inserted = k == -d || (k != d && at(before, k - 1) < at(before, k + 1));
        const int prev_k = inserted ? k + 1 : k - 1;
        const int prev_x = at(before, prev_k), prev_y = prev_x - prev_k;
        const int mid_x = inserted ? prev_x : prev_x + 1;
        if (x > mid_x)
            runs.push_back({lo_a + static_cast<std::size_t>(mid_x), lo_b + static_cast<std::size_t>(mid_x - k),
                            static_cast<std::size_t>(x - mid_x)});
        x = prev_x;
        y = prev_y;
    }
    if (x > 0) runs.push_back({lo_a, lo_b, static_cast<std::size_t>(x)});
    std::reverse(runs.begin(), runs.end());
    return runs;
}

// Narrows an edit to the bytes that differ.
void tighten(TextEdit& e) {
    std::size_t front = 0;
    while (front < e.cut.size() && front < e.put.size() && e.cut[front] == e.put[front]) ++front;
    std::size_t back = 0;
    while (back < e.cut.size() - front && back < e.put.size() - front &&
           e.cut[e.cut.size() - 1 - back] == e.put[e.put.size() - 1 - back])
        ++back;
    e.at += static_cast<std::int64_t>(front);
    e.cut = e.cut.substr(front, e.cut.size() - front - back);
    e.put = e.put.substr(front, e.put.size() - front - back);
}

// Rebuilds the other end from `text`, whose edits sit at `at` (+ the shift of the edits before,
// going backward) with `from` there to be replaced by `to`.
std::optional<std::string> rebuild(std::string_view text, const TextEnd& from, const TextEnd& to,
                                   const std::vector<TextEdit>& edits, bool forward) {
    if (static_cast<std::int64_t>(text.size()) != from.size || text_hash(text) != from.hash) return std::nullopt;
    std::string out;
    out.reserve(static_cast<std::size_t>(std::max<std::int64_t>(to.size, 0)));
    std::size_t copied = 0;
    std::int64_t shift = 0;  // going backward, where an edit sits in the text after the change
    for (const TextEdit& e : edits) {
        const std::string& was = forward ? e.cut : e.put;
        const std::string& now = forward ? e.put : e.cut;
        const std::int64_t at = e.at + (forward ? 0 : shift);
        shift += static_cast<std::int64_t>(e.put.size()) - static_cast<std::int64_t>(e.cut.size());
        if (at < static_cast<std::int64_t>(copied) || at + static_cast<std::int64_t>(was.size()) > from.size)
            return std::nullopt;
        const auto place = static_cast<std::size_t>(at);
        if (text.compare(place, was.size(), was) != 0) return std::nullopt;
        out.append(text.substr(copied, place - copied));
        out.append(now);
        copied = place + was.size();
    }
    out.append(text.substr(copied));
    if (static_cast<std::int64_t>(out.size()) != to.size || text_hash(out) != to.hash) return std::nullopt;
    return out;
}

} // namespace

std::string text_hash(std::string_view text) {
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx",
                  static_cast<unsigned long long>(XXH64(text.data(), text.size(), 0)));
    return buf;
}

TextPatch make_text_patch(std::string_view before, std::string_view after) {
    TextPatch patch;
    patch.before = {static_cast<std::int64_t>(before.size()), text_hash(before)};
    patch.after = {static_cast<std::int64_t>(after.size()), text_hash(after)};
    if (before == after) return patch;
    const Tokens a(before), b(after);
    std::size_t lo = 0;
    while (lo < a.count() && lo < b.count() && same_token(a, lo, b, lo)) ++lo;
    std::size_t hi_a = a.count(), hi_b = b.count();
    while (hi_a > lo && hi_b > lo && same_token(a, hi_a - 1, b, hi_b - 1)) --hi_a, --hi_b;
    std::vector<Match> runs = shared_runs(a, lo, hi_a, b, lo, hi_b).value_or(std::vector<Match>{});
    runs.push_back({hi_a, hi_b, 0});  // the end: what lies before it and after the last run is an edit
    std::size_t x = lo, y = lo;
    for (const Match& run : runs) {
        if (run.x > x || run.y > y) {
            TextEdit e;
            e.at = static_cast<std::int64_t>(a.start[x]);
            e.cut = std::string(before.substr(a.start[x], a.start[run.x] - a.start[x]));
            e.put = std::string(after.substr(b.start[y], b.start[run.y] - b.start[y]));
            tighten(e);
            patch.edits.push_back(std::move(e));
        }
        x = run.x + run.length;
        y = run.y + run.length;
    }
    return patch;
}

std::optional<std::string> patch_forward(std::string_view before, const TextPatch& patch) {
    return rebuild(before, patch.before, patch.after, patch.edits, true);
}

std::optional<std::string> patch_backward(std::string_view after, const TextPatch& patch) {
    return rebuild(after, patch.after, patch.before, patch.edits, false);
}

} // namespace umpire::model
