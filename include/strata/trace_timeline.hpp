// strata/trace_timeline.hpp: a trace recorder's events (R36) as a plain-text timeline for a bug
// report: one line per event, frame by frame, hook calls indented by what runs inside them, and
// at the end of each frame both views as the steps left them. docs/debugging.md reads one.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "detail/escaped_text.hpp"
#include "detail/float_text.hpp"
#include "detail/stack_line.hpp"
#include "detail/trace_pairs.hpp"
#include "trace_recorder.hpp"

namespace strata {

struct timeline_options {
  // Each hook call's duration on its end line: off for output that must not change from run to
  // run (a golden test, an example).
  bool durations = true;
};

namespace detail {

// A state's name on one line: its control bytes, backslashes and quotes escaped (R21: a name
// may hold any bytes; a newline in one would split the event's line).
inline std::string timeline_name(std::string_view name) {
  std::string text;
  append_escaped(text, name);
  return text;
}

// "title#1@0": a state, its id and its depth.
inline std::string timeline_entry(std::string_view name, entry_id id, std::size_t depth) {
  return timeline_name(name) + "#" + std::to_string(static_cast<std::uint64_t>(id)) + "@" +
         std::to_string(depth);
}

inline std::string timeline_view(const trace_recorder& trace,
                                 const std::vector<recorded_entry>& view) {
  std::string line;
  append_stack_line(line, view.size(),
                    [&](std::size_t depth) { return trace.name(view[depth].name); });
  return line;
}

inline std::string timeline_views(const trace_recorder& trace, const recorded_views& views) {
  return timeline_view(trace, views.committed) +
         "  (staged: " + timeline_view(trace, views.staged) + ")";
}

// "0.012 ms" from nanoseconds, to the microsecond.
inline std::string timeline_duration(std::int64_t ns) {
  const std::int64_t us = (ns + 500) / 1000;
  std::string fraction = std::to_string(us % 1000);
  fraction.insert(0, 3 - fraction.size(), '0');
  return std::to_string(us / 1000) + "." + fraction + " ms";
}

} // namespace detail

// A request, a step or a change as the timeline writes it: "request pop() outside any hook",
// "request push() from level#4@3.handle", "step enter pause#5@4", "change pause#5@4 to opaque,
// time scale 0.5" (the inspector's history reads the same).
inline std::string timeline_line(const trace_recorder& trace, const trace_event& e) {
  const std::string who = detail::timeline_entry(trace.name(e.name), e.id, e.depth);
  if (e.what == trace_event::kind::step) {
    return "step " + std::string(to_string(e.step)) + " " + who;
  }
  if (e.what == trace_event::kind::change) {
    return "change " + who + " to " + std::string(to_string(e.mode)) + ", time scale " +
           detail::float_text(e.time_scale);
  }
  return "request " + std::string(e.request) + " " +
         (e.from_hook ? "from " + who + "." + std::string(to_string(e.hook))
                      : std::string(e.where));
}

inline std::string to_timeline(const trace_recorder& trace, timeline_options options = {}) {
  std::string out;
  recorded_views views = trace.baseline();
  if (trace.dropped() > 0) {
    out += "(" + std::to_string(trace.dropped()) +
           " older events dropped; the stack then: " + detail::timeline_views(trace, views) + ")\n";
  }
  const std::vector<std::size_t> pairs = detail::pair_hook_calls(trace);
  std::size_t nesting = 0;
  bool in_frame = false;
  const auto line = [&](const std::string& text) {
    out.append(2 * (nesting + (in_frame ? 1 : 0)), ' ').append(text) += '\n';
  };
  for (std::size_t i = 0; i < trace.size(); ++i) {
    const trace_event& e = trace[i];
    const std::string who = detail::timeline_entry(trace.name(e.name), e.id, e.depth);
    switch (e.what) {
    case trace_event::kind::frame_begin:
      nesting = 0;
      in_frame = false;
      line("frame " + std::to_string(e.frame));
      in_frame = true;
      break;
    case trace_event::kind::frame_end:
      nesting = 0;
      in_frame = false;
      line("end of frame " + std::to_string(e.frame) + ": " + detail::timeline_views(trace, views));
      break;
    case trace_event::kind::hook_begin:
      line(who + "." + std::string(to_string(e.hook)));
      ++nesting;
      break;
    case trace_event::kind::hook_end: {
      const std::size_t begin = pairs[i];
      nesting -= nesting > 0 && begin != detail::unpaired ? 1 : 0;
      if (begin != detail::unpaired && options.durations) {
        line("done " + detail::timeline_name(trace.name(trace[begin].name)) + "." +
             std::string(to_string(e.hook)) + " " +
             detail::timeline_duration(e.time_ns - trace[begin].time_ns));
      } else {
        line("done " +
             (begin != detail::unpaired ? detail::timeline_name(trace.name(trace[begin].name))
                                        : std::string{"?"}) +
             "." + std::string(to_string(e.hook)));
      }
      break;
    }
    case trace_event::kind::request: line(timeline_line(trace, e)); break;
    case trace_event::kind::step:
    case trace_event::kind::change:
      views.apply(e);
      line(timeline_line(trace, e));
      break;
    }
  }
  return out;
}

} // namespace strata
