// strata/trace_event.hpp: one event a trace recorder keeps (R36), and the two views of a stack
// (committed and staged) that the recorded steps rebuild.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string_view>
#include <vector>

#include "entry_id.hpp"
#include "modality.hpp"
#include "observer.hpp"
#include "probe.hpp"

namespace strata {

struct trace_event {
  enum class kind : std::uint8_t {
    frame_begin,
    frame_end,
    hook_begin,
    hook_end,
    request,
    step,
    change, // through a push's handle (probe::changed())
  };

  kind what = kind::frame_begin;
  strata::hook hook = hook::enter; // hook_begin, hook_end; a request's, if from_hook
  strata::step step = step::push;  // step
  bool from_hook = false;          // request: made by the hook call `id`, `name`, `hook`
  strata::modality mode{};         // step, change: the entry's modality as it stood
  float time_scale = 1.0F;         // change: the entry's time scale (R32)
  std::uint32_t name = 0;          // the state's name: trace_recorder::name(number)
  std::size_t depth = 0;
  entry_id id = entry_id::none;
  std::uint64_t frame = 0;
  std::int64_t time_ns = 0; // steady_clock, since the recorder was made
  std::string_view request; // request: "push()", ...
  std::string_view where;   // request not from a hook: "outside any hook", ...
};

// One entry of a rebuilt view.
struct recorded_entry {
  entry_id id = entry_id::none;
  std::uint32_t name = 0;
  strata::modality mode{};
};

// Both views of a stack, as its steps left them.
struct recorded_views {
  std::vector<recorded_entry> committed;
  std::vector<recorded_entry> staged;
  entry_id focused = entry_id::none;

  // Applies one event (only steps and changes change the views). Staged: a push fills its depth,
  // a pop of the entry at its depth takes it out; so the steps of an observer's requests, told in
  // the middle of another request's, land where the stack put them. Committed: it only changes at
  // its top. An enter also gives its modality and name to the same entry in the staged view, and
  // a change gives them to the entry in both views (an entered one is at the same depth in each).
  void apply(const trace_event& e) {
    const recorded_entry entry{e.id, e.name, e.mode};
    if (e.what == trace_event::kind::change) {
      for (std::vector<recorded_entry>* view : {&staged, &committed}) {
        if (e.depth < view->size() && (*view)[e.depth].id == e.id) {
          (*view)[e.depth] = entry;
        }
      }
      return;
    }
    if (e.what != trace_event::kind::step) {
      return;
    }
    switch (e.step) {
    case step::push:
      if (staged.size() <= e.depth) {
        staged.resize(e.depth + 1);
      }
      staged[e.depth] = entry;
      break;
    case step::pop:
      // Also below the top: an entry whose enter threw leaves the staged stack (R25, R36).
      if (e.depth < staged.size() && staged[e.depth].id == e.id) {
        staged.erase(staged.begin() + static_cast<std::ptrdiff_t>(e.depth));
        while (!staged.empty() && staged.back().id == entry_id::none) {
          staged.pop_back();
        }
      }
      break;
    case step::enter:
      committed.resize(e.depth);
      committed.push_back(entry);
      // The same entry in the staged view takes the modality and the name the enter tells: the
      // changes through its handle gave it those already, but a state's own name() member may
      // read otherwise by now (R21: read whenever the name is needed).
      if (e.depth < staged.size() && staged[e.depth].id == e.id) {
        staged[e.depth] = entry;
      }
      break;
    case step::exit:
      committed.resize(e.depth < committed.size() ? e.depth : committed.size());
      break;
    case step::focus: focused = e.id; break;
    case step::unfocus: focused = entry_id::none; break;
    case step::discard:
    case step::pause:
    case step::resume: break;
    }
  }
};

} // namespace strata
