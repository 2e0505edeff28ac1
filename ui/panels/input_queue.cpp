#include "panels/input_queue.h"

namespace umpire::ui {

namespace {

// GLFW's codes for the modifier keys (this layer does not include GLFW's header).
constexpr int kLeftShift = 340, kLeftControl = 341, kLeftAlt = 342, kLeftSuper = 343;
constexpr int kRightShift = 344, kRightControl = 345, kRightAlt = 346, kRightSuper = 347;

bool valid_key(const ImGuiIO& io, int key) { return key >= 0 && key < IM_ARRAYSIZE(io.KeysDown); }

// The modifiers as the GLFW backend derives them: from the modifier keys' own state.
void derive_modifiers(ImGuiIO& io) {
    io.KeyCtrl = io.KeysDown[kLeftControl] || io.KeysDown[kRightControl];
    io.KeyShift = io.KeysDown[kLeftShift] || io.KeysDown[kRightShift];
    io.KeyAlt = io.KeysDown[kLeftAlt] || io.KeysDown[kRightAlt];
    io.KeySuper = io.KeysDown[kLeftSuper] || io.KeysDown[kRightSuper];
}

} // namespace

void InputQueue::push_key(int key, bool down) { events_.push_back({Kind::Key, key, down}); }

void InputQueue::push_char(unsigned int c) { events_.push_back({Kind::Char, static_cast<int>(c), false}); }

void InputQueue::push_mouse_button(int button, bool down) { events_.push_back({Kind::MouseButton, button, down}); }

void InputQueue::release_frame(ImGuiIO& io, bool hold_text) {
    // A request for the keyboard that nothing takes (the Dice field asked for with no form on
    // screen) must not stop the typing: characters wait a few frames at most.
    held_frames_ = hold_text ? held_frames_ + 1 : 0;
    if (held_frames_ > kMaxHeldFrames) hold_text = false;
    bool transition = false;  // a key or a button changed this frame
    bool typed = false;       // a character went this frame
    while (!events_.empty()) {
        const Event& e = events_.front();
        if (e.kind == Kind::Char) {
            if (hold_text) break;
            io.AddInputCharacter(static_cast<unsigned int>(e.code));
            typed = true;
        } else if (e.kind == Kind::Key) {
            // Keys the backend does not map, and events that change nothing, go without a frame.
            if (valid_key(io, e.code) && io.KeysDown[e.code] != e.down) {
                if (transition || typed) break;
                io.KeysDown[e.code] = e.down;
                derive_modifiers(io);
                transition = true;
            }
        } else {
            const auto b = static_cast<std::size_t>(e.code);
            if (e.code >= 0 && b < mouse_down_.size() && mouse_down_[b] != e.down) {
                if (transition || typed) break;
                mouse_down_[b] = e.down;
                transition = true;
            }
        }
        events_.pop_front();
    }
    for (std::size_t b = 0; b < mouse_down_.size(); ++b) io.MouseDown[b] = mouse_down_[b];
}

} // namespace umpire::ui
