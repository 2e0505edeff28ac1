#pragma once
// Documents a command writes or reads, where `-` stands for standard output or input: `umpire
// sheet macduff -o - | lp`, `generate-roster | umpire new --roster - -o b.umpire`.
#include <functional>
#include <ostream>
#include <string>

namespace umpire::cli {

inline bool is_standard_stream(const std::string& path) { return path == "-"; }

// Writes a document through `write(path)`: for a file, into a fresh file beside `output` that is
// then moved to its name, never over an existing file unless `replace` (write_output_through);
// for "-", to a private temporary file that is then copied to standard output and removed.
// Returns what `write` returned.
int write_document(const std::string& output, bool replace, const std::function<int(const std::string& path)>& write);

// --json and -o - together would mix the report with the document: bad input.
void refuse_two_on_standard_output(bool json, const std::string& output);

// Where a command says what it wrote: standard output, unless the document itself went there.
std::ostream& message_stream(const std::string& output);

// The whole of standard input.
std::string read_standard_input();

} // namespace umpire::cli
