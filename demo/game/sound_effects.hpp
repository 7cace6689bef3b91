// demo/game/sound_effects.hpp: the game's sound effects. A state asks for one with
// `game::play()`; the SDL2 front end mixes it over the music from the next frame on (the
// terminal stays silent). Each is made at run time, like the music: no sound files.
#pragma once

#include <cstddef>

namespace demo {

enum class effect {
  gem,   // a gem or potion picked up: a rising arpeggio
  hit,   // the player or a unit takes a hit: a burst of noise
  shot,  // a turret fires: a falling sweep
  blast, // a ship sunk, a unit destroyed: a long low rumble
  win,   // a place done: a major arpeggio
  lose,  // game over: a falling minor line
};

// How many samples (at audio_rate) the effect lasts.
[[nodiscard]] std::size_t effect_length(effect e);
// Its sample `index` (below effect_length(e)), in [-1, 1].
[[nodiscard]] double effect_sample(effect e, std::size_t index);

} // namespace demo
