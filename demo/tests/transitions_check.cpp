// demo/tests/transitions_check.cpp: plays scripts/transitions.keys headless and checks that
// the demo's states arrive and leave over several frames (R33): after each key, a text of the
// state arriving shows more and more, one of the state leaving or dimmed under it less and less,
// and each ends where it should (fully shown, gone, or at the dimmed look). Without transitions
// every change is a cut from one frame to the next, and the check fails.
//   strata-demo-transitions-check scripts/transitions.keys
#include <cstdio>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

#include "../game/fade.hpp"
#include "replay.hpp"

namespace {

// How much of a cell a player sees: its opacity, and a third of that when dimmed (the look the
// window gives it, which the terminal approximates).
float seen(const demo::cell& c) {
  return c.opacity * (c.dim ? demo::dimmed_opacity : 1.0F);
}

// How much of `text` shows: of its first cell, where it is found on the screen, drawn there or
// fading under what is drawn over it (cell_grid::under); 0 when it is not there (not drawn, or
// cut by the edge of a state sliding in).
float shown(const demo::cell_grid& screen, std::string_view text) {
  for (int y = 0; y < screen.height(); ++y) {
    std::string under;
    for (int x = 0; x < screen.width(); ++x) {
      under += screen.under(x, y).ch;
    }
    if (const std::size_t x = screen.row(y).find(text); x != std::string::npos) {
      return seen(screen.at(static_cast<int>(x), y));
    }
    if (const std::size_t x = under.find(text); x != std::string::npos) {
      return seen(screen.under(static_cast<int>(x), y));
    }
  }
  return 0.0F;
}

struct expectation {
  int key;               // the script's key that starts it, counted from 1
  std::string_view text; // a text of the state that moves
  float from;            // how much it shows before the key
  float to;              // and once the transition is over
};

// 1/3: the dimmed look under an overlay that is fully there.
constexpr float dimmed = demo::dimmed_opacity;

constexpr expectation expected[] = {
    {1, "W O R L D   M A P", 0, 1}, {1, "S T R A T A   Q U E S T", 1, 0},
    {2, "Meadow   hearts", 0, 1},   {2, "W O R L D   M A P", 1, 0},
    {3, "P A U S E D", 0, 1},       {3, "Meadow   hearts", 1, dimmed},
    {4, "P A U S E D", 1, 0},       {4, "Meadow   hearts", dimmed, 1},
    {5, "drink a potion", 0, 1},    {6, "drink a potion", 1, 0},
};

// A transition checked from the frames after its key: `from` before it, then at least two
// frames strictly between `from` and `to`, each closer to `to` than the last, then `to`.
std::string check(const expectation& e, const std::vector<float>& frames) {
  const auto between = [&](float v) { return (v - e.from) * (e.to - v) > 0.0001F; };
  int steps = 0;
  for (std::size_t i = 1; i < frames.size(); ++i) {
    if ((frames[i] - frames[i - 1]) * (e.to - e.from) < -0.0001F) {
      return "moves back";
    }
    steps += between(frames[i]) ? 1 : 0;
  }
  const auto near = [](float a, float b) { return a - b < 0.01F && b - a < 0.01F; };
  if (!near(frames.front(), e.from)) {
    return "does not start from " + std::to_string(e.from);
  }
  if (!near(frames.back(), e.to)) {
    return "does not end at " + std::to_string(e.to);
  }
  if (steps < 2) {
    return "is cut, not faded (" + std::to_string(steps) + " frames in between)";
  }
  return {};
}

} // namespace

int main(int argc, char** argv) {
  const auto inputs = demo::testing::script_argument(argc, argv, "transitions.keys");
  if (!inputs) {
    return 2;
  }
  // Per expectation, how much its text shows: in the frame before its key (where it starts),
  // then in every frame from its key's up to the next key's.
  std::vector<std::vector<float>> seen_over(std::size(expected));
  demo::cell_grid screen(80, 25);
  int keys = 0;
  demo::testing::replay(*inputs, screen, [&](std::size_t frame) {
    if (inputs->frames[frame - 1]) {
      ++keys;
    }
    const bool before_key = frame < inputs->frames.size() && inputs->frames[frame];
    for (std::size_t i = 0; i < std::size(expected); ++i) {
      const bool during = expected[i].key == keys || (expected[i].key == keys + 1 && before_key);
      if (during) {
        seen_over[i].push_back(shown(screen, expected[i].text));
      }
    }
    return true;
  });
  int failed = 0;
  for (std::size_t i = 0; i < std::size(expected); ++i) {
    const expectation& e = expected[i];
    const std::string why = seen_over[i].size() < 2 ? "was never seen" : check(e, seen_over[i]);
    std::string trace;
    for (const float v : seen_over[i]) {
      trace += " " + std::to_string(v).substr(0, 4);
    }
    std::printf("key %d, \"%s\":%s\n", e.key, std::string(e.text).c_str(), trace.c_str());
    if (!why.empty()) {
      std::fprintf(stderr, "key %d: \"%s\" %s\n", e.key, std::string(e.text).c_str(), why.c_str());
      ++failed;
    }
  }
  return failed == 0 ? 0 : 1;
}
