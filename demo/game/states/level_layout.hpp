// demo/game/states/level_layout.hpp: what a level starts from, laid out from its map: the tiles
// with the pieces lifted off them, the enemies, the start and the gems to find. Entering a level
// from the world map lays it out on a loading worker (world.cpp), and the level is then made
// from it on the game thread; a saved level lays out its map again, then applies what changed.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "../point.hpp"
#include "level_map.hpp"

namespace demo {

struct level_enemy {
  point at;
  point heading; // patrollers only
  char kind;     // 'h', 'v', 'c' or 'B'
  double wait = 0;
};

struct level_layout {
  std::vector<std::string> tiles; // the map's rows, each piece replaced by floor
  std::vector<level_enemy> enemies;
  point start;
  int gems = 0;
};

// `report`, if given, is told the fraction of the rows laid out after each row (the loading
// screen's progress bar).
[[nodiscard]] level_layout lay_out(const level_map& map,
                                   const std::function<void(double)>& report = {});

} // namespace demo
