#pragma once
// The CLI tests' JSON: a run's output parsed once it succeeded, and a unit of `show --json`.
#include "run_umpire.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

namespace umpire::test {

inline nlohmann::json parse(const Run& r) {
    INFO("stdout: " << r.out << "\nstderr: " << r.err);
    REQUIRE(r.code == 0);
    return nlohmann::json::parse(r.out);
}

inline const nlohmann::json& unit_named(const nlohmann::json& battle, const std::string& name) {
    for (const auto& u : battle.at("units"))
        if (u.at("name") == name) return u;
    FAIL("no unit " << name);
    static nlohmann::json none;
    return none;
}

} // namespace umpire::test
