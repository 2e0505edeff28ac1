#pragma once
// The pages as last published, shared between the one thread that builds them after each
// change (serve/follower.h) and the HTTP threads that hand them out. A request asks for the
// changes since the entry it last saw: it is answered at once when the pages are past it, and
// otherwise held until they change or a heartbeat is due, so a phone follows the battle with
// one request open and learns of a change the moment it is published.
#include "serve/views.h"

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace umpire::serve {

// A viewer the pages were built for: kUmpire or a side's id, and the name to show.
struct Viewer {
    int id = 0;
    std::string name;
};

class Pages {
public:
    // Replaces every view (built for one battle at entry `entry`) and wakes the held requests.
    void publish(std::vector<View> views, std::int64_t entry);
    // Wakes every held request for good: they answer at once from now on (the server stops).
    void stop();
    // Held requests wait again (the server starts again after a stop).
    void resume();

    // The JSON answer to "changes since entry `since`" (-1: never saw any) for `viewer`:
    //   {"entry":N,"since":S,"page":{...},"entries":[lines after S],"missed":false}
    // once the pages stand anywhere but at S (the journal only grows, so a lower N is another
    // battle or a rebuilt one, and the page takes it whole), or after `hold` with no change
    // {"entry":N,"unchanged":true} (the heartbeat). nullopt: no such viewer, or nothing
    // published yet and the wait ran out. "missed" is true when entries after S are older
    // than those kept, so the page says some are left out.
    std::optional<std::string> changes_since(int viewer, std::int64_t since, std::chrono::milliseconds hold) const;

    std::int64_t entry() const;
    std::vector<Viewer> viewers() const;

private:
    struct Published {
        std::vector<View> views;
        std::int64_t entry = -1;
    };
    mutable std::mutex mutex_;
    mutable std::condition_variable changed_;
    std::shared_ptr<const Published> current_;
    bool stopped_ = false;
};

} // namespace umpire::serve
