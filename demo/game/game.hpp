// demo/game/game.hpp: the context every state receives: the services of the game (chance,
// clocks, the canvas, the transcript, the level maps, the load executor) and the one stack that
// holds every mode of the game.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include <strata/load_executor.hpp>
#include <strata/strata.hpp>

#include "canvas.hpp"
#include "input.hpp"
#include "kept_scores.hpp"
#include "music.hpp"
#include "rng.hpp"
#include "sound_effects.hpp"
#include "states/level_map.hpp"
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
  std::vector<level_map> maps; // read by the boot state (map_loader.hpp), then never changed
  // Where background loads run (the boot's maps, a level's layout). Before the stack: a loading
  // state's destruction tells its work to stop, and this joins the works still running.
  strata::thread_executor loads;
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

// The committed state of type T nearest the top. A state that works on what a state below it
// owns (a siege phase on the round's board, the inventory on the level's bag, a hit on the
// battle's fighters) finds its owner here in its enter, where it is the committed top with its
// owner below it. (Handing the owner to the constructor works for the owner's pushes only: a
// restore, strata::restore, builds every state before any of them is on the stack.)
template <class T>
T& owner_below(const game& g) {
  const auto committed = g.states.committed();
  for (std::size_t depth = committed.size(); depth-- > 0;) {
    if (T* owner = committed[depth].template get<T>()) {
      return *owner;
    }
  }
  // Never with the game's own pushes (each owner pushes what works on it), nor with a restore:
  // saved_game.cpp refuses a saved stack in which a state has no owner below it.
  std::fputs("strata-demo: a state was pushed without the state it works on below it\n", stderr);
  std::abort();
}

} // namespace demo
