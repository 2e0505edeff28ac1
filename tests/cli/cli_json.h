#pragma once
// What the command-line tests share: the sample roster, and a run's JSON once it has succeeded.
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

} // namespace umpire::test
