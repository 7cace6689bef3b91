// demo/game/states/level_map.hpp: the levels' layouts, drawn in characters, as the boot state
// reads them from the demo's data files (demo/data/maps/*.map: the level's name on the first
// line, then its rows).
//   # wall   . floor   @ start   * gem   + potion   > door (opens when every gem is taken)
//   h/v enemy patrolling across/down   c enemy chasing the player   B the boss (asks first)
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>

namespace demo {

inline constexpr int map_width = 36;
inline constexpr int map_height = 11;

struct level_map {
  std::string name;
  std::array<std::string, map_height> rows;
};

// The map files the boot state reads, in the order of the world map's places.
inline constexpr std::array<std::string_view, 2> level_map_files{"meadow.map", "caverns.map"};

// One map file's text as a map; none, with `problem` saying which line is wrong and why, if it
// is not one: map_height rows of map_width known characters, walled all around, one start.
[[nodiscard]] std::optional<level_map> parse_level_map(std::string_view text, std::string& problem);

} // namespace demo
