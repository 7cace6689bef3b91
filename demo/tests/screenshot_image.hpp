// demo/tests/screenshot_image.hpp: what the screenshot checkers share: reading the SDL2 front
// end's BMP and finding the game in it (everything that is not the letterbox's bars).
#pragma once

#include <SDL.h>

namespace demo::testing {

struct rgb {
  int r;
  int g;
  int b;

  friend constexpr bool operator==(rgb, rgb) = default;
};

struct area {
  int x;
  int y;
  int w;
  int h;
};

// The screenshot in SDL_PIXELFORMAT_RGB888 (free it with SDL_FreeSurface), or null with SDL's
// error set.
[[nodiscard]] SDL_Surface* load_screenshot(const char* path);

[[nodiscard]] rgb pixel_at(const SDL_Surface* image, int x, int y);

// The bounding box of everything that is not letterbox; empty if the image is all bars.
[[nodiscard]] area game_area(const SDL_Surface* image);

} // namespace demo::testing
