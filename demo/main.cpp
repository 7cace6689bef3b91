// demo/main.cpp: picks the front end. The terminal is the default; with no terminal attached
// (a pipe, CI) the demo plays its tour headless and prints the transcript instead.
#include <cstdio>
#include <string>

#include <unistd.h>

#include "cli.hpp"
#include "frontends/script/script_frontend.hpp"
#include "game/tour.hpp"

#ifdef STRATA_DEMO_HAS_CURSES
#include "frontends/terminal/terminal_frontend.hpp"
#endif
#ifdef STRATA_DEMO_HAS_SDL
#include "frontends/sdl/sdl_frontend.hpp"
#endif

namespace {

int play_tour(const demo::command_line& options) {
  std::string error;
  const auto tour = demo::parse_script(demo::tour_script(), error);
  if (!tour) {
    std::fprintf(stderr, "strata-demo: the tour: %s\n", error.c_str());
    return 1;
  }
  return demo::run_headless(*tour, {options.seed.value_or(1), 80, 25, options.print_screen});
}

int play_sdl([[maybe_unused]] const demo::command_line& options) {
#ifdef STRATA_DEMO_HAS_SDL
  return demo::run_sdl({options.keys, options.seed.value_or(1), options.screenshot, options.font});
#else
  std::fprintf(stderr, "strata-demo: built without SDL2 (install libsdl2-dev and "
                       "libsdl2-ttf-dev, then configure again)\n");
  return 2;
#endif
}

bool has_terminal() {
  return isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1;
}

} // namespace

int main(int argc, char** argv) {
  std::string error;
  const auto options = demo::parse_command_line(argc, argv, error);
  if (!options) {
    std::fprintf(stderr, "strata-demo: %s (--help lists the options)\n", error.c_str());
    return 2;
  }
  if (options->help) {
    std::printf("%s%s", demo::usage, demo::script_syntax);
    return 0;
  }
  if (options->sdl) {
    return play_sdl(*options);
  }
  if (options->keys) {
    return demo::run_headless(*options->keys,
                              {options->seed.value_or(1), 80, 25, options->print_screen});
  }
#ifdef STRATA_DEMO_HAS_CURSES
  if (!options->tour && has_terminal()) {
    return demo::run_terminal(options->seed);
  }
#endif
  return play_tour(*options);
}
