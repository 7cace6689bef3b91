// demo/game/point.hpp: a cell position on a grid, shared by every grid the game keeps.
#pragma once

#include <string>

namespace demo {

struct point {
  int x = 0;
  int y = 0;

  friend constexpr bool operator==(point, point) = default;
  friend constexpr point operator+(point a, point b) { return {a.x + b.x, a.y + b.y}; }
};

// "(x,y)", the form positions take in the transcript.
inline std::string to_string(point p) {
  return "(" + std::to_string(p.x) + "," + std::to_string(p.y) + ")";
}

} // namespace demo
