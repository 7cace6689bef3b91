// demo/game/states/level_map.hpp: the levels' layouts, drawn in characters.
//   # wall   . floor   @ start   * gem   + potion   > door (opens when every gem is taken)
//   h/v enemy patrolling across/down   c enemy chasing the player   B the boss (asks first)
#pragma once

#include <array>
#include <string_view>

namespace demo {

inline constexpr int map_width = 36;
inline constexpr int map_height = 11;

struct level_map {
  std::string_view name;
  std::array<std::string_view, map_height> rows;
};

extern const std::array<level_map, 2> level_maps;

} // namespace demo
