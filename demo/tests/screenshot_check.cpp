// demo/tests/screenshot_check.cpp: checks a screenshot of the SDL2 front end's title screen.
// It fails unless the image is a plausible frame (not empty, not one colour) and the logo's
// yellow pixels are inside the logo's cells and nowhere else. The game's area is what is not
// letterbox (the front end's bars beside a scaled game); it must be a whole grid of cells,
// centred, and at least MIN_WIDTH pixels wide when that is given.
//   strata-demo-screenshot-check FILE.bmp COLUMNS ROWS X0 Y0 X1 Y1 [MIN_WIDTH]
//   (the logo's cells, X1/Y1 excluded)
#include <cstdio>
#include <cstdlib>
#include <set>

#include <SDL.h>

#include "screenshot_image.hpp"

namespace {

using demo::testing::area;
using demo::testing::pixel_at;
using demo::testing::rgb;

bool yellow(rgb c) {
  return c.r > 150 && c.g > 120 && c.b < 100;
}
bool background(rgb c) {
  return c.r < 16 && c.g < 16 && c.b < 16;
}

int fail(const char* why) {
  std::fprintf(stderr, "screenshot check: %s\n", why);
  return 1;
}

} // namespace

int main(int argc, char** argv) {
  if (argc != 8 && argc != 9) {
    return fail("usage: FILE.bmp COLUMNS ROWS X0 Y0 X1 Y1 [MIN_WIDTH]");
  }
  SDL_Surface* image = demo::testing::load_screenshot(argv[1]);
  if (image == nullptr) {
    return fail(SDL_GetError());
  }
  if (image->w == 0 || image->h == 0) {
    return fail("the image is empty");
  }
  const area game = demo::testing::game_area(image);
  const int columns = std::atoi(argv[2]);
  const int rows = std::atoi(argv[3]);
  if (columns <= 0 || rows <= 0 || game.w % columns != 0 || game.h % rows != 0) {
    return fail("the game's area is not a whole grid of cells");
  }
  // Centred: the bars on either side differ by at most a pixel.
  if (std::abs(2 * game.x + game.w - image->w) > 1 ||
      std::abs(2 * game.y + game.h - image->h) > 1) {
    return fail("the game's area is not centred in the window");
  }
  if (argc == 9 && game.w < std::atoi(argv[8])) {
    return fail("the game is not scaled up to the window");
  }
  const int cell_w = game.w / columns;
  const int cell_h = game.h / rows;
  // The logo's cells, one cell wider on each side for the glyphs' antialiased edges.
  const int x0 = (std::atoi(argv[4]) - 1) * cell_w;
  const int y0 = (std::atoi(argv[5]) - 1) * cell_h;
  const int x1 = (std::atoi(argv[6]) + 1) * cell_w;
  const int y1 = (std::atoi(argv[7]) + 1) * cell_h;

  long inked = 0;
  long logo_inside = 0;
  long logo_outside = 0;
  std::set<Uint32> colors;
  for (int y = 0; y < game.h; ++y) {
    for (int x = 0; x < game.w; ++x) {
      const rgb c = pixel_at(image, game.x + x, game.y + y);
      colors.insert(static_cast<Uint32>(c.r << 16 | c.g << 8 | c.b));
      inked += background(c) ? 0 : 1;
      if (yellow(c)) {
        const bool inside = x >= x0 && x < x1 && y >= y0 && y < y1;
        (inside ? logo_inside : logo_outside) += 1;
      }
    }
  }
  const long pixels = static_cast<long>(game.w) * game.h;
  const long logo_area = static_cast<long>(x1 - x0) * (y1 - y0);
  std::printf("%dx%d pixels, game %dx%d at (%d,%d), cells %dx%d, %zu colours, %ld inked, "
              "logo %ld inside / %ld outside\n",
              image->w, image->h, game.w, game.h, game.x, game.y, cell_w, cell_h, colors.size(),
              inked, logo_inside, logo_outside);
  SDL_FreeSurface(image);
  if (colors.size() < 4) {
    return fail("the image is (nearly) one colour");
  }
  if (inked * 200 < pixels || inked * 2 > pixels) {
    return fail("the amount of drawn pixels is not that of a text screen");
  }
  if (logo_inside * 40 < logo_area) {
    return fail("the logo's yellow is missing from where the logo belongs");
  }
  if (logo_outside > 0) {
    return fail("yellow pixels outside the logo");
  }
  return 0;
}
