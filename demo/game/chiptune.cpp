// demo/game/chiptune.cpp: the song: a 16-step tune in A minor, an eighth of a bar a step, at the
// tempo of the music clock (a beat is two steps).
#include "chiptune.hpp"

#include <array>
#include <cmath>

#include "music.hpp"

namespace demo {
namespace {

constexpr double step_seconds = music::beat_seconds / 2;
constexpr int rest = 0;
// MIDI note numbers, one per step; the lead rests on 0.
constexpr std::array<int, 16> lead{69, 72, 76, 72, 74, 77, 81, rest,
                                   76, 74, 72, 71, 69, 71, 72, rest};
// One bass note per beat (two steps), two octaves down.
constexpr std::array<int, 8> bass{45, 45, 50, 50, 52, 52, 45, 44};

double frequency(int midi_note) {
  return 440.0 * std::pow(2.0, (midi_note - 69) / 12.0);
}

// A quarter-duty pulse and a triangle wave at phase `cycles`, both averaging zero over a cycle
// (a pulse between 1 and -1 would sit at -0.5 and thump where notes start and stop).
double pulse(double cycles) {
  return cycles - std::floor(cycles) < 0.25 ? 1.0 : -1.0 / 3.0;
}
double triangle(double cycles) {
  const double phase = cycles - std::floor(cycles);
  return phase < 0.5 ? 4.0 * phase - 1.0 : 3.0 - 4.0 * phase;
}

} // namespace

double song_sample(double seconds) {
  const auto step = static_cast<long>(seconds / step_seconds);
  const double into_step = seconds - static_cast<double>(step) * step_seconds;
  const int note = lead[static_cast<std::size_t>(step % 16)];
  // Each lead note fades over its step, a plucked sound; the bass holds.
  const double lead_part =
      note == rest ? 0.0 : pulse(seconds * frequency(note)) * (1.0 - into_step / step_seconds);
  const int low = bass[static_cast<std::size_t>((step / 2) % 8)];
  const double bass_part = triangle(seconds * frequency(low));
  return 0.18 * lead_part + 0.22 * bass_part;
}

} // namespace demo
