// demo/tests/screenshot_image.cpp: reading a screenshot's pixels.
#include "screenshot_image.hpp"

#include <algorithm>

#include "../frontends/sdl/palette.hpp"

namespace demo::testing {
namespace {

bool letterbox(rgb c) {
  const SDL_Color bar = letterbox_colour;
  return c == rgb{bar.r, bar.g, bar.b};
}

} // namespace

SDL_Surface* load_screenshot(const char* path) {
  SDL_Surface* loaded = SDL_LoadBMP(path);
  if (loaded == nullptr) {
    return nullptr;
  }
  SDL_Surface* image = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_RGB888, 0);
  SDL_FreeSurface(loaded);
  return image;
}

rgb pixel_at(const SDL_Surface* image, int x, int y) {
  const auto* row =
      reinterpret_cast<const Uint32*>(static_cast<const Uint8*>(image->pixels) + y * image->pitch);
  const Uint32 pixel = row[x] & 0xffffffU;
  return {static_cast<int>(pixel >> 16U), static_cast<int>((pixel >> 8U) & 0xffU),
          static_cast<int>(pixel & 0xffU)};
}

area game_area(const SDL_Surface* image) {
  int left = image->w;
  int top = image->h;
  int right = -1;
  int bottom = -1;
  for (int y = 0; y < image->h; ++y) {
    for (int x = 0; x < image->w; ++x) {
      if (!letterbox(pixel_at(image, x, y))) {
        left = std::min(left, x);
        right = std::max(right, x);
        top = std::min(top, y);
        bottom = std::max(bottom, y);
      }
    }
  }
  return right < 0 ? area{0, 0, 0, 0} : area{left, top, right - left + 1, bottom - top + 1};
}

} // namespace demo::testing
