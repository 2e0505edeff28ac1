#pragma once
// The secret in each page's address: whoever holds it may read that page, nobody else.
#include <string>
#include <string_view>

namespace umpire::serve {

// 128 bits from the kernel's random source, as 32 lowercase hex digits. Throws
// std::runtime_error when the kernel gives none (never a weaker fallback).
std::string random_token();

// Whether `given` is `secret`, in a time that depends on the lengths alone: a wrong guess takes
// as long whether its first digit or its last is wrong, so timing tells an attacker nothing.
bool same_token(std::string_view given, std::string_view secret);

} // namespace umpire::serve
