// demo/game/tiles.hpp: the things on a map that read better as a picture than as a letter. States
// mark their cells with canvas::put_tile; a front end with pictures draws the tile's, any other
// shows the tile's letter (canvas.hpp: tile_cell), the one it showed before it had a picture.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace demo {

enum class tile : std::uint8_t {
  none, // a letter, not a picture
  // an arcade level's
  wall,
  gem,
  potion,
  door_locked,
  door_open,
  player,
  goblin,
  chaser,
  boss,
  // the siege's
  rampart,
  rubble,
  turret_slot,
  turret,
  ship,
};

// How many kinds there are, tile::none included: the size of a table indexed by tile.
inline constexpr std::size_t tile_kinds = static_cast<std::size_t>(tile::ship) + 1;

// "wall", "player", ...: for tests and their messages.
[[nodiscard]] std::string_view tile_name(tile kind);

} // namespace demo
