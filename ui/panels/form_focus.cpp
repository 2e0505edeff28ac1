#include "panels/form_focus.h"

#include "desk/fuzzy.h"
#include "panels/widgets.h"

#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>

namespace umpire::ui {

namespace {

bool key_pressed(ImGuiKey_ key) { return ImGui::IsKeyPressed(ImGui::GetKeyIndex(key), true); }

bool any_popup_open() { return ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId | ImGuiPopupFlags_AnyPopupLevel); }

// The keyboard is the form's, on a stop that is not a text box: no text box has it, no list is
// open, no overlay (help, palette, command line) is up.
bool keys_for_stops(const Shell& shell) {
    return shell.form_keyboard && !ImGui::GetIO().WantTextInput && !any_popup_open() && !shell.show_help &&
           !shell.show_palette && !shell.show_command_line && !ImGui::GetIO().KeyCtrl && !ImGui::GetIO().KeyAlt;
}

void outline_last_item() {
    const ImVec2 pad(2.0f, 2.0f);
    const ImVec2 a = ImGui::GetItemRectMin(), z = ImGui::GetItemRectMax();
    ImGui::GetWindowDrawList()->AddRect(ImVec2(a.x - pad.x, a.y - pad.y), ImVec2(z.x + pad.x, z.y + pad.y),
                                        ImGui::GetColorU32(ImGuiCol_NavHighlight), ImGui::GetStyle().FrameRounding,
                                        0, 2.0f);
}

} // namespace

void before_stop(Shell& shell, const std::string& name, StopKind kind) {
    // A window's first frame has no size or scroll range yet: give the keyboard on the next one.
    if (shell.form_focus_request != name || ImGui::IsWindowAppearing()) return;
    shell.form_focus_request.clear();
    shell.form_focus_arrived = name;
    if (kind == StopKind::Text) {
        ImGui::SetKeyboardFocusHere();
    } else {
        // Out of any text box, and the keyboard kept in this panel for the next Tab.
        ImGui::ClearActiveID();
        ImGui::SetWindowFocus();
    }
}

StopKeys after_stop(Shell& shell, const std::string& name, StopKind kind, bool enabled) {
    shell.form_stops.push_back({name, kind, enabled});
    // Just clicked (or given the keyboard): the focus. Not "active": a text box stays active for a
    // frame after Tab has moved on, until the next stop takes the keyboard.
    if (ImGui::IsItemActivated()) shell.form_focus = name;
    if (shell.form_focus_arrived == name) {
        // Tab brought the keyboard to a stop scrolled out of its band: bring it into view. A
        // text box clipped away could not take the cursor: ask again once it is in view.
        shell.form_focus_arrived.clear();
        const ImRect item(ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
        if (!ImGui::GetCurrentWindow()->ClipRect.Contains(item)) {
            ImGui::SetScrollHereY(0.5f);
            if (kind == StopKind::Text && !ImGui::IsItemActive()) shell.form_focus_request = name;
        }
    }
    StopKeys keys;
    if (shell.form_focus != name || kind == StopKind::Text || !keys_for_stops(shell)) return keys;
    outline_last_item();
    if (!enabled) return keys;
    const ImGuiIO& io = ImGui::GetIO();
    switch (kind) {
    case StopKind::Toggle: keys.toggle = key_pressed(ImGuiKey_Space); break;
    case StopKind::Press:
        keys.press = key_pressed(ImGuiKey_Space) || key_pressed(ImGuiKey_Enter) || key_pressed(ImGuiKey_KeyPadEnter);
        break;
    case StopKind::Pick: {
        if (key_pressed(ImGuiKey_UpArrow)) keys.step = -1;
        if (key_pressed(ImGuiKey_DownArrow)) keys.step = 1;
        if (io.InputQueueCharacters.Size == 0) break;
        const double now = ImGui::GetTime();
        if (now - shell.form_typeahead_time > kTypeAheadPause) shell.form_typeahead.clear();
        for (ImWchar c : io.InputQueueCharacters)
            if (c >= 32 && c < 127 && !(c == ' ' && shell.form_typeahead.empty()))
                shell.form_typeahead += static_cast<char>(c);
        shell.form_typeahead_time = now;
        keys.typed = shell.form_typeahead;
        break;
    }
    case StopKind::Text: break;
    }
    return keys;
}

StopKeys after_list_stop(Shell& shell, const std::string& name, bool open) {
    if (!open) return after_stop(shell, name, StopKind::Pick);
    shell.form_stops.push_back({name, StopKind::Pick, true});
    shell.form_focus = name;
    return {};
}

std::optional<std::size_t> picked(const StopKeys& keys, const std::vector<std::string>& names,
                                  std::optional<std::size_t> current) {
    if (names.empty()) return std::nullopt;
    if (!keys.typed.empty()) {
        std::optional<std::size_t> best;
        int best_score = 0;
        for (std::size_t i = 0; i < names.size(); ++i) {
            const auto score = desk::fuzzy_score(names[i], keys.typed);
            if (score && (!best || *score > best_score)) {
                best = i;
                best_score = *score;
            }
        }
        if (best && best != current) return best;
        return std::nullopt;
    }
    if (keys.step == 0) return std::nullopt;
    if (!current) return keys.step > 0 ? std::size_t{0} : names.size() - 1;
    if (keys.step < 0 && *current == 0) return std::nullopt;
    const std::size_t next = keys.step < 0 ? *current - 1 : *current + 1;
    if (next >= names.size()) return std::nullopt;
    return next;
}

void move_form_focus(Shell& shell) {
    const ImGuiIO& io = ImGui::GetIO();
    if (!ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Tab), true) || io.KeyCtrl || io.KeyAlt) return;
    if (shell.show_help || shell.show_palette || shell.show_command_line || any_popup_open()) return;
    if (shell.form_stops.empty()) return;
    // Tab belongs to the form while the form has the keyboard, and enters it from the roster
    // (its Find field too) or from anywhere no text box has the keyboard (the palette just
    // closed, a unit clicked, the journal scrolled). A text box elsewhere keeps its own Tab.
    const ImGuiWindow* nav = ImGui::GetCurrentContext()->NavWindow;
    const ImGuiWindow* roster = ImGui::FindWindowByName("Roster");
    const bool from_roster = nav && roster && nav->RootWindow == roster;
    if (!shell.form_keyboard && !from_roster && io.WantTextInput) return;

    const auto& stops = shell.form_stops;
    const int n = static_cast<int>(stops.size());
    int at = -1;
    if (shell.form_keyboard)
        for (int i = 0; i < n; ++i)
            if (stops[static_cast<std::size_t>(i)].name == shell.form_focus) at = i;
    const int dir = io.KeyShift ? -1 : 1;
    int i = at < 0 ? (dir > 0 ? -1 : n) : at;
    for (int tries = 0; tries < n; ++tries) {
        i = ((i + dir) % n + n) % n;
        if (!stops[static_cast<std::size_t>(i)].enabled) continue;
        shell.form_focus = stops[static_cast<std::size_t>(i)].name;
        shell.form_focus_request = shell.form_focus;
        shell.form_typeahead.clear();
        return;
    }
}

bool keyboard_in_transit(const Shell& shell) {
    // Asked by the panels this frame: given the keyboard next frame (SetKeyboardFocusHere).
    if (!shell.form_focus_request.empty() || shell.focus_dice || shell.focus_command_line || shell.focus_palette ||
        shell.focus_roster_filter)
        return true;
    // SetKeyboardFocusHere called last frame: the box takes the keyboard in the next NewFrame.
    return ImGui::GetCurrentContext()->NavMoveSubmitted;
}

} // namespace umpire::ui
