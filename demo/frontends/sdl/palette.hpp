// demo/frontends/sdl/palette.hpp: what the canvas's eight colours look like in the SDL2 window.
#pragma once

#include <SDL.h>

#include "../../game/canvas.hpp"

namespace demo {

// A cell's background: the plain shade of its colour, a third as bright when dimmed.
[[nodiscard]] SDL_Color background_colour(color c, bool dim);
// A cell's text: bold text takes the bright shade of its colour, except black, which stays black
// (bright black is grey, which is unreadable on the yellow and green of highlights and banners).
[[nodiscard]] SDL_Color text_colour(color c, bool bold, bool dim);

} // namespace demo
