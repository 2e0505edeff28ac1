// View > Other umpires: what another umpire needs to join the battle open at the desk, to read
// out or scan from the laptop's screen: the address (this laptop's on the network when it hosts
// the battle), the password when it is this laptop's server, and the address as a QR code.
#include "panels/dialog.h"
#include "panels/overlays.h"
#include "panels/theme.h"
#include "panels/widgets.h"

#include "host/local_server.h"

#include <imgui.h>

#include <algorithm>
#include <string>

namespace umpire::ui {

namespace {

// A line to copy: read-only text the whole width.
void copyable(const char* id, std::string text) {
    ImGui::SetNextItemWidth(-1.0f);
    ImGui::InputText(id, text.data(), text.size() + 1, ImGuiInputTextFlags_ReadOnly);
}

} // namespace

void draw_umpires_panel(Shell& shell) {
    if (!shell.show_umpires || !shell.desk) return;
    if (!shell.invite || shell.invite_battle != shell.desk->path()) {
        shell.invite = desk::invite_for(shell.desk->path(), host::app_server_folder());
        shell.invite_qr.reset();
        if (!shell.invite->address.empty()) shell.invite_qr = serve::qr_code(shell.invite->address);
        shell.invite_battle = shell.desk->path();
    }
    const desk::UmpireInvite& invite = *shell.invite;
    const ImGuiIO& io = ImGui::GetIO();
    // Wide enough for a hosted battle's address (some 75 characters) in its field.
    ImGui::SetNextWindowSize({std::min(io.DisplaySize.x * 0.9f, ImGui::GetFontSize() * 58.0f), 0.0f},
                             ImGuiCond_Appearing);
    ImGui::SetNextWindowPos({io.DisplaySize.x * 0.5f, io.DisplaySize.y * 0.5f}, ImGuiCond_Appearing, {0.5f, 0.5f});
    bool open = true;
    if (ImGui::Begin("Other umpires", &open, ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_AlwaysAutoResize)) {
        text_wrapped(invite.how);
        if (!invite.address.empty()) {
            ImGui::Separator();
            if (shell.invite_qr) {
                ImGui::BeginGroup();
                draw_qr(*shell.invite_qr, ImGui::GetFontSize() * 12.0f);
                ImGui::EndGroup();
                ImGui::SameLine();
            }
            ImGui::BeginGroup();
            heading("Address");
            copyable("##address", invite.address);
            if (!invite.password.empty()) {
                heading("Password");
                copyable("##password", invite.password);
                text_wrapped_coloured(colour::dim, "In a terminal: PGPASSWORD=" + invite.password + " umpire '" + invite.address + "'");
            }
            text_dim("Umpire here: " + shell.desk->umpire());
            ImGui::EndGroup();
        }
        if (ImGui::IsWindowFocused(ImGuiFocusedFlags_RootAndChildWindows) && escape_pressed())
            open = false;
    }
    ImGui::End();
    shell.show_umpires = open;
}

} // namespace umpire::ui
