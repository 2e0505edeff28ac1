#pragma once
// Refusing what the rules text forbids, and the umpire's overrule. A rule calls forbid() with the
// rule's words and citation: without an overrule the action is refused (rules::Refusal, nothing
// changes); with one, the working records that the umpire overruled that rule and why, and the
// action goes ahead. The overrule is journaled with the request and shown in the report.
#include "rules/request.h"
#include "rules/resolution.h"

#include <string>

namespace umpire::kit {

void forbid(const rules::ActionRequest& request, rules::Resolution& out, const std::string& rule,
            const std::string& citation);

} // namespace umpire::kit
