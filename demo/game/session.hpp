// demo/game/session.hpp: one run of the game at a fixed time step, the part every front end
// shares: it feeds a frame's inputs to the stack, draws it and the stack overlay, and keeps
// the transcript.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>

#include "canvas.hpp"
#include "game.hpp"
#include "history.hpp"
#include "input.hpp"
#include "saved_game.hpp"

#include <strata/trace_recorder.hpp>

namespace demo {

// Every front end steps the game by this much per frame, so runs replay exactly.
inline constexpr double frame_seconds = 1.0 / 30.0;
// How many events a traced run keeps (--trace): its last ones, about an hour of play.
inline constexpr std::size_t session_trace_events = std::size_t{1} << 20;

class session {
public:
  // `scores`: the best scores kept between runs, for the interactive game (none by default).
  // `continuing`: a saved game to continue once the game has loaded, instead of the title.
  // `traced`: a trace recorder watches the stack (R36), for write_trace() and the inspector.
  explicit session(std::uint64_t seed, kept_scores scores = {},
                   std::optional<continuation> continuing = {}, bool traced = false);
  session(const session&) = delete;
  session& operator=(const session&) = delete;

  // For runs that must replay frame for frame (scripts, the tour, tests): each frame waits for
  // the background loads it started (the boot's maps, a level's layout) to end, so that every
  // load ends in the frame it started, on any machine. A player's run never waits.
  void wait_for_loads_each_frame() { lockstep_loads_ = true; }
  // One frame: this frame's key presses, then update, then drawing onto `screen`.
  void step(std::span<const input_event> events, cell_grid& screen);
  // False once the game has cleared its stack (the player quit from the title).
  [[nodiscard]] bool running() const;
  [[nodiscard]] const transcript& log() const { return game_.log; }
  // The game's clock: the number of the last frame played (saved with the game, so a continued
  // run goes on from the frame it was saved at).
  [[nodiscard]] std::uint64_t frame() const { return game_.clock.frame; }
  // The committed stack, as the transcript shows it.
  [[nodiscard]] std::string describe() const { return game_.states.describe(); }
  // What quitting now would save for --continue (saved_game.hpp): empty if nothing.
  [[nodiscard]] std::string saved_game() const;
  [[nodiscard]] const demo::music& music() const { return game_.music; }
  // The sound effects the last frame asked for.
  [[nodiscard]] std::span<const effect> effects() const { return game_.effects; }
  // For the inspector (strata/imgui_inspector.hpp): the stack, and the recorder if traced.
  [[nodiscard]] const strata::stack<game, input_event>& states() const { return game_.states; }
  [[nodiscard]] const strata::trace_recorder* recorder() const { return recorder_.get(); }
  // --trace: writes the run so far as a Chrome trace (strata/trace_chrome.hpp) to `path`, or
  // says on stderr why it cannot. Nothing for an empty path or a run not traced.
  void keep_trace(const std::string& path) const;

private:
  history history_; // before the game: the stack's destructor still reports its exits here
  // Before the game too: a probe outlives its stack (R36).
  std::unique_ptr<strata::trace_recorder> recorder_;
  game game_;
  bool overlay_shown_ = false;
  bool lockstep_loads_ = false;
};

} // namespace demo
