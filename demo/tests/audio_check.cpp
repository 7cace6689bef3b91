// demo/tests/audio_check.cpp: listens to a recording of the SDL2 front end (16-bit little-endian
// mono samples at the demo's rate, as SDL's disk driver writes them). It fails unless the
// longest stretch in which every frame-long window sounds lasts between the given seconds: the
// music's whole span, when it plays on through a freezing pause; a shorter stretch if it stopped
// for the pause, a longer one if it sounded where its clock had not started.
//   strata-demo-audio-check FILE.raw MIN_SECONDS MAX_SECONDS
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <vector>

#include "../game/chiptune.hpp"
#include "../game/mixer.hpp"

namespace {

constexpr std::size_t window = demo::samples_per_frame;
// Root mean square below which a window counts as silence (full scale is 32,767; the song's
// quietest frames are over 4,000).
constexpr double silence = 200.0;

double loudness(const std::int16_t* samples) {
  double sum = 0;
  for (std::size_t i = 0; i < window; ++i) {
    sum += static_cast<double>(samples[i]) * samples[i];
  }
  return std::sqrt(sum / static_cast<double>(window));
}

bool seconds_from(const char* text, double& out) {
  char* end = nullptr;
  out = std::strtod(text, &end);
  return end != text && *end == '\0' && out >= 0;
}

} // namespace

int main(int argc, char** argv) {
  double least = 0;
  double most = 0;
  if (argc != 4 || !seconds_from(argv[2], least) || !seconds_from(argv[3], most)) {
    std::fprintf(stderr, "usage: %s FILE.raw MIN_SECONDS MAX_SECONDS\n", argv[0]);
    return 2;
  }
  std::ifstream in(argv[1], std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "audio check: cannot read %s\n", argv[1]);
    return 2;
  }
  const std::vector<char> bytes{std::istreambuf_iterator<char>(in), {}};
  std::vector<std::int16_t> samples(bytes.size() / 2); // an odd last byte is no sample
  for (std::size_t i = 0; i < samples.size(); ++i) {
    samples[i] = static_cast<std::int16_t>(static_cast<unsigned char>(bytes[2 * i]) |
                                           (static_cast<unsigned char>(bytes[2 * i + 1]) << 8));
  }
  std::size_t longest = 0;
  std::size_t current = 0;
  for (std::size_t at = 0; at + window <= samples.size(); at += window) {
    current = loudness(&samples[at]) >= silence ? current + 1 : 0;
    longest = std::max(longest, current);
  }
  const double seconds = static_cast<double>(longest * window) / demo::audio_rate;
  std::printf("audio check: %zu samples, longest sounding stretch %.2f s (want %.2f to %.2f s)\n",
              samples.size(), seconds, least, most);
  return seconds >= least && seconds <= most ? 0 : 1;
}
