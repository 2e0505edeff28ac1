#include "cli/documents.h"

#include "cli/files.h"
#include "cli/plain_streams.h"
#include "print/print.h"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <stdexcept>

namespace umpire::cli {

namespace fs = std::filesystem;

namespace {

// A folder of our own under the temporary directory, removed with everything in it.
class PrivateFolder {
public:
    PrivateFolder() {
        std::string pattern = (fs::temp_directory_path() / "umpire-XXXXXX").string();
        if (!::mkdtemp(pattern.data())) throw std::runtime_error("cannot make a temporary folder in " + fs::temp_directory_path().string());
        path_ = pattern;
    }
    ~PrivateFolder() {
        std::error_code ignored;
        fs::remove_all(path_, ignored);
    }
    PrivateFolder(const PrivateFolder&) = delete;
    PrivateFolder& operator=(const PrivateFolder&) = delete;
    const fs::path& path() const { return path_; }

private:
    fs::path path_;
};

} // namespace

int write_document(const std::string& output, bool replace, const std::function<int(const std::string& path)>& write) {
    if (!is_standard_stream(output)) {
        int result = 0;
        write_output_through(output, replace, [&](const std::string& fresh) {
            try {
                result = write(fresh);
            } catch (const print::PrintError& e) {
                // The writer names the file it was given; the user knows the one they gave.
                std::string words = e.what();
                for (auto at = words.find(fresh); at != std::string::npos; at = words.find(fresh, at + output.size()))
                    words.replace(at, fresh.size(), output);
                throw print::PrintError(words, e.disk());
            }
        });
        return result;
    }
    // The writers render beside their target and rename it into place, so they need a real
    // file; the folder keeps the name their own.
    PrivateFolder folder;
    const fs::path file = folder.path() / "document";
    const int result = write(file.string());
    std::ifstream in(file, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read back the document written for standard output");
    std::ostream& out = raw_stdout();  // a document's bytes as they are, not text to escape
    if (fs::file_size(file) > 0) out << in.rdbuf();  // inserting nothing would set failbit
    out.flush();
    if (!out) throw std::runtime_error("cannot write the document to standard output");
    return result;
}

void refuse_two_on_standard_output(bool json, const std::string& output) {
    if (json && is_standard_stream(output))
        throw std::invalid_argument("--json and -o - would both write to standard output: give -o a file name");
}

std::ostream& message_stream(const std::string& output) {
    return is_standard_stream(output) ? std::cerr : std::cout;
}

std::string read_standard_input() {
    std::string text{std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>()};
    if (std::cin.bad()) throw std::runtime_error("cannot read standard input");
    return text;
}

} // namespace umpire::cli
