// umpire_compile_toml IN.toml OUT: the build step that writes IN's compiled form
// (rules/compiled_toml.h) to OUT, after checking that it loads back to the very tree toml++
// parses from IN. Any difference, or a file that does not parse, fails the build.
#include "rules/compiled_toml.h"

#include <fstream>
#include <iostream>
#include <sstream>

int main(int argc, char** argv) {
    if (argc != 3) {
        std::cerr << "usage: umpire_compile_toml IN.toml OUT\n";
        return 2;
    }
    try {
        std::ifstream in(argv[1], std::ios::binary);
        if (!in) throw std::runtime_error("cannot read the file");
        std::ostringstream text;
        text << in.rdbuf();
        const std::string source = text.str();
        const toml::table parsed = toml::parse(std::string_view(source), std::string_view(argv[1]));
        const std::string compiled = umpire::rules::compile_toml(parsed, source);
        if (!umpire::rules::compiled_from(compiled, source) ||
            !umpire::rules::same_tree(umpire::rules::load_compiled_toml(compiled), parsed))
            throw std::runtime_error("the compiled form does not load back to the parsed tree");
        std::ofstream out(argv[2], std::ios::binary | std::ios::trunc);
        out.write(compiled.data(), static_cast<std::streamsize>(compiled.size()));
        if (!out.flush()) throw std::runtime_error(std::string("cannot write ") + argv[2]);
    } catch (const std::exception& e) {
        std::cerr << argv[1] << ": " << e.what() << "\n";
        return 1;
    }
    return 0;
}
