// Which owed follow-up an action answers (follow_up_answers.h).
#include "store/follow_up_answers.h"

#include <algorithm>

namespace umpire::store {

bool answers(const Answering& by, const OpenFollowUp& owed) {
    const rules::FollowUp& f = owed.follow_up;
    return f.action == by.action && (!f.unit || f.unit == by.unit) && (!by.answers || owed.raised_by == *by.answers);
}

std::optional<OpenFollowUp> settle(std::vector<OpenFollowUp>& owed, const Answering& by) {
    const auto it = std::find_if(owed.begin(), owed.end(), [&](const OpenFollowUp& o) { return answers(by, o); });
    if (it == owed.end()) return std::nullopt;
    OpenFollowUp answered = std::move(*it);
    owed.erase(it);
    return answered;
}

} // namespace umpire::store
