// demo/game/session.cpp: the frame driver shared by all front ends.
#include "session.hpp"

#include <cstdio>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include <strata/trace_chrome.hpp>

#include "overlay.hpp"
#include "states/boot.hpp"

namespace demo {

session::session(std::uint64_t seed, kept_scores scores, std::optional<continuation> continuing,
                 bool traced)
    : game_(seed) {
  game_.best = std::move(scores);
  // A state revealed only to be exited or covered again in the same commit gets no resume and
  // no pause. The level reports its enemies in pause() and resume(), which must not say "on top
  // again" while it is being popped on the way back to the map. (The siege round and the battle
  // start their next turn in focus(), which such a commit never gives them.)
  game_.states.set_coalesced(true);
  game_.states.set_observer(
      [this](const strata::step_info& info) { history_.record(game_.clock.frame, info); });
  if (traced) {
    recorder_ = std::make_unique<strata::trace_recorder>(session_trace_events);
    game_.states.set_probe(recorder_.get());
  }
  game_.states.push<boot>(std::move(continuing));
}

void session::keep_trace(const std::string& path) const {
  if (path.empty() || recorder_ == nullptr) {
    return;
  }
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << strata::to_chrome_trace(*recorder_);
  out.close();
  if (!out) {
    std::fprintf(stderr, "strata-demo: cannot write the trace to %s\n", path.c_str());
  }
}

void session::step(std::span<const input_event> events, cell_grid& screen) {
  ++game_.clock.frame;
  game_.effects.clear();
  // The overlay is a debugging view of the stack, not a state on it: pushing it would change
  // the very stack it shows and take input from the state it is looking at.
  std::vector<input_event> for_states;
  for (const input_event& e : events) {
    if (e.pressed == key::overlay) {
      overlay_shown_ = !overlay_shown_;
      game_.report(overlay_shown_ ? "stack overlay shown" : "stack overlay hidden");
    } else {
      for_states.push_back(e);
    }
  }
  // A key pressed while a state arrives or leaves would stop at it (R33) and be lost; here it
  // skips the transition instead, so typed-ahead keys and scripts act as they would without
  // transitions (the transcripts stay the same), and a player is never slowed by one.
  if (!for_states.empty() && game_.states.in_transition()) {
    game_.states.finish_transitions();
  }
  screen.clear();
  game_.screen = &screen;
  game_.overlay_columns = overlay_shown_ ? overlay_width : 0;
  game_.states.frame(frame_seconds, for_states);
  if (lockstep_loads_) {
    game_.loads.wait();
  }
  game_.clock.seconds += frame_seconds;
  if (overlay_shown_) {
    draw_overlay(screen, game_.states, history_);
  }
  game_.log.end_frame(game_.clock.frame, game_.states.describe());
}

std::string session::saved_game() const {
  const auto committed = game_.states.committed();
  if (!committed.empty()) {
    if (const boot* loading = committed[0].get<boot>()) {
      if (const std::string* waiting = loading->waiting_to_continue()) {
        return *waiting; // quit while loading: the game to continue is still that one
      }
    }
  }
  return save_game(game_);
}

bool session::running() const {
  return !game_.states.empty() || game_.states.pending();
}

} // namespace demo
