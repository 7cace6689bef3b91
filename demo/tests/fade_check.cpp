// demo/tests/fade_check.cpp: checks a screenshot of the SDL2 front end taken while an overlay
// fades in (R33): in the given rows of its panel, rows of blank panel cells, the pixels must
// show the panel's colour blended over what is below, neither the colour itself (the panel
// fully there: no transition) nor none of it. Most of those pixels are over the level's black,
// so there the colour is exactly the panel's scaled by the alpha, the same for every pixel.
//   strata-demo-fade-check FILE.bmp COLUMNS ROWS COLOUR X0 X1 ROW...
//   (COLOUR: the panel's, as the canvas's colour number; the panel's cells X0..X1-1 in each ROW)
#include <cstdio>
#include <cstdlib>
#include <map>

#include <SDL.h>

#include "../frontends/sdl/palette.hpp"
#include "screenshot_image.hpp"

namespace {

using demo::testing::pixel_at;
using demo::testing::rgb;

int fail(const char* why) {
  std::fprintf(stderr, "fade check: %s\n", why);
  return 1;
}

} // namespace

int main(int argc, char** argv) {
  if (argc < 8) {
    return fail("usage: FILE.bmp COLUMNS ROWS COLOUR X0 X1 ROW...");
  }
  SDL_Surface* image = demo::testing::load_screenshot(argv[1]);
  if (image == nullptr) {
    return fail(SDL_GetError());
  }
  const demo::testing::area game = demo::testing::game_area(image);
  const int cell_w = game.w / std::atoi(argv[2]);
  const int cell_h = game.h / std::atoi(argv[3]);
  const SDL_Color full =
      demo::background_colour(static_cast<demo::color>(std::atoi(argv[4])), false);
  const int x0 = std::atoi(argv[5]);
  const int x1 = std::atoi(argv[6]);
  long pixels = 0;
  long at_full = 0;
  std::map<int, long> blended; // pixels that are the colour scaled by an alpha, by that alpha
  for (int arg = 7; arg < argc; ++arg) {
    const int row = std::atoi(argv[arg]);
    for (int y = row * cell_h; y < (row + 1) * cell_h; ++y) {
      for (int x = x0 * cell_w; x < x1 * cell_w; ++x) {
        const rgb c = pixel_at(image, game.x + x, game.y + y);
        ++pixels;
        if (c == rgb{full.r, full.g, full.b}) {
          ++at_full;
          continue;
        }
        // The alpha (in 255ths) that makes the blue channel, checked on the other two.
        const int alpha = (c.b * 255 + full.b / 2) / full.b;
        const auto scaled = [&](int channel) { return (channel * alpha + 127) / 255; };
        if (std::abs(scaled(full.r) - c.r) <= 2 && std::abs(scaled(full.g) - c.g) <= 2) {
          ++blended[alpha];
        }
      }
    }
  }
  SDL_FreeSurface(image);
  long most = 0;
  int alpha = 0;
  for (const auto& [a, count] : blended) {
    if (count > most) {
      most = count;
      alpha = a;
    }
  }
  std::printf("%ld pixels: %ld at the full colour, %ld blended at alpha %d/255\n", pixels, at_full,
              most, alpha);
  if (pixels == 0) {
    return fail("no pixels to look at");
  }
  if (at_full * 2 > pixels) {
    return fail("the panel is fully there: no transition");
  }
  if (most * 2 < pixels || alpha < 26 || alpha > 229) {
    return fail("the panel's colour is not blended at one alpha between a tenth and nine tenths");
  }
  return 0;
}
