// The report as text: Markdown for pasting into a club forum or a campaign diary, and a
// self-contained HTML page (no scripts, no outside files) for a browser or printing.
#include "report/report.h"

#include "model/plain_text.h"
#include "store/disk.h"

#include <algorithm>
#include <cctype>
#include <filesystem>

namespace umpire::report {

namespace {

std::string dice_text(const std::vector<int>& dice) {
    std::string out;
    for (int d : dice) out += (out.empty() ? "" : " ") + std::to_string(d);
    return out;
}

std::string side_name(const Report& r, int id) {
    for (const SideSummary& s : r.sides)
        if (s.id == id) return s.name;
    return "side " + std::to_string(id);
}

bool any_hits(const Report& r) {
    return std::any_of(r.sides.begin(), r.sides.end(), [](const SideSummary& s) { return s.losses.hits > 0; });
}

std::string losses_text(const Losses& l) {
    std::string out = std::to_string(l.figures) + (l.figures == 1 ? " figure" : " figures");
    if (l.hits > 0) out += ", " + std::to_string(l.hits) + (l.hits == 1 ? " hit" : " hits");
    out += ", " + std::to_string(l.units) + (l.units == 1 ? " unit" : " units");
    return out;
}

// Text from the battle file in a Markdown table cell: a pipe would end the cell and a line break
// the row; HTML would be run by whatever renders the Markdown (a <script> in a unit's name), so it
// is written as entities; control characters are shown escaped, never sent to a terminal raw.
std::string md(std::string_view raw) {
    std::string out;
    for (char c : model::escaped(raw)) {
        switch (c) {
        case '|': out += "\\|"; break;
        case '\n':
        case '\r':
        case '\t': out += ' '; break;
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        default: out += c;
        }
    }
    return out;
}

std::string html(std::string_view raw) {
    std::string out;
    for (char c : model::escaped(raw)) {
        switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        default: out += c;
        }
    }
    return out;
}

std::string headline(const Report& r) {
    return r.ruleset + ", turn " + std::to_string(r.turn) + ". " + std::to_string(r.actions) +
           (r.actions == 1 ? " action" : " actions") + " in the journal.";
}

} // namespace

std::string to_markdown(const Report& r) {
    std::string out = "# After-action report: " + md(r.battle) + "\n\n" + md(headline(r)) + "\n\n## Losses\n\n";
    const bool hits = any_hits(r);
    out += std::string("| Side | Figures at start | Figures now | Figures lost |") + (hits ? " Hits taken |" : "") +
           " Units lost | Units left |\n";
    out += std::string("|---|---:|---:|---:|") + (hits ? "---:|" : "") + "---:|---:|\n";
    for (const SideSummary& s : r.sides) {
        out += "| " + md(s.name) + " | " + std::to_string(s.start_figures) + " | " + std::to_string(s.figures) +
               " | " + std::to_string(s.losses.figures) + " | " +
               (hits ? std::to_string(s.losses.hits) + " | " : "") + std::to_string(s.losses.units) + " | " +
               std::to_string(s.units_on_table) + " of " + std::to_string(s.units) + " |\n";
    }
    if (r.turns.empty()) out += "\nNothing has happened yet.\n";
    for (const TurnReport& t : r.turns) {
        out += "\n## Turn " + std::to_string(t.turn) + "\n\n| # | Action | Unit | Target | Result | Dice |\n"
               "|---:|---|---|---|---|---|\n";
        for (const ActionLine& a : t.actions)
            out += "| " + std::to_string(a.entry) + " | " + md(a.action_name) + " | " + md(a.unit) + " | " + md(a.target) +
                   " | " + md(a.summary) + (a.overrule.empty() ? "" : " **Overruled by the umpire:** " + md(a.overrule)) +
                   (a.umpire.empty() ? "" : " *(by " + md(a.umpire) + ")*") +
                   " | " + dice_text(a.dice) + " |\n";
        out += "\nLosses this turn: ";
        if (t.losses.empty()) out += "none.";
        bool first = true;
        for (const auto& [side, l] : t.losses) {
            out += (first ? "" : "; ") + md(side_name(r, side)) + " " + losses_text(l);
            first = false;
        }
        if (!t.losses.empty()) out += ".";
        out += "\n";
    }
    return out;
}

std::string to_html(const Report& r) {
    std::string out =
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>After-action report: " +
        html(r.battle) +
        "</title>\n<style>\n"
        "body{font-family:'DejaVu Sans',sans-serif;max-width:60em;margin:2em auto;padding:0 1em;color:#111}\n"
        "table{border-collapse:collapse;margin:0.5em 0 1em}\n"
        "th,td{border:1px solid #999;padding:0.25em 0.6em;text-align:left;vertical-align:top}\n"
        "td.n{text-align:right}\nth{background:#e8e8e0}\n"
        "</style>\n</head>\n<body>\n<h1>After-action report: " +
        html(r.battle) + "</h1>\n<p>" + html(headline(r)) + "</p>\n<h2>Losses</h2>\n<table>\n<tr><th>Side</th>"
        "<th>Figures at start</th><th>Figures now</th><th>Figures lost</th>";
    const bool hits = any_hits(r);
    if (hits) out += "<th>Hits taken</th>";
    out += "<th>Units lost</th><th>Units left</th></tr>\n";
    for (const SideSummary& s : r.sides) {
        out += "<tr><td>" + html(s.name) + "</td><td class=\"n\">" + std::to_string(s.start_figures) +
               "</td><td class=\"n\">" + std::to_string(s.figures) + "</td><td class=\"n\">" +
               std::to_string(s.losses.figures) + "</td>";
        if (hits) out += "<td class=\"n\">" + std::to_string(s.losses.hits) + "</td>";
        out += "<td class=\"n\">" + std::to_string(s.losses.units) + "</td><td class=\"n\">" +
               std::to_string(s.units_on_table) + " of " + std::to_string(s.units) + "</td></tr>\n";
    }
    out += "</table>\n";
    if (r.turns.empty()) out += "<p>Nothing has happened yet.</p>\n";
    for (const TurnReport& t : r.turns) {
        out += "<h2>Turn " + std::to_string(t.turn) +
               "</h2>\n<table>\n<tr><th>#</th><th>Action</th><th>Unit</th><th>Target</th><th>Result</th>"
               "<th>Dice</th></tr>\n";
        for (const ActionLine& a : t.actions)
            out += "<tr><td class=\"n\">" + std::to_string(a.entry) + "</td><td>" + html(a.action_name) + "</td><td>" +
                   html(a.unit) + "</td><td>" + html(a.target) + "</td><td>" + html(a.summary) +
                   (a.overrule.empty() ? "" : "<br><strong>Overruled by the umpire:</strong> " + html(a.overrule)) +
                   (a.umpire.empty() ? "" : " <em>(by " + html(a.umpire) + ")</em>") + "</td><td>" +
                   dice_text(a.dice) + "</td></tr>\n";
        out += "</table>\n<p>Losses this turn: ";
        if (t.losses.empty()) out += "none.";
        bool first = true;
        for (const auto& [side, l] : t.losses) {
            out += (first ? "" : "; ") + html(side_name(r, side)) + " " + losses_text(l);
            first = false;
        }
        if (!t.losses.empty()) out += ".";
        out += "</p>\n";
    }
    out += "</body>\n</html>\n";
    return out;
}

std::optional<Format> format_for_path(std::string_view path) {
    std::string ext = std::filesystem::path(path).extension().string();
    for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (ext == ".md" || ext == ".markdown") return Format::Markdown;
    if (ext == ".html" || ext == ".htm") return Format::Html;
    return std::nullopt;
}

std::string render(const Report& report, Format format) {
    return format == Format::Html ? to_html(report) : to_markdown(report);
}

void write_report(const Report& report, Format format, const std::string& path, bool replace) {
    namespace fs = std::filesystem;
    const fs::path target(path);
    const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
    std::error_code ec;
    if (!fs::is_directory(dir, ec))
        throw ReportError("cannot write " + path + ": the folder " + dir.string() + " does not exist");
    if (fs::is_directory(target, ec)) throw ReportError("cannot write " + path + ": it is a folder");
    store::detail::write_whole(path, render(report, format), replace);
}

} // namespace umpire::report
