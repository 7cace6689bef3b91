// demo/frontends/sdl/sdl_audio.hpp: the game's sound through SDL's audio queue: each frame
// queues one frame of samples from the mixer (the music while its clock moves, and the effects).
//
// Three ways to run, chosen when it opens:
// - a player's window: the samples play as the game makes them;
// - a script with SDL's disk driver (SDL_AUDIODRIVER=disk): a recording; the whole run's samples
//   are written to the driver's file when the script ends (a test listens to them);
// - any other script: silent, since a script runs faster than sound can play.
// A machine with no sound device gets a game without sound, never an error.
#pragma once

#include <SDL.h>

#include <cstdint>
#include <span>
#include <vector>

#include "../../game/mixer.hpp"

namespace demo {

class sdl_audio {
public:
  explicit sdl_audio(bool scripted);
  sdl_audio(const sdl_audio&) = delete;
  sdl_audio& operator=(const sdl_audio&) = delete;
  ~sdl_audio();

  // One frame, during which the song went from `song_before` to `song_after` seconds and the
  // states asked for `started`.
  void frame(double song_before, double song_after, std::span<const effect> started);
  // A recording writes what it holds and returns once the driver has taken all of it.
  void finish();

private:
  bool open();

  bool initialized_ = false; // SDL's audio subsystem, which this object shuts down again
  SDL_AudioDeviceID device_ = 0;
  bool recording_ = false;
  mixer mixer_;
  std::vector<std::int16_t> recorded_;
  std::vector<std::int16_t> samples_; // one frame's, reused
};

} // namespace demo
