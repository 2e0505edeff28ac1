#pragma once
// What the command-line tests share: the sample roster, a run's JSON once it has succeeded, and a
// unit of a shown battle by name.
#include "run_umpire.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <string>

namespace umpire::test {

inline const std::string kRoster = std::string(UMPIRE_SOURCE_DIR) + "/rosters/macduff-kotal-pass.toml";

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
