// demo/frontends/sdl/palette.hpp: what the canvas's eight colours look like in the SDL2 window.
#pragma once

#include <SDL.h>

#include "../../game/canvas.hpp"

namespace demo {

// The bars beside or above the scaled game when the window's shape is not the game's: a dark
// slate, told apart from the game's black (a screenshot's checker finds the game by it).
inline constexpr SDL_Color letterbox_colour{24, 24, 32, 255};

// A cell's background: the plain shade of its colour, a third as bright when dimmed.
[[nodiscard]] SDL_Color background_colour(color c, bool dim);
// A cell's text: bold text takes the bright shade of its colour, except black, which stays black
// (bright black is grey, which is unreadable on the yellow and green of highlights and banners).
[[nodiscard]] SDL_Color text_colour(color c, bool bold, bool dim);
// A cell's opacity (fade.hpp) as the alpha its colours are blended with over the game's black.
[[nodiscard]] Uint8 alpha_of(float opacity);

} // namespace demo
