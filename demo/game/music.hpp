// demo/game/music.hpp: the music clock. The boot state advances it from its update_always for
// the whole run, once the assets are loaded, so nothing above it (a freezing pause menu
// included) stops the beat.
#pragma once

namespace demo {

class music {
public:
  static constexpr double beat_seconds = 0.5;

  music() = default;
  // A clock that goes on from a saved one's beats() and into_beat().
  music(long beats, double into_beat)
      : seconds_(into_beat)
      , beats_(beats) {}

  void advance(double dt) {
    seconds_ += dt;
    while (seconds_ >= beat_seconds) {
      seconds_ -= beat_seconds;
      ++beats_;
    }
  }
  [[nodiscard]] long beats() const { return beats_; }
  // How far into the current beat, in seconds.
  [[nodiscard]] double into_beat() const { return seconds_; }
  // How long the music has played: where the song is (chiptune.hpp renders from it).
  [[nodiscard]] double song_seconds() const {
    return static_cast<double>(beats_) * beat_seconds + seconds_;
  }
  // The note a HUD shows; it changes on every beat, so a stopped clock is visible.
  [[nodiscard]] char note() const { return "~-=-"[beats_ % 4]; }

private:
  double seconds_ = 0; // into the current beat
  long beats_ = 0;
};

} // namespace demo
