// demo/tests/screenshot_check.cpp: checks a screenshot of the SDL2 front end's title screen.
// It fails unless the image is a plausible frame (not empty, not one colour) and the logo's
// yellow pixels are inside the logo's cells and nowhere else.
//   strata-demo-screenshot-check FILE.bmp COLUMNS ROWS X0 Y0 X1 Y1   (logo cells, X1/Y1 excluded)
#include <cstdio>
#include <cstdlib>
#include <set>

#include <SDL.h>

namespace {

struct rgb {
  int r;
  int g;
  int b;
};

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
  if (argc != 8) {
    return fail("usage: FILE.bmp COLUMNS ROWS X0 Y0 X1 Y1");
  }
  SDL_Surface* loaded = SDL_LoadBMP(argv[1]);
  if (loaded == nullptr) {
    return fail(SDL_GetError());
  }
  SDL_Surface* image = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_RGB888, 0);
  SDL_FreeSurface(loaded);
  if (image == nullptr || image->w == 0 || image->h == 0) {
    return fail("the image is empty");
  }
  const int columns = std::atoi(argv[2]);
  const int rows = std::atoi(argv[3]);
  if (columns <= 0 || rows <= 0 || image->w % columns != 0 || image->h % rows != 0) {
    return fail("the image is not a whole grid of cells");
  }
  const int cell_w = image->w / columns;
  const int cell_h = image->h / rows;
  // The logo's cells, one cell wider on each side for the glyphs' antialiased edges.
  const int x0 = (std::atoi(argv[4]) - 1) * cell_w;
  const int y0 = (std::atoi(argv[5]) - 1) * cell_h;
  const int x1 = (std::atoi(argv[6]) + 1) * cell_w;
  const int y1 = (std::atoi(argv[7]) + 1) * cell_h;

  long inked = 0;
  long logo_inside = 0;
  long logo_outside = 0;
  std::set<Uint32> colors;
  for (int y = 0; y < image->h; ++y) {
    const auto* row = reinterpret_cast<const Uint32*>(static_cast<const Uint8*>(image->pixels) +
                                                      y * image->pitch);
    for (int x = 0; x < image->w; ++x) {
      const Uint32 pixel = row[x] & 0xffffffU;
      const rgb c{static_cast<int>(pixel >> 16U), static_cast<int>((pixel >> 8U) & 0xffU),
                  static_cast<int>(pixel & 0xffU)};
      colors.insert(pixel);
      inked += background(c) ? 0 : 1;
      if (yellow(c)) {
        const bool inside = x >= x0 && x < x1 && y >= y0 && y < y1;
        (inside ? logo_inside : logo_outside) += 1;
      }
    }
  }
  const long area = static_cast<long>(image->w) * image->h;
  const long logo_area = static_cast<long>(x1 - x0) * (y1 - y0);
  std::printf("%dx%d pixels, cells %dx%d, %zu colours, %ld inked, logo %ld inside / %ld outside\n",
              image->w, image->h, cell_w, cell_h, colors.size(), inked, logo_inside, logo_outside);
  SDL_FreeSurface(image);
  if (colors.size() < 4) {
    return fail("the image is (nearly) one colour");
  }
  if (inked * 200 < area || inked * 2 > area) {
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
