#pragma once
// For the tests that need the tests' own PostgreSQL server (scripts/pg-test-server.sh, started by
// ctest as the fixture pg_server: umpire_test(... FIXTURES pg_server) defines UMPIRE_PG_ADDRESS_FILE).
#include <catch2/catch.hpp>

#include <fstream>
#include <random>
#include <string>

namespace umpire::test {

// The server's address, as the fixture wrote it (a libpq URI without a battle).
inline std::string pg_server_address() {
    std::ifstream in(UMPIRE_PG_ADDRESS_FILE);
    std::string address;
    std::getline(in, address);
    INFO("the tests' PostgreSQL server (scripts/pg-test-server.sh) left no address in " UMPIRE_PG_ADDRESS_FILE);
    REQUIRE(!address.empty());
    return address;
}

// A battle name no other test (nor another run on the same server) uses: `stem` and a random tail.
inline std::string unique_battle_name(const std::string& stem) {
    static std::mt19937_64 random{std::random_device{}()};
    return stem + "-" + std::to_string(random() % 1000000000000ULL);
}

} // namespace umpire::test
