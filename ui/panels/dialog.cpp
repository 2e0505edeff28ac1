#include "panels/dialog.h"

#include <imgui.h>

#include <algorithm>

namespace umpire::ui {

bool begin_dialog(FileMenu& files, const char* title, float width_em, float height_em) {
    const ImGuiIO& io = ImGui::GetIO();
    const float em = ImGui::GetFontSize();
    if (!ImGui::IsPopupOpen(title)) ImGui::OpenPopup(title);
    const ImVec2 size(std::min(io.DisplaySize.x * 0.92f, width_em * em),
                      std::min(io.DisplaySize.y * 0.90f, height_em * em));
    ImGui::SetNextWindowSize(size, ImGuiCond_Always);
    ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x * 0.5f, io.DisplaySize.y * 0.5f), ImGuiCond_Always,
                            ImVec2(0.5f, 0.5f));
    bool open = true;
    if (!ImGui::BeginPopupModal(title, &open, ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoSavedSettings |
                                                  ImGuiWindowFlags_NoMove)) {
        files.dialog = FileDialog::None;
        return false;
    }
    if (!open) {  // the title bar's close button
        files.dialog = FileDialog::None;
        ImGui::CloseCurrentPopup();
        ImGui::EndPopup();
        return false;
    }
    return true;
}

void close_dialog(FileMenu& files) {
    files.dialog = FileDialog::None;
    ImGui::CloseCurrentPopup();
}

bool escape_pressed() {
    const int esc = ImGui::GetKeyIndex(ImGuiKey_Escape);
    return esc >= 0 && ImGui::IsKeyPressed(esc, false);
}

void remember_hit(FileMenu& files, const std::string& label) {
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    files.hits[label] = {a.x, a.y, b.x, b.y};
}

bool hit_button(FileMenu& files, const char* label, const std::string& hit) {
    const bool clicked = ImGui::Button(label);
    remember_hit(files, hit.empty() ? std::string(label) : hit);
    return clicked;
}

bool can_browse(FileMenu& files) {
    if (files.chooser) return true;
    if (!files.chooser_found) files.chooser_found = desk::desktop_chooser_available();
    return *files.chooser_found;
}

float browse_width(FileMenu& files) {
    if (!can_browse(files)) return 0.0f;
    const ImGuiStyle& style = ImGui::GetStyle();
    return ImGui::CalcTextSize("Browse...").x + style.FramePadding.x * 2.0f + style.ItemSpacing.x;
}

bool browse_button(FileMenu& files, const std::string& hit, desk::ChooserRequest request, std::string& path) {
    if (!can_browse(files)) return false;
    ImGui::SameLine();
    ImGui::PushID(hit.c_str());
    const bool clicked = hit_button(files, "Browse...", hit);
    ImGui::PopID();
    if (!clicked) return false;
    if (request.start.empty()) request.start = path;
    const std::optional<std::string> chosen = files.chooser ? files.chooser(request) : desk::desktop_file_chooser(request);
    if (!chosen) return false;
    path = *chosen;
    return true;
}

} // namespace umpire::ui
