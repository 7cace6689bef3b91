// strata/trace_chrome.hpp: a trace recorder's events (R36) in the Chrome trace event format, JSON
// that the Perfetto UI (ui.perfetto.dev) and chrome://tracing open as they are. Track "hooks":
// one complete slice per hook call ("title.enter", its state, id, hook, depth and frame in args),
// with an instant for each request made (what, and from where); track "frames": one slice per
// frame; track "steps": an instant per step; and a counter "depth" with both views' sizes.
// docs/debugging.md shows how to read it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "detail/float_text.hpp"
#include "detail/json_text.hpp"
#include "detail/trace_pairs.hpp"
#include "trace_recorder.hpp"

namespace strata {

namespace detail {

// Writes the events of one trace; each append_*() adds one JSON object to the array.
class chrome_writer {
public:
  static constexpr int hooks_track = 1;
  static constexpr int frames_track = 2;
  static constexpr int steps_track = 3;

  chrome_writer(const trace_recorder& trace, std::string& out)
      : trace_(trace)
      , out_(out) {}

  void append_metadata(std::string_view what, int track, std::string_view name) {
    open("M", what, track);
    out_ += R"(,"args":{"name":)";
    append_json_string(out_, name);
    out_ += "}}";
  }

  // A hook call from `begin` to `end` (unfinished: the trace's last event ends it).
  void append_hook_call(const trace_event& begin, std::int64_t end_ns, bool finished) {
    const std::string_view state = trace_.name(begin.name);
    const std::string_view hook = to_string(begin.hook);
    open("X", std::string(state) + "." + std::string(hook), hooks_track, begin.time_ns);
    out_ += R"(,"dur":)";
    append_microseconds(out_, end_ns - begin.time_ns);
    out_ += R"(,"args":{"state":)";
    append_json_string(out_, state);
    out_ += R"(,"id":)" + std::to_string(static_cast<std::uint64_t>(begin.id));
    out_ += R"(,"hook":")" + std::string(hook) + '"';
    out_ += R"(,"depth":)" + std::to_string(begin.depth);
    out_ += R"(,"frame":)" + std::to_string(begin.frame);
    out_ += finished ? "}}" : R"(,"unfinished":true}})";
  }

  void append_frame(std::uint64_t frame, std::int64_t begin_ns, std::int64_t end_ns) {
    open("X", "frame " + std::to_string(frame), frames_track, begin_ns);
    out_ += R"(,"dur":)";
    append_microseconds(out_, end_ns - begin_ns);
    out_ += R"(,"args":{"frame":)" + std::to_string(frame) + "}}";
  }

  void append_request(const trace_event& e) {
    open("i", e.request, hooks_track, e.time_ns);
    out_ += R"(,"s":"t","args":{"from":)";
    if (e.from_hook) {
      append_json_string(out_,
                         std::string(trace_.name(e.name)) + "." + std::string(to_string(e.hook)));
      out_ += R"(,"by_id":)" + std::to_string(static_cast<std::uint64_t>(e.id));
    } else {
      append_json_string(out_, e.where);
    }
    out_ += R"(,"frame":)" + std::to_string(e.frame) + "}}";
  }

  // A step, or a change through a push's handle ("change <state>", with its time scale too).
  void append_step(const trace_event& e) {
    const bool change = e.what == trace_event::kind::change;
    const std::string_view state = trace_.name(e.name);
    open("i", std::string(change ? "change" : to_string(e.step)) + " " + std::string(state),
         steps_track, e.time_ns);
    out_ += R"(,"s":"t","args":{"state":)";
    append_json_string(out_, state);
    out_ += R"(,"id":)" + std::to_string(static_cast<std::uint64_t>(e.id));
    out_ += R"(,"depth":)" + std::to_string(e.depth);
    out_ += R"(,"frame":)" + std::to_string(e.frame);
    out_ += R"(,"update_below":)" + std::string(e.mode.update_below ? "true" : "false");
    out_ += R"(,"draw_below":)" + std::string(e.mode.draw_below ? "true" : "false");
    out_ += R"(,"input_below":)" + std::string(e.mode.input_below ? "true" : "false");
    if (change) {
      out_ += R"(,"time_scale":)" + float_text(e.time_scale);
    }
    out_ += "}}";
  }

  void append_depths(std::int64_t ns, const recorded_views& views) {
    open("C", "depth", hooks_track, ns);
    out_ += R"(,"args":{"committed":)" + std::to_string(views.committed.size()) + R"(,"staged":)" +
            std::to_string(views.staged.size()) + "}}";
  }

private:
  void open(std::string_view phase, std::string_view name, int track, std::int64_t ns = 0) {
    out_ += first_ ? "\n" : ",\n";
    first_ = false;
    out_ += R"({"name":)";
    append_json_string(out_, name);
    out_ += R"(,"cat":"strata","ph":")" + std::string(phase) + R"(","pid":1,"tid":)" +
            std::to_string(track);
    if (phase != "M") {
      out_ += R"(,"ts":)";
      append_microseconds(out_, ns);
    }
  }

  const trace_recorder& trace_;
  std::string& out_;
  bool first_ = true;
};

} // namespace detail

// The whole trace as one JSON object: {"traceEvents":[...],"displayTimeUnit":"ms"}.
inline std::string to_chrome_trace(const trace_recorder& trace) {
  std::string out = R"({"displayTimeUnit":"ms","traceEvents":[)";
  detail::chrome_writer writer{trace, out};
  writer.append_metadata("process_name", detail::chrome_writer::hooks_track, "strata");
  writer.append_metadata("thread_name", detail::chrome_writer::hooks_track, "hooks");
  writer.append_metadata("thread_name", detail::chrome_writer::frames_track, "frames");
  writer.append_metadata("thread_name", detail::chrome_writer::steps_track, "steps");
  const std::vector<std::size_t> pairs = detail::pair_hook_calls(trace);
  const std::int64_t last_ns = trace.size() > 0 ? trace[trace.size() - 1].time_ns : 0;
  recorded_views views = trace.baseline();
  writer.append_depths(trace.size() > 0 ? trace[0].time_ns : 0, views);
  const trace_event* frame_begin = nullptr;
  for (std::size_t i = 0; i < trace.size(); ++i) {
    const trace_event& e = trace[i];
    switch (e.what) {
    case trace_event::kind::hook_begin:
      writer.append_hook_call(e, pairs[i] != detail::unpaired ? trace[pairs[i]].time_ns : last_ns,
                              pairs[i] != detail::unpaired);
      break;
    case trace_event::kind::hook_end: break; // written with its begin
    case trace_event::kind::request: writer.append_request(e); break;
    case trace_event::kind::step:
    case trace_event::kind::change: {
      const std::size_t committed = views.committed.size();
      const std::size_t staged = views.staged.size();
      views.apply(e);
      writer.append_step(e);
      if (views.committed.size() != committed || views.staged.size() != staged) {
        writer.append_depths(e.time_ns, views);
      }
      break;
    }
    case trace_event::kind::frame_begin: frame_begin = &e; break;
    case trace_event::kind::frame_end:
      if (frame_begin != nullptr && frame_begin->frame == e.frame) {
        writer.append_frame(e.frame, frame_begin->time_ns, e.time_ns);
      }
      frame_begin = nullptr;
      break;
    }
  }
  if (frame_begin != nullptr) { // the frame under way
    writer.append_frame(frame_begin->frame, frame_begin->time_ns, last_ns);
  }
  out += "\n]}\n";
  return out;
}

} // namespace strata
