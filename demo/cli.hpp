// demo/cli.hpp: the demo's command line.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "game/script.hpp"

namespace demo {

struct command_line {
  bool help = false;
  bool sdl = false;           // --sdl: the SDL2 window
  bool tour = false;          // --tour: play the built-in tour headless
  std::optional<script> keys; // --script FILE or --keys "..."
  std::optional<std::uint64_t> seed;
  std::string screenshot;    // --screenshot FILE.bmp (SDL2), taken after the script
  std::string font;          // --font FILE.ttf (SDL2)
  bool print_screen = false; // --print-screen: headless, print the last frame as text
};

// Empty with `error` set on a mistake.
[[nodiscard]] std::optional<command_line> parse_command_line(int argc, char** argv,
                                                             std::string& error);

extern const char* const usage;

} // namespace demo
