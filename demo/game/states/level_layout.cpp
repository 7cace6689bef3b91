// demo/game/states/level_layout.cpp: lifting the pieces off a map.
#include "level_layout.hpp"

#include <cstddef>

namespace demo {

level_layout lay_out(const level_map& map, const std::function<void(double)>& report) {
  level_layout out;
  for (int y = 0; y < map_height; ++y) {
    std::string row = map.rows[static_cast<std::size_t>(y)];
    for (int x = 0; x < map_width; ++x) {
      char& c = row[static_cast<std::size_t>(x)];
      switch (c) {
      case '@': out.start = {x, y}; break;
      case 'h': out.enemies.push_back({{x, y}, {1, 0}, c}); break;
      case 'v': out.enemies.push_back({{x, y}, {0, 1}, c}); break;
      case 'c':
      case 'B': out.enemies.push_back({{x, y}, {0, 0}, c}); break;
      case '*': ++out.gems; continue;
      default: continue;
      }
      c = '.';
    }
    out.tiles.push_back(std::move(row));
    if (report) {
      report(static_cast<double>(y + 1) / map_height);
    }
  }
  return out;
}

} // namespace demo
