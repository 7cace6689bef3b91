// demo/frontends/sdl/sdl_frontend.hpp: the SDL2 window front end. It draws the same cell canvas
// as the terminal with a monospace TrueType font. With a script it plays the script as fast as
// it can, prints the transcript, and can save the last frame as a BMP screenshot.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "../../game/kept_scores.hpp"
#include "../../game/script.hpp"

namespace demo {

struct sdl_options {
  std::optional<script> keys; // play these instead of reading the keyboard
  std::uint64_t seed = 1;
  std::string screenshot; // BMP path, written after the script
  std::string font;       // empty: the font found when the demo was configured
  int window_width = 0;   // 0: the size of the game's 80x25 cells in the font
  int window_height = 0;
  kept_scores scores; // a player's best scores; none with a script
};

int run_sdl(const sdl_options& options);

} // namespace demo
