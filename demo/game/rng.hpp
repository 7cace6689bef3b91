// demo/game/rng.hpp: the game's only source of chance (splitmix64), seeded once, so that a run
// replays exactly from its seed and its inputs.
#pragma once

#include <cstdint>

namespace demo {

class rng {
public:
  explicit rng(std::uint64_t seed)
      : state_(seed) {}

  // Where the sequence is: rng(state()) goes on with the same numbers (a saved game keeps it).
  [[nodiscard]] std::uint64_t state() const { return state_; }

  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30U)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27U)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31U);
  }
  // Uniform in [0, n); n must be positive.
  int below(int n) { return static_cast<int>(next() % static_cast<std::uint64_t>(n)); }
  // Uniform in [low, high].
  int between(int low, int high) { return low + below(high - low + 1); }
  bool chance(int percent) { return below(100) < percent; }

private:
  std::uint64_t state_;
};

} // namespace demo
