// strata/imgui_inspector.hpp: a live inspector of a stack for Dear ImGui (R36). One window shows
// both views with each entry's identity, modality, focus, time scale and presence; with a trace
// recorder as the stack's probe, also the last steps, requests and changes with their frames, and
// a scrubber that shows both views as they were at any frame the recorder holds. Two buttons
// pause the game's updates and step one frame: the game's loop asks take_update()
// (docs/debugging.md).
// Optional: needs Dear ImGui (Debian's libimgui-dev; CMake target strata::imgui), and strata.hpp
// does not include it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <imgui.h>

#include "inspection.hpp"
#include "trace_recorder.hpp"
#include "trace_timeline.hpp"

namespace strata {

class imgui_inspector {
public:
  // How many of the recorder's last events the history lists.
  static constexpr std::size_t history_rows = 32;

  // `history`: the recorder installed as the stack's probe (stack::set_probe()), or null. It must
  // outlive the inspector's draws.
  explicit imgui_inspector(const trace_recorder* history = nullptr)
      : history_(history) {}

  // Draws the window "strata"; call between ImGui::NewFrame() and ImGui::Render(), outside the
  // stack's hooks (it reads the views).
  template <class Context, class Event>
  void draw(const stack<Context, Event>& states) {
    // A size of its own the first time, rather than ImGui's fit to the contents, which leaves a
    // new window undrawn for its first frame.
    ImGui::SetNextWindowSize(ImVec2(560.0F, 520.0F), ImGuiCond_FirstUseEver);
    if (ImGui::Begin("strata")) {
      draw_controls();
      const std::optional<recorded_stack> past = shown_past();
      draw_inspection(past ? inspect(*past) : inspect(states));
      draw_history();
    }
    ImGui::End();
  }

  // ---- pausing the game: what the Pause and Step buttons do ----

  // The game's loop asks once a frame whether to run it: true unless paused, and once for each
  // Step pressed while paused. A paused game still draws (stack::draw()), so the picture stays.
  [[nodiscard]] bool take_update() {
    if (!paused_) {
      return true;
    }
    if (steps_ == 0) {
      return false;
    }
    --steps_;
    return true;
  }
  void pause(bool on) {
    paused_ = on;
    steps_ = 0;
  }
  [[nodiscard]] bool paused() const { return paused_; }
  // While paused, lets one more frame run.
  void step() {
    if (paused_) {
      ++steps_;
    }
  }

  // ---- the scrubber: which recorded frame the views show ----

  // `frame`: a frame the recorder holds, or none for the stack as it is now. A frame it no
  // longer holds shows the stack as it is now.
  void show_frame(std::optional<std::uint64_t> frame) { shown_ = frame; }
  [[nodiscard]] std::optional<std::uint64_t> shown_frame() const { return shown_; }

private:
  // The recorded views of the frame shown, if one is shown (draw_controls() keeps it held).
  [[nodiscard]] std::optional<recorded_stack> shown_past() const {
    if (!shown_ || history_ == nullptr) {
      return std::nullopt;
    }
    return history_->stack_at(*shown_);
  }

  void draw_controls() {
    bool paused = paused_;
    if (ImGui::Checkbox("Pause updates", &paused)) {
      pause(paused);
    }
    ImGui::SameLine();
    if (ImGui::Button("Step one frame")) {
      step();
    }
    if (history_ == nullptr) {
      return;
    }
    const std::uint64_t oldest = history_->oldest_frame();
    const std::uint64_t newest = history_->newest_frame();
    if (shown_ && (*shown_ < oldest || *shown_ > newest)) {
      shown_.reset(); // dropped from the ring since: back to live
    }
    bool live = !shown_;
    if (ImGui::Checkbox("Live", &live)) {
      shown_ = live ? std::nullopt : std::optional{history_->newest_frame()};
    }
    if (shown_) {
      ImGui::SameLine();
      ImGui::SliderScalar("frame", ImGuiDataType_U64, &*shown_, &oldest, &newest);
    }
  }

  static void draw_inspection(const inspection& seen) {
    if (seen.frame) {
      ImGui::Text("as at the end of frame %llu", static_cast<unsigned long long>(*seen.frame));
    } else {
      ImGui::Text("now: %s%s", seen.pending ? "a commit is pending" : "committed",
                  seen.in_transition ? ", states in transition" : "");
    }
    draw_view("committed", seen.committed);
    draw_view("staged", seen.staged);
  }

  // One view as a table, top first as a game shows a stack.
  static void draw_view(const char* title, const std::vector<inspected_entry>& view) {
    ImGui::Text("%s (%zu)", title, view.size());
    constexpr ImGuiTableFlags flags =
        ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit;
    if (!ImGui::BeginTable(title, 6, flags)) {
      return;
    }
    for (const char* column : {"depth", "state", "id", "modality", "time scale", "presence"}) {
      ImGui::TableSetupColumn(column);
    }
    ImGui::TableHeadersRow();
    for (std::size_t depth = view.size(); depth-- > 0;) {
      const inspected_entry& e = view[depth];
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::Text("%zu", e.depth);
      ImGui::TableNextColumn();
      // R21: escaped as the timeline writes it: a newline would split the row, a NUL end it.
      const std::string name = detail::timeline_name(e.name) + (e.focused ? " (focus)" : "");
      ImGui::TextUnformatted(name.c_str());
      ImGui::TableNextColumn();
      ImGui::Text("%llu", static_cast<unsigned long long>(e.id));
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(std::string(to_string(e.mode)).c_str());
      ImGui::TableNextColumn();
      if (e.time_scale) {
        ImGui::Text("%.2f", static_cast<double>(*e.time_scale));
      }
      ImGui::TableNextColumn();
      if (e.presence) {
        ImGui::Text("%s %.2f", std::string(to_string(e.presence->phase)).c_str(),
                    static_cast<double>(e.presence->value));
      }
    }
    ImGui::EndTable();
  }

  // The recorder's last steps, requests and changes, newest first, each with its frame.
  void draw_history() const {
    if (history_ == nullptr) {
      return;
    }
    ImGui::Text("last steps, requests and changes (%zu events kept, %llu dropped)",
                history_->size(), static_cast<unsigned long long>(history_->dropped()));
    std::size_t shown = 0;
    for (std::size_t i = history_->size(); i-- > 0 && shown < history_rows;) {
      const trace_event& e = (*history_)[i];
      if (e.what == trace_event::kind::step || e.what == trace_event::kind::request ||
          e.what == trace_event::kind::change) {
        const std::string line =
            "frame " + std::to_string(e.frame) + "  " + timeline_line(*history_, e);
        ImGui::TextUnformatted(line.c_str());
        ++shown;
      }
    }
  }

  const trace_recorder* history_;
  bool paused_ = false;
  std::size_t steps_ = 0; // frames to let through while paused
  std::optional<std::uint64_t> shown_;
};

} // namespace strata
