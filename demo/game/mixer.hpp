// demo/game/mixer.hpp: one frame of the game's sound at a time: the song while the music clock
// moves, and the sound effects the states asked for, each played to its end across frames.
// Front-end independent, so that a test can listen without a sound device.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "sound_effects.hpp"

namespace demo {

// One frame of sound: audio_rate / 30 samples, a frame of the game's fixed step (mixer.cpp
// checks the two agree).
inline constexpr std::size_t samples_per_frame = 1'470;

class mixer {
public:
  // Fills `out` (one frame of samples at audio_rate): the song from `song_before` if the clock
  // moved to `song_after` during the frame (silence where it stood still, so what is heard
  // follows the clock frame by frame), plus the effects still sounding and those `started`.
  // The sum is clipped to the 16-bit range.
  void mix_frame(double song_before, double song_after, std::span<const effect> started,
                 std::span<std::int16_t> out);
  [[nodiscard]] std::size_t sounding() const { return voices_.size(); }

private:
  struct voice {
    effect sound;
    std::size_t played; // samples so far
  };
  std::vector<voice> voices_;
};

} // namespace demo
