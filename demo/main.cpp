// demo/main.cpp: picks the front end. The terminal is the default; with no terminal attached
// (a pipe, CI) the demo plays its tour headless and prints the transcript instead.
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <string>

#include <unistd.h>

#include "cli.hpp"
#include "frontends/script/script_frontend.hpp"
#include "game/continue_file.hpp"
#include "game/kept_scores.hpp"
#include "game/tour.hpp"

#ifdef STRATA_DEMO_HAS_CURSES
#include "frontends/terminal/terminal_frontend.hpp"
#endif
#ifdef STRATA_DEMO_HAS_SDL
#include "frontends/sdl/sdl_frontend.hpp"
#endif

namespace {

// Scripts and the tour replay the same run by default; a player gets a new one each time.
constexpr std::uint64_t scripted_seed = 1;

std::uint64_t player_seed(const demo::command_line& options) {
  return options.seed.value_or(static_cast<std::uint64_t>(std::time(nullptr)));
}

// A player's best scores are kept between runs; scripts and the tour neither read nor write
// them, so that their transcripts stay the same wherever they run.
[[maybe_unused]] demo::kept_scores player_scores() {
  const auto file = demo::best_scores_file();
  return file ? demo::kept_scores(*file) : demo::kept_scores{};
}

// What a run continues from and saves to. A player's run (the terminal, the window without a
// script) keeps its saved game in continue.txt; a script or the tour only in the files its
// options name, so that their transcripts stay the same wherever they run.
demo::continue_files saved_games(const demo::command_line& options, bool player) {
  demo::continue_files files;
  if (!options.continue_from.empty()) {
    files.continuing = demo::read_continuation(options.continue_from);
  } else if (options.continue_saved) {
    const auto file = demo::continue_file();
    files.continuing = file ? demo::read_continuation(*file)
                            : demo::continuation{{},
                                                 "nowhere to find a saved game (neither "
                                                 "XDG_DATA_HOME nor HOME is set)"};
  }
  if (!options.save_to.empty()) {
    files.save_to = options.save_to;
  } else if (player) {
    files.save_to = demo::continue_file();
  }
  return files;
}

demo::headless_options headless(const demo::command_line& options) {
  return {options.seed.value_or(scripted_seed),
          80,
          25,
          options.print_screen,
          options.print_snapshots,
          saved_games(options, false),
          options.trace};
}

int play_tour(const demo::command_line& options) {
  std::string error;
  const auto tour = demo::parse_script(demo::tour_script(), error);
  if (!tour) {
    std::fprintf(stderr, "strata-demo: the tour: %s\n", error.c_str());
    return 1;
  }
  return demo::run_headless(*tour, headless(options));
}

int play_sdl([[maybe_unused]] const demo::command_line& options) {
#ifdef STRATA_DEMO_HAS_SDL
  const std::uint64_t seed =
      options.keys ? options.seed.value_or(scripted_seed) : player_seed(options);
  const bool player = !options.keys;
  return demo::run_sdl({options.keys, seed, options.screenshot, options.font, options.window_width,
                        options.window_height, player ? player_scores() : demo::kept_scores{},
                        saved_games(options, player), options.trace, options.inspector});
#else
  std::fprintf(stderr, "strata-demo: built without SDL2 (install libsdl2-dev and "
                       "libsdl2-ttf-dev, then configure again)\n");
  return 2;
#endif
}

[[maybe_unused]] bool has_terminal() {
  return isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1;
}

} // namespace

int main(int argc, char** argv) {
  int exit_status = 0;
  const auto options = demo::parse_command_line(argc, argv, exit_status);
  if (!options) {
    return exit_status;
  }
  if (options->sdl) {
    return play_sdl(*options);
  }
  if (options->keys) {
    return demo::run_headless(*options->keys, headless(*options));
  }
#ifdef STRATA_DEMO_HAS_CURSES
  // --print-screen and --print-snapshots ask for a headless run: without a script, the tour's.
  if (!options->tour && !options->print_screen && !options->print_snapshots && has_terminal()) {
    return demo::run_terminal(player_seed(*options), player_scores(), saved_games(*options, true),
                              options->trace);
  }
#endif
  if (options->continue_saved) {
    std::fprintf(stderr, "strata-demo: --continue is a player's: it needs a terminal, or --sdl\n");
    return 2;
  }
  return play_tour(*options);
}
