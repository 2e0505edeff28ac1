#pragma once
// What a call refuses with: the rules::InputError's words, or "no error".
#include "rules/inputs.h"

#include <functional>
#include <string>

namespace umpire::testing {

inline std::string input_error_of(const std::function<void()>& f) {
    try {
        f();
    } catch (const rules::InputError& e) {
        return e.what();
    }
    return "no error";
}

} // namespace umpire::testing
