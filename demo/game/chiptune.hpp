// demo/game/chiptune.hpp: the demo's music as samples. The song is a pure function of the music
// clock's song time, so a front end that asks for the same stretch of time gets the same samples,
// and the music sounds exactly as long as the boot state keeps the clock going (R30: under a
// freezing pause too). No sound files: a square-wave lead over a triangle bass, made at run time.
#pragma once

namespace demo {

// Samples per second, mono, 16-bit. 1,470 samples per frame at the demo's 30 frames a second.
inline constexpr int audio_rate = 44'100;

// The song at `song_seconds` into it, in [-0.4, 0.4]. The bass never rests, so no frame-long
// stretch of a playing song is silent: a test tells "the music went on" from "the music
// stopped" by that.
[[nodiscard]] double song_sample(double song_seconds);

} // namespace demo
