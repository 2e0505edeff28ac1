// F2: the quick reference. Laid out as the printed sheet is (`umpire sheet`: the ruleset's
// sheet layout, reference/<id>/sheet.toml, filled from Ruleset::reference_toml(), the reference
// data with this battle's house rules and distances), so the umpire reads at the table what the
// sheet prints and what the rules use. A ruleset without a layout shows its tables as they are
// in the file. A search field narrows the sections.
#include "panels/overlays.h"
#include "panels/panels.h"
#include "panels/theme.h"
#include "panels/widgets.h"

#include "desk/text.h"
#include "rulesets/registry.h"

#include <imgui.h>
#include <imgui_internal.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <vector>

namespace umpire::ui {

namespace {

// Parsed once per ruleset text, not every frame.
const desk::ReferenceView* reference_for(Shell& shell, const desk::Desk& desk, std::string& error) {
    const std::string& source = desk.ruleset().reference_toml();
    if (!shell.reference || shell.reference_source != source) {
        shell.reference.reset();
        shell.reference_source = source;
        try {
            // The ruleset's reference without house rules gives the file's order back.
            const auto plain = rulesets::make(desk.battle().ruleset, "");
            shell.reference = desk::reference_view(source, plain->reference_toml());
        } catch (const std::exception& e) {
            error = e.what();
            return nullptr;
        }
    }
    return &*shell.reference;
}

// The sheet as printed, built once per reference text and distances.
const print::SheetContent* sheet_for(Shell& shell, const desk::Desk& desk, std::string& error) {
    const model::Battle& b = desk.battle();
    const std::string id(desk.ruleset().id());
    const std::string key = desk.ruleset().reference_toml() + "\n" + std::to_string(b.distance_scale) + b.distance_unit;
    if (shell.sheet_key != key) {
        shell.sheet_key = key;
        shell.sheet.reset();
        const auto layout = print::sheet_layout_text(id);
        if (!layout) return nullptr;
        try {
            shell.sheet = print::build_sheet(*layout, "reference/" + id + "/sheet.toml", desk.ruleset().reference_toml(),
                                             print::Distances{b.distance_scale, b.distance_unit});
        } catch (const std::exception& e) {
            error = e.what();
        }
    }
    return shell.sheet ? &*shell.sheet : nullptr;
}

float longest_word(const std::string& s) {
    float widest = 0.0f;
    std::size_t start = 0;
    while (start < s.size()) {
        std::size_t end = s.find(' ', start);
        if (end == std::string::npos) end = s.size();
        widest = std::max(widest, ImGui::CalcTextSize(s.data() + start, s.data() + end).x);
        start = end + 1;
    }
    return widest;
}

float widest_cell(const std::string& label, const std::vector<std::vector<std::string>>& rows, std::size_t c) {
    float w = ImGui::CalcTextSize(label.c_str()).x;
    for (const auto& row : rows)
        if (c < row.size()) w = std::max(w, ImGui::CalcTextSize(row[c].c_str()).x);
    return w;
}

// A table of the sheet: columns that do not wrap are as wide as their widest cell (never
// squeezed to a letter a line); columns that wrap share what is left. Records, for the tests,
// how much room the narrowest column has over its longest word.
void sheet_table(Shell& shell, const std::string& name, const std::vector<std::string>& labels,
                 const std::vector<bool>& wrap, const std::vector<std::vector<std::string>>& rows) {
    const int cols = static_cast<int>(std::min<std::size_t>(labels.size(), 32));
    if (cols == 0) return;
    const bool any_wrap = std::find(wrap.begin(), wrap.end(), true) != wrap.end();
    const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit |
                                  ImGuiTableFlags_ScrollX | ImGuiTableFlags_NoHostExtendY;
    // Wrapping columns share what the others leave, but never less than their longest word;
    // when that is too wide for the panel the table scrolls sideways instead.
    auto wraps = [&](int c) {
        const auto i = static_cast<std::size_t>(c);
        return (i < wrap.size() && wrap[i]) || (!any_wrap && c == cols - 1);
    };
    const ImGuiStyle& style = ImGui::GetStyle();
    const float cell_pad = style.CellPadding.x * 2.0f + 1.0f;
    std::vector<float> widths;
    float fixed = 0.0f;
    int wrapping = 0;
    for (int c = 0; c < cols; ++c) {
        widths.push_back(widest_cell(labels[static_cast<std::size_t>(c)], rows, static_cast<std::size_t>(c)));
        if (wraps(c))
            ++wrapping;
        else
            fixed += widths.back() + cell_pad;
    }
    const float avail = ImGui::GetContentRegionAvail().x;
    const float share = wrapping ? (avail - fixed) / static_cast<float>(wrapping) - cell_pad : 0.0f;
    std::vector<float> words(widths.size(), 0.0f);  // each column's longest word: its least width
    for (int c = 0; c < cols; ++c) {
        const auto i = static_cast<std::size_t>(c);
        float word = longest_word(labels[i]);
        for (const auto& row : rows)
            if (i < row.size()) word = std::max(word, longest_word(row[i]));
        words[i] = word;
    }
    float total = 0.0f;
    for (int c = 0; c < cols; ++c) {
        const auto i = static_cast<std::size_t>(c);
        if (wraps(c)) widths[i] = std::max(words[i], std::min(widths[i], share));
        total += widths[i] + cell_pad;
    }
    // Still wider than the panel (a rule's citation column beside a wrapping one): every column
    // wraps, each keeping its longest word and a share of the rest by how much it has to say.
    // Only when even the longest words do not fit does the table scroll sideways.
    if (total > avail) {
        float least = 0.0f, more = 0.0f;
        for (std::size_t i = 0; i < widths.size(); ++i) {
            least += words[i] + cell_pad;
            more += std::max(0.0f, widths[i] - words[i]);
        }
        const float extra = avail - least;
        if (extra >= 0.0f && more > 0.0f)
            for (std::size_t i = 0; i < widths.size(); ++i)
                widths[i] = words[i] + extra * std::max(0.0f, widths[i] - words[i]) / more;
    }
    // ScrollX needs the table's height: each row as tall as its most wrapped cell.
    const float line = ImGui::GetTextLineHeight();
    const float row_pad = style.CellPadding.y * 2.0f + 1.0f;
    float header = line;  // the header row wraps as the cells do
    for (int c = 0; c < cols; ++c) {
        const auto i = static_cast<std::size_t>(c);
        header = std::max(header, ImGui::CalcTextSize(labels[i].c_str(), nullptr, false, widths[i]).y);
    }
    float height = header + row_pad + style.ScrollbarSize + 2.0f;  // the header row and the scrollbar
    for (const auto& row : rows) {
        float tallest = line;
        for (int c = 0; c < cols && static_cast<std::size_t>(c) < row.size(); ++c) {
            const auto i = static_cast<std::size_t>(c);
            tallest = std::max(tallest, ImGui::CalcTextSize(row[i].c_str(), nullptr, false, widths[i]).y);
        }
        height += tallest + row_pad;
    }
    if (!ImGui::BeginTable("t", cols, flags, ImVec2(0.0f, height))) return;
    for (int c = 0; c < cols; ++c)
        ImGui::TableSetupColumn(labels[static_cast<std::size_t>(c)].c_str(), ImGuiTableColumnFlags_WidthFixed,
                                widths[static_cast<std::size_t>(c)]);
    // The header row by hand: TableHeadersRow cuts a label at the column's edge ("What happ...").
    ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
    for (int c = 0; c < cols; ++c) {
        ImGui::TableSetColumnIndex(c);
        ImGui::TableSetBgColor(ImGuiTableBgTarget_CellBg, ImGui::GetColorU32(ImGuiCol_TableHeaderBg));
        text_wrapped(labels[static_cast<std::size_t>(c)]);
    }
    for (const auto& row : rows) {
        ImGui::TableNextRow();
        for (int c = 0; c < cols && static_cast<std::size_t>(c) < row.size(); ++c) {
            ImGui::TableSetColumnIndex(c);
            text_wrapped(row[static_cast<std::size_t>(c)]);
        }
    }
    float squeeze = 1e9f;
    float spill = 0.0f;
    if (ImGuiTable* t = ImGui::GetCurrentTable()) {
        for (int c = 0; c < cols; ++c) {
            squeeze = std::min(squeeze, t->Columns[c].WidthGiven - words[static_cast<std::size_t>(c)]);
            spill += t->Columns[c].WidthGiven + cell_pad;
        }
        spill -= avail;
    }
    shell.reference_spill[name] = spill;
    shell.reference_squeeze[name] = squeeze;
    ImGui::EndTable();
}

bool section_matches(const print::SheetSection& s, const std::string& needle) {
    if (needle.empty() || desk::contains_ci(s.heading, needle) || desk::contains_ci(s.citation, needle) ||
        desk::contains_ci(s.text, needle) || desk::contains_ci(s.intro, needle) || desk::contains_ci(s.note, needle))
        return true;
    for (const auto& row : s.rows)
        for (const auto& cell : row)
            if (desk::contains_ci(cell, needle)) return true;
    return false;
}

void draw_sheet(Shell& shell, const print::SheetContent& sheet) {
    for (const print::SheetSection& s : sheet.sections) {
        if (!section_matches(s, shell.reference_filter)) continue;
        ImGui::PushID(&s);
        const std::string title = s.heading + (s.citation.empty() ? "" : "  (" + s.citation + ")");
        if (ImGui::CollapsingHeader(title.c_str(), ImGuiTreeNodeFlags_DefaultOpen)) {
            if (!s.intro.empty()) text_wrapped(s.intro);
            switch (s.kind) {
            case print::SectionKind::Table: sheet_table(shell, s.heading, s.labels, s.wrap, s.rows); break;
            case print::SectionKind::List: sheet_table(shell, s.heading, {"", ""}, {false, true}, s.rows); break;
            case print::SectionKind::Text: text_wrapped(s.text); break;
            }
            if (!s.note.empty()) text_wrapped_coloured(colour::dim, s.note);
            ImGui::Spacing();
        }
        ImGui::PopID();
    }
}

void draw_raw_tables(Shell& shell, const desk::ReferenceView& view) {
    const auto tables = desk::find_tables(view, shell.reference_filter);
    if (tables.empty()) text_dim("No table holds \"" + shell.reference_filter + "\".");
    for (const desk::ReferenceTable* t : tables) {
        ImGui::PushID(t);
        const std::string title = t->title + (t->citation.empty() ? "" : "  (" + t->citation + ")");
        if (ImGui::CollapsingHeader(title.c_str(), ImGuiTreeNodeFlags_DefaultOpen) && !t->columns.empty())
            sheet_table(shell, t->title, t->columns, std::vector<bool>(t->columns.size(), false), t->rows);
        ImGui::PopID();
    }
}

} // namespace

void draw_reference_panel(Shell& shell, desk::Desk& desk, const Rect& r) {
    if (begin_panel("Quick reference (F2 to close)", r)) {
        shell.reference_squeeze.clear();
        shell.reference_spill.clear();
        std::string error;
        const print::SheetContent* sheet = sheet_for(shell, desk, error);
        const desk::ReferenceView* view = sheet ? nullptr : reference_for(shell, desk, error);
        if (!sheet && !view) {
            text_wrapped_coloured(colour::error, "The reference tables cannot be shown: " + error);
        } else {
            if (sheet) {
                heading(sheet->title);
                if (!sheet->subtitle.empty()) text_dim(sheet->subtitle);
            } else {
                heading(view->name.empty() ? std::string(desk.ruleset().name()) : view->name);
            }
            if (!desk.battle().house_rules.empty()) text_dim("With this battle's house rules.");
            ImGui::SetNextItemWidth(-FLT_MIN);
            ImGui::InputTextWithHint("##reffind", "Find in the tables (weapon, range, morale...)", &shell.reference_filter);
            if (ImGui::BeginChild("tables")) {
                if (sheet)
                    draw_sheet(shell, *sheet);
                else
                    draw_raw_tables(shell, *view);
            }
            ImGui::EndChild();
        }
    }
    ImGui::End();
}

} // namespace umpire::ui
