#pragma once
// Helpers for the print tests: run poppler's tools on a PDF and read what they say.
#include <unistd.h>

#include "../cli/run_umpire.h"

#include <cstdio>
#include <regex>
#include <string>
#include <vector>

namespace umpire::test {

// Runs a shell command and returns its stdout (stderr discarded); code in *code if given.
inline std::string capture(const std::string& command, int* code = nullptr) {
    std::string out;
    std::FILE* pipe = ::popen((command + " 2>/dev/null").c_str(), "r");
    if (!pipe) return out;
    char buf[4096];
    std::size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, pipe)) > 0) out.append(buf, n);
    int status = ::pclose(pipe);
    if (code) *code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return out;
}

struct PdfInfo {
    bool ok = false;
    int pages = 0;
    std::string page_size;  // "612 x 792 pts (letter)"
    std::string raw;
};

inline PdfInfo pdf_info(const std::string& path) {
    PdfInfo info;
    int code = -1;
    info.raw = capture("pdfinfo " + quote(path), &code);
    info.ok = code == 0;
    std::smatch m;
    if (std::regex_search(info.raw, m, std::regex(R"(Pages:\s+(\d+))"))) info.pages = std::stoi(m[1]);
    if (std::regex_search(info.raw, m, std::regex(R"(Page size:\s+([^\n]+))"))) info.page_size = m[1];
    return info;
}

// pdftotext -layout of page `page` (0: all pages): table rows stay on one line.
inline std::string pdf_text(const std::string& path, int page = 0) {
    std::string range = page > 0 ? " -f " + std::to_string(page) + " -l " + std::to_string(page) : "";
    return capture("pdftotext -layout" + range + " " + quote(path) + " -");
}

// pdftotext in reading order, every run of white space made one space: a wrapped paragraph
// reads as one line.
inline std::string pdf_prose(const std::string& path, int page = 0) {
    std::string range = page > 0 ? " -f " + std::to_string(page) + " -l " + std::to_string(page) : "";
    std::string raw = capture("pdftotext" + range + " " + quote(path) + " -");
    return std::regex_replace(raw, std::regex("\\s+"), " ");
}

// The `emb` column of pdffonts, one entry per font.
inline std::vector<std::string> pdf_fonts_embedded(const std::string& path) {
    std::string out = capture("pdffonts " + quote(path));
    std::vector<std::string> emb;
    std::istringstream lines(out);
    std::string line;
    int n = 0;
    while (std::getline(lines, line)) {
        if (++n <= 2) continue;  // header and ---- rule
        std::smatch m;
        // name type encoding emb sub uni object ID: emb is the third yes/no from the end
        if (std::regex_search(line, m, std::regex(R"((yes|no)\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+\s*$)")))
            emb.push_back(m[1]);
    }
    return emb;
}

struct Word {
    int page = 0;
    double x_min = 0, y_min = 0, x_max = 0, y_max = 0;
    std::string text;
};

// Every word with its box (pdftotext -bbox), pages numbered from 1.
inline std::vector<Word> pdf_words(const std::string& path) {
    std::string html = capture("pdftotext -bbox " + quote(path) + " -");
    std::vector<Word> words;
    int page = 0;
    std::istringstream lines(html);
    std::string line;
    static const std::regex word(
        R"re(<word xMin="([-\d.]+)" yMin="([-\d.]+)" xMax="([-\d.]+)" yMax="([-\d.]+)">([^<]*)</word>)re");
    while (std::getline(lines, line)) {
        if (line.find("<page ") != std::string::npos) ++page;
        std::smatch m;
        if (std::regex_search(line, m, word))
            words.push_back({page, std::stod(m[1]), std::stod(m[2]), std::stod(m[3]), std::stod(m[4]), m[5]});
    }
    return words;
}

} // namespace umpire::test
