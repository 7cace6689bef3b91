// demo/game/sound_effects.cpp: each effect as a function of its sample index: square waves for
// the notes, a fixed pseudo-random sequence for the noise, and a linear fade to nothing.
#include "sound_effects.hpp"

#include <array>
#include <cmath>
#include <cstdint>

#include "chiptune.hpp"

namespace demo {
namespace {

struct shape {
  double seconds;
  std::array<double, 3> notes; // Hz, played one after the other; 0 for noise
  double sweep;                // a factor the pitch reaches by the end (1: none)
  double loudness;
};

shape shape_of(effect e) {
  switch (e) {
  case effect::gem: return {0.15, {988, 1319, 1568}, 1.0, 0.25};
  case effect::hit: return {0.20, {0, 0, 0}, 1.0, 0.35};
  case effect::shot: return {0.12, {880, 880, 880}, 0.4, 0.25};
  case effect::blast: return {0.45, {0, 0, 0}, 1.0, 0.45};
  case effect::win: return {0.60, {523, 659, 784}, 1.0, 0.3};
  case effect::lose: return {0.75, {392, 311, 262}, 1.0, 0.3};
  }
  return {0, {0, 0, 0}, 1.0, 0};
}

// The same noise on every run (a 32-bit xorshift from a fixed seed), so recordings replay.
double noise(std::size_t index) {
  auto x = static_cast<std::uint32_t>(index * 2654435761U + 1U);
  x ^= x << 13U;
  x ^= x >> 17U;
  x ^= x << 5U;
  return static_cast<double>(x) / 2147483648.0 - 1.0;
}

} // namespace

std::size_t effect_length(effect e) {
  return static_cast<std::size_t>(shape_of(e).seconds * audio_rate);
}

double effect_sample(effect e, std::size_t index) {
  const shape s = shape_of(e);
  const double length = s.seconds * audio_rate;
  const double done = static_cast<double>(index) / length; // 0 to 1 over the effect
  const double fade = 1.0 - done;
  const double note = s.notes[static_cast<std::size_t>(done * 3) % 3];
  if (note == 0) {
    // Noise held for a few samples at a time: lower and rougher for the longer blast.
    const std::size_t hold = e == effect::blast ? 24 : 6;
    return s.loudness * fade * noise(index / hold);
  }
  const double seconds = static_cast<double>(index) / audio_rate;
  // A sweep bends the pitch linearly; the phase integrates it, so the wave stays continuous.
  const double bend = 1.0 + (s.sweep - 1.0) * done / 2;
  const double cycles = note * seconds * bend;
  return s.loudness * fade * (cycles - std::floor(cycles) < 0.5 ? 1.0 : -1.0);
}

} // namespace demo
