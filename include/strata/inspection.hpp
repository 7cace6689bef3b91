// strata/inspection.hpp: what an inspector shows of a stack, as plain data (R36): both views,
// each entry with its identity, name, modality and whether it has the focus; live, also its time
// scale and presence, or rebuilt from a trace recorder for a past frame. imgui_inspector.hpp
// draws it; a game may print it or send it to its own tools. Not included by strata.hpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "entry_id.hpp"
#include "modality.hpp"
#include "stack.hpp"
#include "trace_recorder.hpp"
#include "transition.hpp"

namespace strata {

struct inspected_entry {
  std::size_t depth = 0; // from 0 at the bottom of its view
  entry_id id = entry_id::none;
  std::string name;
  strata::modality mode{};
  bool focused = false; // R29: the state that got focus and has not had unfocus since
  // Live only (a recording keeps neither): the factor on the dt below it (R32), and for a
  // committed entry what its draw would read now (R33).
  std::optional<float> time_scale;
  std::optional<strata::presence> presence;
};

struct inspection {
  // The recorded frame shown, or none for the stack as it is now.
  std::optional<std::uint64_t> frame;
  std::vector<inspected_entry> committed; // bottom first
  std::vector<inspected_entry> staged;
  bool pending = false;       // live: a commit has work to do
  bool in_transition = false; // live: a state arrives or leaves (R33)
};

// The stack as it is now. Like the views it reads, not from inside a request's code (R24).
template <class Context, class Event>
[[nodiscard]] inspection inspect(const stack<Context, Event>& states) {
  inspection seen;
  seen.pending = states.pending();
  seen.in_transition = states.in_transition();
  const entry_id focused = states.focused();
  const auto read = [&](const auto& view, std::vector<inspected_entry>& into, bool committed) {
    for (const auto entry : view) {
      inspected_entry& e = into.emplace_back();
      e.depth = entry.depth();
      e.id = entry.id();
      e.name = std::string(entry.name());
      e.mode = entry.modality();
      e.focused = e.id == focused;
      e.time_scale = entry.time_scale();
      if (committed) {
        e.presence = states.presence_of(e.id);
      }
    }
  };
  read(states.committed(), seen.committed, true);
  read(states.staged(), seen.staged, false);
  return seen;
}

// Both views as a recorder rebuilt them for the end of one frame (trace_recorder::stack_at()).
[[nodiscard]] inline inspection inspect(const recorded_stack& past) {
  inspection seen;
  seen.frame = past.frame;
  const auto read = [&](const std::vector<recorded_entry>& view,
                        const std::vector<std::string_view>& names,
                        std::vector<inspected_entry>& into) {
    for (std::size_t depth = 0; depth < view.size(); ++depth) {
      inspected_entry& e = into.emplace_back();
      e.depth = depth;
      e.id = view[depth].id;
      e.name = std::string(names[depth]);
      e.mode = view[depth].mode;
      e.focused = e.id == past.focused;
    }
  };
  read(past.committed, past.committed_names, seen.committed);
  read(past.staged, past.staged_names, seen.staged);
  return seen;
}

} // namespace strata
