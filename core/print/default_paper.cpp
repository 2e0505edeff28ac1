#include "print/default_paper.h"

#include <langinfo.h>
#include <locale.h>

#include <cstdint>

namespace umpire::print {

Paper paper_for_size_mm(int width, int height) {
    return width == 216 && height == 279 ? Paper::Letter : Paper::A4;
}

Paper default_paper() {
#ifdef __GLIBC__  // LC_PAPER and its _NL_PAPER_* items are a glibc extension
    // A locale object of our own: the program's global locale is left as it is.
    locale_t paper = ::newlocale(LC_PAPER_MASK, "", static_cast<locale_t>(nullptr));
    if (!paper) return Paper::A4;
    // glibc answers these two items with the number itself in place of a string pointer.
    const auto number = [paper](nl_item item) {
        return static_cast<int>(reinterpret_cast<std::intptr_t>(::nl_langinfo_l(item, paper)));
    };
    const Paper result = paper_for_size_mm(number(_NL_PAPER_WIDTH), number(_NL_PAPER_HEIGHT));
    ::freelocale(paper);
    return result;
#else
    return Paper::A4;
#endif
}

} // namespace umpire::print
