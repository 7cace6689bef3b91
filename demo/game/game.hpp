// demo/game/game.hpp: the context every state receives: the services of the game (chance,
// clocks, the canvas, the transcript) and the one stack that holds every mode of the game.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <strata/strata.hpp>

#include "canvas.hpp"
#include "input.hpp"
#include "kept_scores.hpp"
#include "music.hpp"
#include "rng.hpp"
#include "sound_effects.hpp"
#include "transcript.hpp"

namespace demo {

struct game_clock {
  std::uint64_t frame = 0;
  double seconds = 0;
};

struct game {
  explicit game(std::uint64_t seed)
      : chance(seed) {}

  rng chance;
  game_clock clock;
  demo::music music;
  canvas* screen = nullptr;    // set by the front end before each frame draws
  int overlay_columns = 0;     // how many columns on the right the stack overlay covers, if shown
  std::vector<effect> effects; // asked for during this frame; the session clears them
  kept_scores best;            // between runs: the interactive game's only; none in a script
  transcript log;
  // Last member: destroyed first, so the exit hooks it runs still find the services above.
  strata::stack<game, input_event> states{*this};

  void report(std::string what) { log.event(std::move(what)); }
  void play(effect e) { effects.push_back(e); }
};

// Whether `self` is the committed top, the state that receives update() and input. States in
// a chain pushed at once use it to draw only their own turn.
template <class T>
bool is_active(const game& g, const T* self) {
  const auto top = g.states.committed().top();
  return top.has_value() && top->template get<T>() == self;
}

} // namespace demo
