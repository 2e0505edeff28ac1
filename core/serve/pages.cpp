#include "serve/pages.h"

#include <algorithm>

namespace umpire::serve {

void Pages::publish(std::vector<View> views, std::int64_t entry) {
    auto next = std::make_shared<Published>();
    next->views = std::move(views);
    next->entry = entry;
    {
        std::lock_guard lock(mutex_);
        current_ = std::move(next);
    }
    changed_.notify_all();
}

void Pages::stop() {
    {
        std::lock_guard lock(mutex_);
        stopped_ = true;
    }
    changed_.notify_all();
}

void Pages::resume() {
    std::lock_guard lock(mutex_);
    stopped_ = false;
}

std::int64_t Pages::entry() const {
    std::lock_guard lock(mutex_);
    return current_ ? current_->entry : -1;
}

std::vector<Viewer> Pages::viewers() const {
    std::lock_guard lock(mutex_);
    std::vector<Viewer> out;
    if (current_)
        for (const View& v : current_->views) out.push_back({v.viewer, v.name});
    return out;
}

std::optional<std::string> Pages::changes_since(int viewer, std::int64_t since, std::chrono::milliseconds hold) const {
    std::shared_ptr<const Published> now;
    {
        std::unique_lock lock(mutex_);
        changed_.wait_for(lock, hold, [&] { return stopped_ || (current_ && current_->entry != since); });
        now = current_;
    }
    if (!now) return std::nullopt;
    const auto view = std::find_if(now->views.begin(), now->views.end(), [&](const View& v) { return v.viewer == viewer; });
    if (view == now->views.end()) return std::nullopt;
    const std::string entry = std::to_string(now->entry);
    if (now->entry == since) return "{\"entry\":" + entry + ",\"unchanged\":true}";

    // The lines after `since` (all that are kept when the page comes from another battle).
    const bool catch_up = since >= 0 && since < now->entry;
    std::string entries = "[";
    bool first = true;
    for (const auto& [id, line] : view->lines) {
        if (catch_up && id <= since) continue;
        if (!first) entries += ',';
        entries += line;
        first = false;
    }
    entries += ']';
    // Entries after `since` that are no longer kept: the oldest known is past since + 1.
    const bool missed = catch_up && view->oldest_kept > since + 1;
    return "{\"entry\":" + entry + ",\"since\":" + std::to_string(since) + ",\"page\":" + view->document +
           ",\"entries\":" + entries + ",\"missed\":" + (missed ? "true" : "false") + "}";
}

} // namespace umpire::serve
