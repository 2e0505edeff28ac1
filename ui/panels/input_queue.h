#pragma once
// Keys, characters and mouse buttons as they came, handed to Dear ImGui a few at a time.
//
// Dear ImGui 1.86 reads io.KeysDown and io.MouseDown once a frame: a key pressed and released
// between two frames (a quick Ctrl+L, or any key from xdotool) was never seen, and characters
// arriving in the frame a text box is given the keyboard were dropped by the box. The GLFW glue
// (ui/glfw_input.cpp) queues every event here instead of writing io at once, and each frame
// release_frame() hands over what that frame can take, in order, as ImGui 1.87's input queue
// later did:
//   - one key or mouse-button transition a frame (a key pressed and released between two frames
//     is down for one frame, then up the next);
//   - characters with the key transition that typed them, never past a later transition;
//   - while the keyboard is moving to another text box (hold_text), no character at all, and
//     nothing after one: they stay queued, in order, until the box has the keyboard (a few
//     frames at most: a request for the keyboard that nothing takes does not stop the typing).
// The program keeps drawing frames while pending() says something is still queued.
#include <imgui.h>

#include <array>
#include <deque>

namespace umpire::ui {

class InputQueue {
public:
    // `key` is a GLFW key code (the index the GLFW backend maps io.KeyMap to); repeats are not
    // queued (ImGui repeats a held key itself).
    void push_key(int key, bool down);
    void push_char(unsigned int c);
    void push_mouse_button(int button, bool down);

    bool pending() const { return !events_.empty(); }

    // Hands this frame's share of the queue to io. Called after the platform backend's NewFrame
    // (which sets io.MouseDown from the live buttons: replaced here by the queued ones) and
    // before ImGui::NewFrame().
    void release_frame(ImGuiIO& io, bool hold_text);

private:
    enum class Kind { Key, Char, MouseButton };
    struct Event {
        Kind kind;
        int code;         // key or button; the character for Char
        bool down;
    };
    // The keyboard takes two frames to reach a text box; a request still pending after this
    // many frames is one nothing will take.
    static constexpr int kMaxHeldFrames = 4;
    std::deque<Event> events_;
    int held_frames_ = 0;
    std::array<bool, 5> mouse_down_{};  // ImGui's five mouse buttons, as the queue has released them
};

} // namespace umpire::ui
