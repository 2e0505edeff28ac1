// View > Players' phones: the open battle served to the players' phones. Each page's address
// as text and as a QR code to scan from the laptop's screen, the phones following and the entry
// each has, new addresses on request. Opening the window starts serving; its Stop button (or
// closing the battle) stops.
#include "panels/overlays.h"
#include "panels/widgets.h"
#include "panels/theme.h"

#include <imgui.h>

#include <algorithm>
#include <string>

namespace umpire::ui {

void draw_phones_panel(Shell& shell) {
    if (!shell.show_phones || !shell.desk) {
        if (shell.phones->serving() && !shell.desk) shell.phones->stop();
        return;
    }
    desk::Phones& phones = *shell.phones;
    // Serving follows the battle open at the desk.
    if ((!phones.serving() || phones.battle_path() != shell.desk->connection()) && phones.error().empty())
        phones.start(shell.desk->connection());

    const ImGuiIO& io = ImGui::GetIO();
    ImGui::SetNextWindowSize({std::min(io.DisplaySize.x * 0.9f, ImGui::GetFontSize() * 46.0f), io.DisplaySize.y * 0.8f},
                             ImGuiCond_Appearing);
    ImGui::SetNextWindowPos({io.DisplaySize.x * 0.5f, io.DisplaySize.y * 0.5f}, ImGuiCond_Appearing, {0.5f, 0.5f});
    bool open = true;
    if (!ImGui::Begin("Players' phones", &open, ImGuiWindowFlags_NoCollapse)) {
        ImGui::End();
        shell.show_phones = open;
        return;
    }
    if (!phones.error().empty()) {
        text_wrapped_coloured(colour::error, phones.error());
        if (ImGui::Button("Try again")) phones.start(shell.desk->connection());
    } else if (phones.serving()) {
        text_wrapped("Each side's page shows its own units, the enemy's as the table shows them (hidden units left "
                     "out), the turn and the latest results, live. Read-only: nothing on a phone changes the battle. "
                     "Scan a code with the phone's camera, or type the address; phones must be on this computer's "
                     "network.");
        if (ImGui::Button("New addresses")) phones.new_addresses();
        ImGui::SameLine();
        text_dim("(the old addresses stop working)");
        ImGui::SameLine();
        if (ImGui::Button("Stop serving")) {
            phones.stop();
            open = false;
        }
        ImGui::Separator();
        const float qr_side = ImGui::GetFontSize() * 11.0f;
        for (const desk::Phones::Page& page : phones.pages()) {
            ImGui::PushID(page.url.c_str());
            ImGui::BeginGroup();
            draw_qr(page.qr, qr_side);
            ImGui::EndGroup();
            ImGui::SameLine();
            ImGui::BeginGroup();
            heading(page.name);
            std::string url = page.url;  // selectable, to copy
            ImGui::SetNextItemWidth(-1.0f);
            ImGui::InputText("##url", url.data(), url.size() + 1, ImGuiInputTextFlags_ReadOnly);
            int following = 0;
            for (const serve::Phone& p : phones.phones())
                if (p.viewer == page.name) {
                    text("Following: " + p.address + ", at entry #" + std::to_string(p.entry));
                    ++following;
                }
            if (following == 0) text_dim("No phone following yet");
            ImGui::EndGroup();
            ImGui::PopID();
            ImGui::Separator();
        }
    }
    ImGui::End();
    shell.show_phones = open;
}

} // namespace umpire::ui
