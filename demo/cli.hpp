// demo/cli.hpp: the demo's command line, read by CLI11.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "game/script.hpp"

namespace demo {

struct command_line {
  bool sdl = false;           // --sdl: the SDL2 window
  bool tour = false;          // --tour: play the built-in tour headless
  std::optional<script> keys; // --script FILE or --keys "..."
  std::optional<std::uint64_t> seed;
  std::string screenshot; // --screenshot FILE.bmp (SDL2), taken after the run
  std::string font;       // --font FILE.ttf (SDL2)
  int window_width = 0;   // --window WxH (SDL2); 0: the size of 80x25 cells of the font
  int window_height = 0;
  bool print_screen = false; // --print-screen: headless, print the last frame as text
  // --print-snapshots: headless, print what a save would hold at each change of the stack
  bool print_snapshots = false;
  bool continue_saved = false; // --continue: the player's saved game
  std::string continue_from;   // --continue-from FILE (a script's saved game)
  std::string save_to;         // --save-to FILE: where the run's end saves the game
  std::string trace;           // --trace FILE: the run's Chrome trace (docs/debugging.md)
  bool inspector = false;      // --inspector: the SDL2 window opens with the inspector shown
};

// Empty when the program must stop at once with `exit_status`: after --help or --version
// (printed on stdout, status 0) or after a mistake (explained on stderr, status 2).
[[nodiscard]] std::optional<command_line> parse_command_line(int argc, char** argv,
                                                             int& exit_status);

} // namespace demo
