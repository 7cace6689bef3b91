// demo/tests/palette_check.cpp: the SDL2 window's highlights are readable. Bold text on each
// light background (the banners, the picked place on the map, the dialog's answer) must contrast
// with it at least as well as plain text does: WCAG's contrast ratio, from relative luminance.
// Bold black used to take the "bright black" shade, grey, at 2.4:1 on the mustard of highlights.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "../frontends/sdl/palette.hpp"

namespace {

double linear(Uint8 channel) {
  const double c = channel / 255.0;
  return c <= 0.03928 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

double luminance(SDL_Color c) {
  return 0.2126 * linear(c.r) + 0.7152 * linear(c.g) + 0.0722 * linear(c.b);
}

double contrast(SDL_Color a, SDL_Color b) {
  const double la = luminance(a);
  const double lb = luminance(b);
  return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

} // namespace

int main() {
  int failures = 0;
  for (const demo::color light :
       {demo::color::yellow, demo::color::green, demo::color::cyan, demo::color::white}) {
    const SDL_Color back = demo::background_colour(light, false);
    const double plain = contrast(demo::text_colour(demo::color::black, false, false), back);
    const double bold = contrast(demo::text_colour(demo::color::black, true, false), back);
    std::printf("black on colour %d: plain %.1f:1, bold %.1f:1\n", static_cast<int>(light), plain,
                bold);
    if (bold < plain || bold < 4.5) {
      std::fprintf(stderr, "palette check: bold black on colour %d is hard to read (%.1f:1)\n",
                   static_cast<int>(light), bold);
      ++failures;
    }
  }
  return failures == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
