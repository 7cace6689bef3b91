// demo/tests/audio_check.cpp: listens to a recording of the SDL2 front end (16-bit mono samples
// at the demo's rate, as SDL's disk driver writes them). It fails unless the longest stretch in
// which every frame-long window sounds lasts at least the given seconds: a script whose music
// plays on through a freezing pause passes, one whose music stopped for the pause does not.
//   strata-demo-audio-check FILE.raw MIN_SECONDS
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <vector>

namespace {

constexpr std::size_t rate = 44'100;
constexpr std::size_t window = rate / 30; // one frame of the demo
// Root mean square below which a window counts as silence (full scale is 32,767; the song's
// quietest frames are over 2,000).
constexpr double silence = 200.0;

double loudness(const std::int16_t* samples) {
  double sum = 0;
  for (std::size_t i = 0; i < window; ++i) {
    sum += static_cast<double>(samples[i]) * samples[i];
  }
  return std::sqrt(sum / window);
}

} // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s FILE.raw MIN_SECONDS\n", argv[0]);
    return 2;
  }
  std::ifstream in(argv[1], std::ios::binary);
  const std::vector<char> bytes{std::istreambuf_iterator<char>(in), {}};
  std::vector<std::int16_t> samples(bytes.size() / sizeof(std::int16_t));
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
  const double seconds = static_cast<double>(longest * window) / rate;
  const double wanted = std::strtod(argv[2], nullptr);
  std::printf("audio check: %zu samples, longest sounding stretch %.2f s (want %.2f s)\n",
              samples.size(), seconds, wanted);
  return seconds >= wanted ? 0 : 1;
}
