// demo/frontends/sdl/tiles.cpp: painting the sprite sheet and drawing from it.
#include "tiles.hpp"

#include <optional>

#include "tile_art.hpp"

namespace demo {

tile_sheet::~tile_sheet() {
  if (sheet_ != nullptr) {
    SDL_DestroyTexture(sheet_);
  }
}

bool tile_sheet::load(SDL_Renderer* renderer, int cell_w, int cell_h, std::string& error) {
  cell_w_ = cell_w;
  cell_h_ = cell_h;
  const int kinds = static_cast<int>(tile_kinds);
  SDL_Surface* pixels =
      SDL_CreateRGBSurfaceWithFormat(0, kinds * cell_w, 2 * cell_h, 32, SDL_PIXELFORMAT_ARGB8888);
  if (pixels == nullptr) {
    error = std::string("cannot make the tiles' sprite sheet: ") + SDL_GetError();
    return false;
  }
  // Transparent everywhere the art leaves the game's background to show.
  SDL_FillRect(pixels, nullptr, SDL_MapRGBA(pixels->format, 0, 0, 0, 0));
  for (int kind = 1; kind < kinds; ++kind) {
    for (int dim = 0; dim < 2; ++dim) {
      for (int y = 0; y < cell_h; ++y) {
        for (int x = 0; x < cell_w; ++x) {
          const std::optional<SDL_Color> c =
              tile_pixel(static_cast<tile>(kind), x, y, cell_w, cell_h, dim == 1);
          if (c) {
            const SDL_Rect dot{kind * cell_w + x, dim * cell_h + y, 1, 1};
            SDL_FillRect(pixels, &dot, SDL_MapRGBA(pixels->format, c->r, c->g, c->b, 255));
          }
        }
      }
    }
  }
  sheet_ = SDL_CreateTextureFromSurface(renderer, pixels);
  SDL_FreeSurface(pixels);
  if (sheet_ == nullptr) {
    error = std::string("cannot make the tiles' sprite sheet: ") + SDL_GetError();
    return false;
  }
  SDL_SetTextureBlendMode(sheet_, SDL_BLENDMODE_BLEND);
  return true;
}

void tile_sheet::draw(SDL_Renderer* renderer, int x, int y, tile kind, bool dim,
                      Uint8 alpha) const {
  const SDL_Rect from{static_cast<int>(kind) * cell_w_, dim ? cell_h_ : 0, cell_w_, cell_h_};
  const SDL_Rect to{x, y, cell_w_, cell_h_};
  SDL_SetTextureAlphaMod(sheet_, alpha);
  SDL_RenderCopy(renderer, sheet_, &from, &to);
}

} // namespace demo
