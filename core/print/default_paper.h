#pragma once
// The paper every print uses unless told otherwise, so the CLI and the desk agree: the locale's
// paper (LC_PAPER, read through LC_ALL and LANG as the C library does) when it is US Letter,
// A4 otherwise (an unknown, missing or C locale included).
#include "print/geometry.h"

namespace umpire::print {

Paper default_paper();

// A locale's page size in whole millimetres: Letter for 216 x 279, A4 for anything else.
Paper paper_for_size_mm(int width, int height);

} // namespace umpire::print
