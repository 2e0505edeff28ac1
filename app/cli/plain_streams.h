#pragma once
// What the command line prints is plain text: a control character in a name an older battle file
// holds (an escape sequence that would retitle or clear the terminal) is shown escaped ("\x1b"),
// on standard output and standard error alike. Documents sent to standard output (a PDF, a report
// with -o -) are bytes, not text, and go out as they are.
#include <ostream>

namespace umpire::cli {

// While one lives, std::cout and std::cerr escape control characters and bytes that are not
// UTF-8 (tab and newline pass); it flushes and puts the streams back as it goes.
class PlainStreams {
public:
    PlainStreams();
    ~PlainStreams();
    PlainStreams(const PlainStreams&) = delete;
    PlainStreams& operator=(const PlainStreams&) = delete;
};

// Standard output unfiltered, for a document's bytes.
std::ostream& raw_stdout();

} // namespace umpire::cli
