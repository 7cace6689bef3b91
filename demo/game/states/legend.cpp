// demo/game/states/legend.cpp: the legends, each symbol drawn as on the screen it explains.
#include "legend.hpp"

#include <array>
#include <span>
#include <string_view>

namespace demo {
namespace {

struct entry {
  std::string_view symbol; // drawn as text in `look`, unless `picture` is a tile
  style look;
  std::string_view meaning;
  tile picture = tile::none; // else the symbol is this tile, one cell, drawn as the map draws it
};

// A tile's entry: its letter and colours come with the tile.
entry tiled(tile picture, std::string_view meaning) {
  return entry{{}, {}, meaning, picture};
}

int symbol_width(const entry& e) {
  return e.picture != tile::none ? 1 : static_cast<int>(e.symbol.size());
}

// The entries side by side, centred on row `y`: each symbol as it is drawn elsewhere (a tile as
// a tile: its picture in the SDL2 window, its letter and colours in a terminal), then its meaning.
void draw_entries(canvas& on, int y, std::span<const entry> entries) {
  constexpr int gap = 3;
  int width = -gap;
  for (const entry& e : entries) {
    width += symbol_width(e) + 1 + static_cast<int>(e.meaning.size()) + gap;
  }
  int x = (on.width() - width) / 2;
  for (const entry& e : entries) {
    if (e.picture != tile::none) {
      on.put_tile(x, y, e.picture);
    } else {
      text(on, x, y, e.symbol, e.look);
    }
    x += symbol_width(e) + 1;
    text(on, x, y, e.meaning, style{color::white});
    x += static_cast<int>(e.meaning.size()) + gap;
  }
}

} // namespace

// The level's symbols are its tiles, drawn as level::draw draws them.
void draw_level_legend(canvas& on, int y) {
  const std::array<entry, 5> things{{
      tiled(tile::player, "you"),
      tiled(tile::gem, "gem"),
      tiled(tile::potion, "potion (I)"),
      tiled(tile::wall, "wall"),
      tiled(tile::door_locked, "door: opens when every gem is taken"),
  }};
  const std::array<entry, 3> foes{{
      tiled(tile::goblin, "goblin: patrols"),
      tiled(tile::chaser, "chaser: follows you"),
      tiled(tile::boss, "boss: guards the door, talks first"),
  }};
  draw_entries(on, y, things);
  draw_entries(on, y + 1, foes);
}

void draw_map_legend(canvas& on, int y) {
  const std::array<entry, 4> marks{{
      {"[1]", style{color::white, color::red, true}, "a place"},
      {">1<", style{color::black, color::yellow, true}, "the one picked"},
      {"=", style{color::yellow}, "the road"},
      {"(done)", style{color::white, color::green}, "won at least once"},
  }};
  draw_entries(on, y, marks);
}

} // namespace demo
