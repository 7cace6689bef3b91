// strata/trace_recorder.hpp: a probe (R36) that records what a stack does into a ring of a fixed
// number of events: hook calls (begin and end), requests, steps and frames, timed with
// steady_clock. "The stack as it was at frame N", both views, is rebuilt from them for every
// frame still recorded: the events the ring drops are folded into a baseline first. Once every
// name has been seen, recording allocates nothing. trace_chrome.hpp and trace_text.hpp export it.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "detail/stack_line.hpp"
#include "detail/trace_names.hpp"
#include "probe.hpp"
#include "trace_event.hpp"

namespace strata {

// Both views at the end of one frame (after its last event: the requests made between its end
// and the next frame's begin count in it).
struct recorded_stack {
  std::uint64_t frame = 0;
  std::vector<recorded_entry> committed;
  std::vector<recorded_entry> staged;
  entry_id focused = entry_id::none;
  std::vector<std::string_view> committed_names; // bottom to top
  std::vector<std::string_view> staged_names;

  // As stack::describe() reads at that moment: "title | world*", or "(empty)".
  [[nodiscard]] std::string describe() const { return line(committed_names); }
  // The same for the staged view.
  [[nodiscard]] std::string describe_staged() const { return line(staged_names); }

private:
  static std::string line(const std::vector<std::string_view>& names) {
    std::string out;
    detail::append_stack_line(out, names.size(), [&](std::size_t depth) { return names[depth]; });
    return out;
  }
};

class trace_recorder final : public probe {
public:
  using clock = std::chrono::steady_clock;

  // Keeps the last `capacity` events (at least 1).
  explicit trace_recorder(std::size_t capacity)
      : ring_(capacity == 0 ? 1 : capacity)
      , start_(clock::now()) {}

  // ---- what was recorded ----

  [[nodiscard]] std::size_t size() const { return size_; }
  [[nodiscard]] std::size_t capacity() const { return ring_.size(); }
  // The i-th event kept, oldest first.
  [[nodiscard]] const trace_event& operator[](std::size_t i) const {
    return ring_[(head_ + i) % ring_.size()];
  }
  [[nodiscard]] std::string_view name(std::uint32_t number) const { return names_[number]; }
  // Events dropped since recording began.
  [[nodiscard]] std::uint64_t dropped() const { return dropped_; }
  // The frame last begun (0 before the first).
  [[nodiscard]] std::uint64_t newest_frame() const { return frame_; }
  // The oldest frame stack_at() can rebuild: the frame of the last event dropped (0 if none).
  [[nodiscard]] std::uint64_t oldest_frame() const { return baseline_frame_; }
  // Both views as the dropped events left them; the events kept apply on top of it.
  [[nodiscard]] const recorded_views& baseline() const { return baseline_; }

  // Both views at the end of frame `n`, or nullopt if `n` is not between oldest_frame() and
  // newest_frame().
  [[nodiscard]] std::optional<recorded_stack> stack_at(std::uint64_t n) const {
    if (n < baseline_frame_ || n > frame_) {
      return std::nullopt;
    }
    recorded_views views = baseline_;
    for (std::size_t i = 0; i < size_ && (*this)[i].frame <= n; ++i) {
      views.apply((*this)[i]);
    }
    recorded_stack at{n, views.committed, views.staged, views.focused, {}, {}};
    for (const recorded_entry& e : at.committed) {
      at.committed_names.push_back(names_[e.name]);
    }
    for (const recorded_entry& e : at.staged) {
      at.staged_names.push_back(names_[e.name]);
    }
    return at;
  }

  // ---- the probe ----

  void hook_begin(const hook_call& call) override {
    record(hook_event(trace_event::kind::hook_begin, call, names_.intern(call.state)));
  }
  void hook_end(const hook_call& call) override {
    record(hook_event(trace_event::kind::hook_end, call, 0)); // paired with its begin by id
  }
  void request(const request_call& call) override {
    trace_event e{};
    e.what = trace_event::kind::request;
    e.frame = call.frame;
    e.request = call.what;
    if (call.from != nullptr) {
      e.from_hook = true;
      e.hook = call.from->hook;
      e.id = call.from->id;
      e.name = names_.intern(call.from->state);
      e.depth = call.from->depth;
    } else {
      e.where = call.where;
    }
    record(e);
  }
  void step(const step_call& call) override {
    trace_event e{};
    e.what = trace_event::kind::step;
    e.step = call.info.step;
    e.mode = call.mode;
    e.name = names_.intern(call.info.state);
    e.depth = call.info.depth;
    e.id = call.info.id;
    e.frame = call.frame;
    record(e);
  }
  void changed(const change_call& call) override {
    trace_event e{};
    e.what = trace_event::kind::change;
    e.mode = call.mode;
    e.time_scale = call.time_scale;
    e.name = names_.intern(call.state);
    e.depth = call.depth;
    e.id = call.id;
    e.frame = call.frame;
    record(e);
  }
  void frame_begin(std::uint64_t frame) override {
    frame_ = frame;
    record(frame_event(trace_event::kind::frame_begin, frame));
  }
  void frame_end(std::uint64_t frame) override {
    record(frame_event(trace_event::kind::frame_end, frame));
  }

private:
  static trace_event hook_event(trace_event::kind what, const hook_call& call, std::uint32_t name) {
    trace_event e{};
    e.what = what;
    e.hook = call.hook;
    e.name = name;
    e.depth = call.depth;
    e.id = call.id;
    e.frame = call.frame;
    return e;
  }
  static trace_event frame_event(trace_event::kind what, std::uint64_t frame) {
    trace_event e{};
    e.what = what;
    e.frame = frame;
    return e;
  }

  // Stamps and keeps `e`; a full ring folds its oldest event into the baseline first.
  void record(trace_event e) {
    e.time_ns = std::chrono::duration_cast<std::chrono::nanoseconds>(clock::now() - start_).count();
    if (size_ == ring_.size()) {
      trace_event& oldest = ring_[head_];
      baseline_.apply(oldest);
      baseline_frame_ = oldest.frame;
      ++dropped_;
      oldest = e;
      head_ = (head_ + 1) % ring_.size();
      return;
    }
    ring_[(head_ + size_) % ring_.size()] = e;
    ++size_;
  }

  std::vector<trace_event> ring_;
  std::size_t head_ = 0; // the oldest event kept
  std::size_t size_ = 0;
  std::uint64_t dropped_ = 0;
  std::uint64_t frame_ = 0;
  std::uint64_t baseline_frame_ = 0;
  recorded_views baseline_;
  detail::trace_names names_;
  clock::time_point start_;
};

} // namespace strata
