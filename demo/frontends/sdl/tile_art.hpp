// demo/frontends/sdl/tile_art.hpp: the tiles' pictures, pixel art described in code in the eight
// colours of the palette. Each picture is made for the default font's 10x19 cells; a cell of
// another size holds it centred, at the largest whole scale that fits (the level's walls repeat
// their bricks instead, so that neighbouring walls join).
#pragma once

#include <optional>

#include <SDL.h>

#include "../../game/tiles.hpp"

namespace demo {

// The colour of pixel (x, y) of `kind`'s picture in a cell of cell_w x cell_h pixels, dimmed as
// the palette dims; nothing where the picture is transparent (the game's black shows there).
[[nodiscard]] std::optional<SDL_Color> tile_pixel(tile kind, int x, int y, int cell_w, int cell_h,
                                                  bool dim);

} // namespace demo
