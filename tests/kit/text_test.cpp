// The rules' words as the working reads them: what a die needs, with the verb as "it" does it.
#include "kit/text.h"

#include <catch2/catch.hpp>

using namespace umpire;

TEST_CASE("need_text: the verb as a die does it, a consonant and y taking -ies") {
    CHECK(kit::need_text(5, "hit") == "hits on 5-6");
    CHECK(kit::need_text(4, "rally") == "rallies on 4-6");
    CHECK(kit::need_text(1, "rally") == "every die rallies");
    CHECK(kit::need_text(6, "destroy") == "destroys on a 6");
    CHECK(kit::need_text(7, "rally") == "no score can rally");
}
