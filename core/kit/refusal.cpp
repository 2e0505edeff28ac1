#include "kit/refusal.h"

#include "rules/inputs.h"

namespace umpire::kit {

void forbid(const rules::ActionRequest& request, rules::Resolution& out, const std::string& rule,
            const std::string& citation) {
    if (request.overrule.empty()) throw rules::Refusal(rule, citation);
    out.overrule = request.overrule;
    out.overruled.push_back({rule, citation});
    out.steps.push_back({"Overruled by the umpire (" + request.overrule + "): " + rule, citation});
}

} // namespace umpire::kit
