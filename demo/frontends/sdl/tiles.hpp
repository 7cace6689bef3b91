// demo/frontends/sdl/tiles.hpp: the tiles' pictures (tile_art.hpp) drawn once, at start-up, into
// one texture the size of the font's cells: a sprite sheet, a column per tile, a row plain and a
// row dimmed. Drawn cell for cell like the glyphs, so the window's whole-factor scaling keeps
// every pixel of the art square and sharp.
#pragma once

#include <string>

#include <SDL.h>

#include "../../game/tiles.hpp"

namespace demo {

class tile_sheet {
public:
  tile_sheet() = default;
  tile_sheet(const tile_sheet&) = delete;
  tile_sheet& operator=(const tile_sheet&) = delete;
  ~tile_sheet();

  // False with `error` set if the texture cannot be made.
  bool load(SDL_Renderer* renderer, int cell_w, int cell_h, std::string& error);

  // The picture of `kind` in the cell whose top left pixel is (x, y), blended by `alpha` over
  // what is drawn there (a tile of a state arriving or leaving, R33).
  void draw(SDL_Renderer* renderer, int x, int y, tile kind, bool dim, Uint8 alpha) const;

private:
  SDL_Texture* sheet_ = nullptr;
  int cell_w_ = 0;
  int cell_h_ = 0;
};

} // namespace demo
