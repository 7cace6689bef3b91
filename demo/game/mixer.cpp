// demo/game/mixer.cpp: summing the song and the effects into 16-bit samples.
#include "mixer.hpp"

#include <algorithm>
#include <cmath>

#include "chiptune.hpp"
#include "session.hpp"

namespace demo {

constexpr double samples_left_over = audio_rate * frame_seconds - samples_per_frame;
static_assert(samples_left_over < 1e-6 && samples_left_over > -1e-6,
              "samples_per_frame must be one frame of the game's step at audio_rate");

void mixer::mix_frame(double song_before, double song_after, std::span<const effect> started,
                      std::span<std::int16_t> out) {
  for (const effect e : started) {
    voices_.push_back({e, 0});
  }
  const bool song_moved = song_after > song_before;
  for (std::size_t i = 0; i < out.size(); ++i) {
    double sum = song_moved ? song_sample(song_before + static_cast<double>(i) / audio_rate) : 0.0;
    for (voice& v : voices_) {
      if (v.played < effect_length(v.sound)) {
        sum += effect_sample(v.sound, v.played++);
      }
    }
    out[i] = static_cast<std::int16_t>(std::lround(std::clamp(sum, -1.0, 1.0) * 32767.0));
  }
  std::erase_if(voices_, [](const voice& v) { return v.played >= effect_length(v.sound); });
}

} // namespace demo
