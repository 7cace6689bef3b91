// demo/frontends/sdl/palette.cpp: the shades of the eight colours.
#include "palette.hpp"

#include <algorithm>
#include <array>
#include <cstddef>

namespace demo {
namespace {

constexpr std::array<SDL_Color, 8> plain{{{0, 0, 0, 255},
                                          {190, 40, 40, 255},
                                          {40, 170, 60, 255},
                                          {200, 160, 30, 255},
                                          {40, 70, 190, 255},
                                          {170, 60, 170, 255},
                                          {40, 160, 180, 255},
                                          {200, 200, 200, 255}}};
constexpr std::array<SDL_Color, 8> vivid{{{100, 100, 100, 255},
                                          {255, 85, 85, 255},
                                          {85, 255, 85, 255},
                                          {255, 255, 85, 255},
                                          {100, 130, 255, 255},
                                          {255, 85, 255, 255},
                                          {85, 255, 255, 255},
                                          {255, 255, 255, 255}}};

SDL_Color shade(const std::array<SDL_Color, 8>& shades, color c, bool dim) {
  SDL_Color out = shades[static_cast<std::size_t>(c)];
  if (dim) {
    out = {static_cast<Uint8>(out.r / 3), static_cast<Uint8>(out.g / 3),
           static_cast<Uint8>(out.b / 3), 255};
  }
  return out;
}

} // namespace

SDL_Color background_colour(color c, bool dim) {
  return shade(plain, c, dim);
}

SDL_Color text_colour(color c, bool bold, bool dim) {
  return shade(bold && c != color::black ? vivid : plain, c, dim);
}

Uint8 alpha_of(float opacity) {
  return static_cast<Uint8>(std::clamp(opacity, 0.0F, 1.0F) * 255.0F + 0.5F);
}

} // namespace demo
