// demo/tests/tiles_check.cpp: checks that the SDL2 front end draws the tiles' pictures. It plays
// the script that made the screenshot headless to learn which cells hold a tile (marked by the
// states, not guessed from letters), then compares each such cell of the screenshot, pixel for
// pixel, with the picture at the window's whole scale: every pixel of the art a SCALE x SCALE
// square of its own colour from the palette, the black of the game where the art is
// transparent. A letter from the font (antialiased, shaped otherwise) fails. Each KIND named
// must be on the board at least once: in the rows above BOARD_END, for the legend or the rules
// drawn under a board show every kind they name, and would hide a kind gone from the board.
//   strata-demo-tiles-check FILE.bmp SCRIPT.keys SCALE BOARD_END KIND...
#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>

#include <SDL.h>

#include "../frontends/sdl/tile_art.hpp"
#include "replay.hpp"
#include "screenshot_image.hpp"

namespace {

using demo::testing::rgb;

constexpr int columns = 80;
constexpr int rows = 25;
// What a renderer may round a colour by; a glyph's antialiasing is far beyond it.
constexpr int tolerance = 2;

bool close_to(rgb a, rgb b) {
  return std::abs(a.r - b.r) <= tolerance && std::abs(a.g - b.g) <= tolerance &&
         std::abs(a.b - b.b) <= tolerance;
}

int fail(const std::string& why) {
  std::fprintf(stderr, "tiles check: %s\n", why.c_str());
  return 1;
}

std::optional<demo::tile> tile_named(std::string_view name) {
  for (std::size_t kind = 1; kind < demo::tile_kinds; ++kind) {
    if (demo::tile_name(static_cast<demo::tile>(kind)) == name) {
      return static_cast<demo::tile>(kind);
    }
  }
  return std::nullopt;
}

// How many of the cell's pixels differ from its picture at `scale`. (x0, y0): the cell's top
// left pixel in the image; cell_w x cell_h: its size in the game's own (unscaled) pixels.
int wrong_pixels(const SDL_Surface* image, int x0, int y0, const demo::cell& c, int cell_w,
                 int cell_h, int scale) {
  int wrong = 0;
  for (int y = 0; y < cell_h * scale; ++y) {
    for (int x = 0; x < cell_w * scale; ++x) {
      const auto art = demo::tile_pixel(c.picture, x / scale, y / scale, cell_w, cell_h, c.dim);
      const rgb expected = art ? rgb{art->r, art->g, art->b} : rgb{0, 0, 0};
      wrong += close_to(demo::testing::pixel_at(image, x0 + x, y0 + y), expected) ? 0 : 1;
    }
  }
  return wrong;
}

} // namespace

int main(int argc, char** argv) {
  if (argc < 6) {
    return fail("usage: FILE.bmp SCRIPT.keys SCALE BOARD_END KIND...");
  }
  const int scale = std::atoi(argv[3]);
  const int board_end = std::atoi(argv[4]);
  if (board_end < 1 || board_end > rows) {
    return fail(std::string("BOARD_END is a row from 1 to 25, not ") + argv[4]);
  }
  std::array<bool, demo::tile_kinds> wanted{};
  for (int i = 5; i < argc; ++i) {
    const auto kind = tile_named(argv[i]);
    if (!kind) {
      return fail(std::string("no tile is called ") + argv[i]);
    }
    wanted[static_cast<std::size_t>(*kind)] = true;
  }
  std::string error;
  const auto inputs = demo::testing::read_script(argv[2], error);
  if (!inputs) {
    return fail(std::string(argv[2]) + ": " + error);
  }
  demo::cell_grid screen(columns, rows);
  demo::testing::play_to_end(*inputs, screen);

  SDL_Surface* image = demo::testing::load_screenshot(argv[1]);
  if (image == nullptr) {
    return fail(SDL_GetError());
  }
  const demo::testing::area game = demo::testing::game_area(image);
  const int cell_w = game.w / columns / std::max(scale, 1);
  const int cell_h = game.h / rows / std::max(scale, 1);
  if (scale < 1 || cell_w == 0 || cell_h == 0 || game.w != columns * cell_w * scale ||
      game.h != rows * cell_h * scale) {
    SDL_FreeSurface(image);
    return fail("the game's area is not 80x25 whole cells at scale " + std::string(argv[3]));
  }
  std::array<int, demo::tile_kinds> seen{};
  std::array<int, demo::tile_kinds> on_board{};
  std::string wrong;
  for (int y = 0; y < rows; ++y) {
    for (int x = 0; x < columns; ++x) {
      const demo::cell& c = screen.at(x, y);
      if (c.picture == demo::tile::none) {
        continue;
      }
      ++seen[static_cast<std::size_t>(c.picture)];
      on_board[static_cast<std::size_t>(c.picture)] += y < board_end ? 1 : 0;
      const int off = wrong_pixels(image, game.x + x * cell_w * scale, game.y + y * cell_h * scale,
                                   c, cell_w, cell_h, scale);
      if (off > 0 && wrong.empty()) {
        wrong = std::string(demo::tile_name(c.picture)) + " at cell (" + std::to_string(x) + "," +
                std::to_string(y) + "): " + std::to_string(off) + " of " +
                std::to_string(cell_w * cell_h * scale * scale) + " pixels are not its picture";
      }
    }
  }
  SDL_FreeSurface(image);
  std::printf("cells %dx%d at scale %d; tiles on the screen (on the board):", cell_w, cell_h,
              scale);
  for (std::size_t kind = 1; kind < demo::tile_kinds; ++kind) {
    if (seen[kind] > 0) {
      std::printf(" %s %d (%d)",
                  std::string(demo::tile_name(static_cast<demo::tile>(kind))).c_str(), seen[kind],
                  on_board[kind]);
    }
  }
  std::printf("\n");
  if (!wrong.empty()) {
    return fail(wrong);
  }
  for (std::size_t kind = 1; kind < demo::tile_kinds; ++kind) {
    if (wanted[kind] && on_board[kind] == 0) {
      return fail("no " + std::string(demo::tile_name(static_cast<demo::tile>(kind))) +
                  " on the board (rows 0.." + std::to_string(board_end - 1) +
                  "): the script no longer shows it");
    }
  }
  return 0;
}
