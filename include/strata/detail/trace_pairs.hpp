// strata/detail/trace_pairs.hpp: which recorded hook_end ends which hook_begin, for the exporters.
// Hook calls of one stack nest (a pass or a commit runs one hook at a time, and a hook cannot
// start another), so an end closes the innermost call still open; the ring may have dropped the
// begin of the oldest ends, and the newest begins may have no end yet.
#pragma once

#include <cstddef>
#include <vector>

#include "../trace_recorder.hpp"

namespace strata::detail {

inline constexpr std::size_t unpaired = static_cast<std::size_t>(-1);

// For each event kept: a begin's end, an end's begin (unpaired if there is none), or unpaired.
inline std::vector<std::size_t> pair_hook_calls(const trace_recorder& trace) {
  std::vector<std::size_t> other(trace.size(), unpaired);
  std::vector<std::size_t> open;
  for (std::size_t i = 0; i < trace.size(); ++i) {
    const trace_event& e = trace[i];
    if (e.what == trace_event::kind::hook_begin) {
      open.push_back(i);
    } else if (e.what == trace_event::kind::hook_end) {
      // Its begin is the innermost open call of the same entry and hook, if the ring kept it.
      std::size_t k = open.size();
      while (k > 0 && (trace[open[k - 1]].id != e.id || trace[open[k - 1]].hook != e.hook)) {
        --k;
      }
      if (k > 0) {
        other[i] = open[k - 1];
        other[open[k - 1]] = i;
        open.resize(k - 1);
      }
    }
  }
  return other;
}

} // namespace strata::detail
