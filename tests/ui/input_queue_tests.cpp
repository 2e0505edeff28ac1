// The input queue between GLFW's callbacks and Dear ImGui 1.86 (panels/input_queue.h): events in,
// io frame by frame out. Then the desk driven as the program drives it (the queue released before
// every frame, holding characters while the keyboard moves): Tab then a value typed at once, and
// Ctrl+L then a command line, arrive whole.
#include "desk_shell.h"
#include "panels/commands.h"
#include "panels/form_focus.h"
#include "panels/input_queue.h"

#include <catch2/catch.hpp>

#include <imgui.h>

#include <string>
#include <string_view>

using namespace umpire;
namespace key = ui::key;

namespace {

constexpr int kLeftControl = 341;  // GLFW_KEY_LEFT_CONTROL

// What one frame of the queue gave io: the characters, and whether `k` was down.
struct Frame {
    std::string chars;
    bool ctrl = false;
};

// Releases the queue into io for one frame and runs an empty ImGui frame (which clears the
// characters again, as a real frame does).
Frame release(ui::InputQueue& queue, bool hold_text = false) {
    ImGuiIO& io = ImGui::GetIO();
    queue.release_frame(io, hold_text);
    Frame f;
    for (ImWchar c : io.InputQueueCharacters) f.chars += static_cast<char>(c);
    f.ctrl = io.KeyCtrl;
    ImGui::NewFrame();
    ImGui::Render();
    return f;
}

// A key as the X server sends it: pressed, its character (for a printable key), released.
void tap(ui::InputQueue& queue, char c) {
    const int code = c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c;
    queue.push_key(code, true);
    queue.push_char(static_cast<unsigned char>(c));
    queue.push_key(code, false);
}

void tap_key(ui::InputQueue& queue, int code) {
    queue.push_key(code, true);
    queue.push_key(code, false);
}

void type(ui::InputQueue& queue, std::string_view text) {
    for (char c : text) tap(queue, c);
}

// The program's loop for a headless desk: the queue released before each frame, with the
// characters held while the keyboard is on its way to a text box, until nothing is queued.
int run_until_empty(test::HeadlessUi& ui, ui::Shell& shell, ui::InputQueue& queue) {
    int frames = 0;
    do {
        queue.release_frame(ImGui::GetIO(), ui::keyboard_in_transit(shell));
        ui.frame(shell);
        ++frames;
    } while (queue.pending() && frames < 1000);
    return frames;
}

// Tab at a walking pace (the queue empty before each) until `stop` has the keyboard.
void tab_to(test::HeadlessUi& ui, ui::Shell& shell, ui::InputQueue& queue, const std::string& stop) {
    while (shell.form_focus != stop) {
        const std::string was = shell.form_focus;
        tap_key(queue, key::Tab);
        run_until_empty(ui, shell, queue);
        REQUIRE(shell.form_focus != was);
    }
}

// The worst case of the event-driven loop: Tab down, Tab up, then the text from the very next
// frame, the one the next box takes the keyboard in (ImGui 1.86 drops that frame's characters:
// without the hold, "12" became "2" and "1d" became "d").
void tab_then_type(test::HeadlessUi& ui, ui::Shell& shell, ui::InputQueue& queue, std::string_view text) {
    tap_key(queue, key::Tab);
    run_until_empty(ui, shell, queue);
    type(queue, text);
    run_until_empty(ui, shell, queue);
}

} // namespace

TEST_CASE("input queue: a shortcut pressed and released between two frames is down for a whole frame") {
    test::HeadlessUi ui;
    ui::InputQueue queue;
    // Ctrl+L as xdotool sends it: all four events before the next frame.
    queue.push_key(kLeftControl, true);
    tap_key(queue, 'L');
    queue.push_key(kLeftControl, false);

    ImGuiIO& io = ImGui::GetIO();
    queue.release_frame(io, false);
    CHECK(io.KeyCtrl);
    CHECK_FALSE(io.KeysDown['L']);
    ImGui::NewFrame();
    ImGui::Render();

    queue.release_frame(io, false);
    CHECK(io.KeyCtrl);
    CHECK(io.KeysDown['L']);
    ImGui::NewFrame();
    CHECK(ImGui::IsKeyPressed('L', false));  // what the shortcut table asks
    ImGui::Render();

    queue.release_frame(io, false);
    CHECK_FALSE(io.KeysDown['L']);
    CHECK(io.KeyCtrl);
    ImGui::NewFrame();
    ImGui::Render();

    queue.release_frame(io, false);
    CHECK_FALSE(io.KeyCtrl);
    CHECK_FALSE(queue.pending());
}

TEST_CASE("input queue: characters come in order with the keys that typed them, one key change a frame") {
    test::HeadlessUi ui;
    ui::InputQueue queue;
    type(queue, "ab");
    // a down with its character; a up; b down with its character; b up.
    CHECK(release(queue).chars == "a");
    CHECK(release(queue).chars.empty());
    CHECK(ImGui::GetIO().KeysDown['A'] == false);
    CHECK(release(queue).chars == "b");
    CHECK(ImGui::GetIO().KeysDown['B']);
    CHECK(release(queue).chars.empty());
    CHECK_FALSE(ImGui::GetIO().KeysDown['B']);
    CHECK_FALSE(queue.pending());

    // Characters with no key between them (an input method) go together.
    queue.push_char('x');
    queue.push_char('y');
    CHECK(release(queue).chars == "xy");
    // A repeated press of a key already down changes nothing and takes no frame.
    queue.push_key('Q', true);
    queue.push_key('Q', true);
    queue.push_char('q');
    CHECK(release(queue).chars == "q");
    CHECK_FALSE(queue.pending());
}

TEST_CASE("input queue: while the keyboard moves, characters wait and so does everything after them") {
    test::HeadlessUi ui;
    ui::InputQueue queue;
    queue.push_key('1', true);
    queue.push_char('1');
    queue.push_key('1', false);
    tap(queue, '2');

    // The key goes (keys do not wait), its character does not, nor the release after it.
    Frame f = release(queue, true);
    CHECK(f.chars.empty());
    CHECK(ImGui::GetIO().KeysDown['1']);
    CHECK(release(queue, true).chars.empty());
    CHECK(ImGui::GetIO().KeysDown['1']);
    CHECK(queue.pending());
    // The box has the keyboard: the rest in order.
    CHECK(release(queue).chars == "1");
    CHECK(release(queue).chars.empty());
    CHECK_FALSE(ImGui::GetIO().KeysDown['1']);
    CHECK(release(queue).chars == "2");
    CHECK(release(queue).chars.empty());
    CHECK_FALSE(queue.pending());

    // A request for the keyboard that nothing takes holds the typing a few frames only.
    queue.push_char('z');
    int frames = 0;
    std::string got;
    while (queue.pending() && frames < 100) {
        got += release(queue, true).chars;
        ++frames;
    }
    CHECK(got == "z");
    CHECK(frames > 1);
    CHECK(frames <= 5);
}

TEST_CASE("input queue: a click between two frames is down for one frame, whatever the live button says") {
    test::HeadlessUi ui;
    ui::InputQueue queue;
    ImGuiIO& io = ImGui::GetIO();
    queue.push_mouse_button(0, true);
    queue.push_mouse_button(0, false);
    io.MouseDown[0] = false;  // what the backend read from the button, already up
    queue.release_frame(io, false);
    CHECK(io.MouseDown[0]);
    ImGui::NewFrame();
    CHECK(ImGui::IsMouseClicked(0));
    ImGui::Render();
    io.MouseDown[0] = false;
    queue.release_frame(io, false);
    CHECK_FALSE(io.MouseDown[0]);
    // A key after the click waits for the release's frame to pass.
    queue.push_mouse_button(1, true);
    tap_key(queue, 'K');
    queue.release_frame(io, false);
    CHECK(io.MouseDown[1]);
    CHECK_FALSE(io.KeysDown['K']);
    queue.release_frame(io, false);
    CHECK(io.KeysDown['K']);
}

TEST_CASE("input queue: Tab then a value typed at once arrives whole in the next field") {
    test::ScratchDir dir;
    test::HeadlessUi ui(1280, 800);
    ui::Shell shell = test::demo_shell(dir);
    desk::Desk& desk = *shell.desk;
    REQUIRE(desk.select_unit("2nd Sikhs"));
    REQUIRE(desk.choose_action("shoot"));
    ui.frames(shell, 2);
    ui::InputQueue queue;
    tab_to(ui, shell, queue, "weapon");  // the stop before Range

    SECTION("all the keys before one frame") {
        tap_key(queue, key::Tab);
        type(queue, "12");
        run_until_empty(ui, shell, queue);
    }
    SECTION("each key in a frame of its own, as a quick typist gives them") {
        tab_then_type(ui, shell, queue, "12");
    }
    CHECK(shell.form_focus == "range");
    CHECK(desk.value("range") == "12");
    CHECK(desk.value("figures") != "1");  // nothing went into the field left behind
}

TEST_CASE("input queue: Ctrl+L pressed and released at once, then a command line typed at once, arrives whole") {
    test::ScratchDir dir;
    test::HeadlessUi ui(1280, 800);
    ui::Shell shell = test::demo_shell(dir);
    ui.frames(shell, 2);
    ui::InputQueue queue;
    queue.push_key(kLeftControl, true);
    tap_key(queue, 'L');
    queue.push_key(kLeftControl, false);
    const std::string line = "shoot 2nd gh 10 6,5,4";
    type(queue, line);
    run_until_empty(ui, shell, queue);
    CHECK(shell.show_command_line);
    CHECK(shell.command_text == line);
}

TEST_CASE("input queue: Tab then areas typed at once arrive whole (Square Hearts, \"1d\")", "[square-hearts]") {
    test::ScratchDir dir;
    test::HeadlessUi ui(1280, 800);
    ui::Shell shell = test::sample_shell(dir, "square-hearts-abu-klea");
    desk::Desk& desk = *shell.desk;
    REQUIRE(desk.select_unit("Royal Artillery screw guns"));
    REQUIRE(desk.choose_action("shoot"));
    REQUIRE(desk.set_target(desk.battle().find_unit("Hamran spearmen")->id));
    ui.frames(shell, 2);
    // The stop before the range in steps (areas), reached at a walking pace.
    std::string before_range;
    for (const ui::FormStop& stop : shell.form_stops) {
        if (stop.name == "range") break;
        if (stop.enabled) before_range = stop.name;
    }
    REQUIRE_FALSE(before_range.empty());
    ui::InputQueue queue;
    tab_to(ui, shell, queue, before_range);
    tab_then_type(ui, shell, queue, "1d");
    CHECK(shell.form_focus == "range");
    CHECK(desk.value("range") == "1d");
}
