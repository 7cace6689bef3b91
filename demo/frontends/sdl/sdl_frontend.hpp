// demo/frontends/sdl/sdl_frontend.hpp: the SDL2 window front end. It draws the same cell canvas
// as the terminal with a monospace TrueType font. With a script it plays the script as fast as
// it can, prints the transcript, and can save the last frame as a BMP screenshot. When the
// player closes the window (or a script ends), the game is saved for --continue
// (options.saves.save_to), or its saved game removed if nothing is left to continue.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "../../game/continue_file.hpp"
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
  kept_scores scores;     // a player's best scores; none with a script
  continue_files saves;   // the saved game continued, and where the run's end saves it
  std::string trace;      // --trace: where the run's Chrome trace goes, if anywhere
  bool inspector = false; // --inspector: the stack inspector shown from the start (F1 toggles)
};

int run_sdl(const sdl_options& options);

} // namespace demo
