// tests/imgui/imgui_inspector_test.cpp: strata::imgui_inspector (R36) drawn by Dear ImGui with no
// backend: what its window shows (ImGui's own text capture), the pause and step controls, the
// scrubber over a trace recorder, and a thousand frames of a random game with the inspector open.
#include <cstdint>
#include <random>
#include <string>

#include <gtest/gtest.h>
#include <imgui.h>

#include <strata/imgui_inspector.hpp>

namespace strata_test {
namespace {

struct title {};
struct menu {
  static constexpr strata::modality modality = strata::modality::freeze;
  static constexpr strata::transition transition{.arrive = 0.5F};
};

// What ImGui's log "to the clipboard" wrote: the text of the items drawn while it ran.
std::string clipboard; // NOLINT(cppcoreguidelines-avoid-non-const-global-variables)

// An ImGui context with a display and a font atlas, as a backend would give it, but no backend.
class imgui_inspector : public testing::Test {
protected:
  imgui_inspector() {
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = ImVec2(1280.0F, 800.0F);
    io.DeltaTime = 1.0F / 60.0F;
    io.IniFilename = nullptr; // no imgui.ini written by the tests
    io.SetClipboardTextFn = [](void* /*user*/, const char* text) { clipboard = text; };
    unsigned char* pixels = nullptr;
    int width = 0;
    int height = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);
  }
  ~imgui_inspector() override { ImGui::DestroyContext(); }
  imgui_inspector(const imgui_inspector&) = delete;
  imgui_inspector& operator=(const imgui_inspector&) = delete;
  imgui_inspector(imgui_inspector&&) = delete;
  imgui_inspector& operator=(imgui_inspector&&) = delete;

  // One ImGui frame with the inspector's window; returns the text it drew.
  std::string draw(strata::imgui_inspector& inspector, const strata::stack<>& states) {
    ImGui::NewFrame();
    ImGui::LogToClipboard(); // public API; imgui_internal.h's LogToBuffer is not
    inspector.draw(states);
    ImGui::LogFinish();
    ImGui::Render();
    return clipboard;
  }

  strata::stack<> states;
};

// Live: both views, top first, with the focus, the modality and the presence.
TEST_F(imgui_inspector, r36_the_window_shows_both_views_as_they_are_now) {
  strata::imgui_inspector inspector;
  states.push<title>();
  states.push<menu>();
  states.commit();
  const std::string text = draw(inspector, states);
  for (const char* shown :
       {"now: committed, states in transition", "committed (2)", "staged (2)", "menu (focus)",
        "freeze", "arriving 0.00", "being_covered 1.00", "title", "screen"}) {
    EXPECT_NE(text.find(shown), std::string::npos) << shown << " in:\n" << text;
  }
  EXPECT_LT(text.find("menu (focus)"), text.find("title")); // the top first
  EXPECT_EQ(text.find("last steps"), std::string::npos);    // no recorder, no history
  EXPECT_GT(ImGui::GetDrawData()->TotalVtxCount, 0);
}

// R21: a name of any bytes shows whole on its row, escaped as describe() writes it (a NUL byte
// would otherwise end the row's text, a newline split it).
TEST_F(imgui_inspector, r36_a_name_of_any_bytes_shows_whole) {
  strata::imgui_inspector inspector;
  states.push<title>().name(std::string("ab\0cd\nef", 8));
  states.commit();
  const std::string text = draw(inspector, states);
  EXPECT_NE(text.find("ab\\x00cd\\nef (focus)"), std::string::npos) << text;
}

// Pause holds the game's updates until Step lets one frame through; resuming lets all through.
TEST_F(imgui_inspector, r36_pause_and_step_one_frame) {
  strata::imgui_inspector inspector;
  EXPECT_TRUE(inspector.take_update());
  inspector.step(); // not paused: nothing to step
  inspector.pause(true);
  EXPECT_FALSE(inspector.take_update());
  inspector.step();
  inspector.step();
  EXPECT_TRUE(inspector.take_update());
  EXPECT_TRUE(inspector.take_update());
  EXPECT_FALSE(inspector.take_update());
  inspector.step();
  inspector.pause(false); // the steps left over go with the pause
  inspector.pause(true);
  EXPECT_FALSE(inspector.take_update());
  inspector.pause(false);
  EXPECT_TRUE(inspector.take_update());
}

// With a recorder: the last steps and requests with their frames, and a recorded frame shown in
// place of the live views until it is dropped from the ring.
TEST_F(imgui_inspector, r36_the_history_and_a_recorded_frame) {
  strata::trace_recorder recorder{200};
  states.set_probe(&recorder);
  strata::imgui_inspector inspector{&recorder};
  states.push<title>();
  states.frame(0.1); // frame 1
  states.push<menu>();
  states.frame(0.1); // frame 2
  states.pop();
  states.frame(0.1); // frame 3

  std::string text = draw(inspector, states);
  for (const char* shown :
       {"last steps, requests and changes", "frame 3  step exit menu#2@1",
        "frame 2  request pop() outside any hook", "frame 1  step enter title#1@0"}) {
    EXPECT_NE(text.find(shown), std::string::npos) << shown << " in:\n" << text;
  }
  EXPECT_NE(text.find("committed (1)"), std::string::npos);

  inspector.show_frame(2);
  text = draw(inspector, states);
  EXPECT_NE(text.find("as at the end of frame 2"), std::string::npos) << text;
  EXPECT_NE(text.find("committed (2)"), std::string::npos) << text;
  EXPECT_EQ(inspector.shown_frame(), 2U);

  for (int i = 0; i < 150; ++i) {
    states.frame(0.1); // two events a frame: the ring drops frame 2
  }
  ASSERT_GT(recorder.oldest_frame(), 2U);
  text = draw(inspector, states);
  EXPECT_FALSE(inspector.shown_frame()); // back to live
  states.set_probe(nullptr);
}

// A thousand frames of random requests with the inspector drawn in each, sometimes scrubbing,
// sometimes paused: nothing breaks (the sanitizer build runs this too).
TEST_F(imgui_inspector, r36_a_thousand_frames_of_a_random_game) {
  strata::trace_recorder recorder{256};
  states.set_probe(&recorder);
  strata::imgui_inspector inspector{&recorder};
  std::mt19937 random(1000);
  int updated = 0;
  for (int frame = 0; frame < 1000; ++frame) {
    switch (random() % 8) {
    case 0:
    case 1: states.push<title>(); break;
    case 2: states.push<menu>(); break;
    case 3:
      if (!states.staged().empty()) {
        states.pop();
      }
      break;
    case 4: states.clear(); break;
    case 5: inspector.show_frame(recorder.oldest_frame() + random() % 8); break;
    case 6: inspector.pause(!inspector.paused()); break;
    default: inspector.step(); break;
    }
    if (inspector.take_update()) {
      states.frame(1.0 / 60);
      ++updated;
    } else {
      states.draw();
    }
    const std::string text = draw(inspector, states);
    ASSERT_NE(text.find("committed ("), std::string::npos);
    ASSERT_GT(ImGui::GetDrawData()->TotalVtxCount, 0);
  }
  EXPECT_GT(updated, 100);
  EXPECT_LT(updated, 1000);
  states.set_probe(nullptr);
}

} // namespace
} // namespace strata_test
