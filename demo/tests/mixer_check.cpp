// demo/tests/mixer_check.cpp: listens to the mixer without a sound device. Exits non-zero, and
// says why, unless: a frame whose music clock moved sounds and one whose clock stood still is
// silent; an effect sounds from the frame that asked for it to its own length and then stops;
// many at once are clipped, not wrapped around; and the same inputs give the same samples.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "../game/chiptune.hpp"
#include "../game/mixer.hpp"
#include "../game/session.hpp"
#include "../game/sound_effects.hpp"

namespace {

using frame_buffer = std::vector<std::int16_t>;

double loudness(const frame_buffer& samples) {
  double sum = 0;
  for (const std::int16_t s : samples) {
    sum += static_cast<double>(s) * s;
  }
  return std::sqrt(sum / static_cast<double>(samples.size()));
}

int failures = 0;

void expect(bool holds, const char* what) {
  if (!holds) {
    std::fprintf(stderr, "mixer check: %s\n", what);
    ++failures;
  }
}

void music_follows_the_clock() {
  demo::mixer m;
  frame_buffer out(demo::samples_per_frame);
  m.mix_frame(1.0, 1.0 + demo::frame_seconds, {}, out);
  expect(loudness(out) > 2000, "a frame whose music clock moved is not heard");
  m.mix_frame(2.0, 2.0, {}, out);
  expect(std::all_of(out.begin(), out.end(), [](std::int16_t s) { return s == 0; }),
         "a frame whose music clock stood still is not silent");
}

void an_effect_plays_to_its_end() {
  demo::mixer m;
  frame_buffer out(demo::samples_per_frame);
  const std::array started{demo::effect::lose};
  m.mix_frame(0, 0, started, out);
  expect(loudness(out) > 1000, "an effect is not heard in the frame that asked for it");
  const std::size_t frames =
      demo::effect_length(demo::effect::lose) / demo::samples_per_frame; // 22
  for (std::size_t i = 1; i < frames; ++i) {
    m.mix_frame(0, 0, {}, out);
  }
  expect(m.sounding() == 1, "an effect stopped before its end");
  m.mix_frame(0, 0, {}, out); // the frame its last samples fall in
  expect(m.sounding() == 0, "an effect goes on after its end");
  m.mix_frame(0, 0, {}, out);
  expect(loudness(out) == 0, "a frame after the effect's end is not silent");
}

void many_at_once_clip() {
  demo::mixer m;
  frame_buffer out(demo::samples_per_frame);
  const std::vector<demo::effect> started(8, demo::effect::blast);
  m.mix_frame(0, demo::frame_seconds, started, out);
  const auto loudest = std::max_element(out.begin(), out.end(), [](std::int16_t a, std::int16_t b) {
    return std::abs(a) < std::abs(b);
  });
  // Wrapped around, eight blasts would jump between the extremes; clipped, they sit on them.
  expect(std::abs(*loudest) == 32767, "eight effects at once are not clipped to full scale");
}

void the_same_inputs_give_the_same_samples() {
  demo::mixer a;
  demo::mixer b;
  frame_buffer first(demo::samples_per_frame);
  frame_buffer second(demo::samples_per_frame);
  const std::array started{demo::effect::hit, demo::effect::gem};
  a.mix_frame(3.0, 3.0 + demo::frame_seconds, started, first);
  b.mix_frame(3.0, 3.0 + demo::frame_seconds, started, second);
  expect(first == second, "the same frame mixed twice differs");
}

} // namespace

int main() {
  music_follows_the_clock();
  an_effect_plays_to_its_end();
  many_at_once_clip();
  the_same_inputs_give_the_same_samples();
  if (failures == 0) {
    std::printf("mixer check: passed\n");
  }
  return failures == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
