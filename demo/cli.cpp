// demo/cli.cpp: reading the command line with CLI11. CLI11 reports mistakes by throwing, so
// this file is built with exceptions even when the rest of the demo is not (STRATA_NO_EXCEPTIONS):
// nothing is thrown past parse_command_line.
#include "cli.hpp"

#include <charconv>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>
#include <system_error>

#include <CLI/CLI.hpp>

#include "game/session.hpp"

namespace demo {
namespace {

const char* const keys_help =
    "keys: arrows or WASD move/choose, Enter/Space confirm, Esc back, P pause, I inventory,\n"
    "      Tab stack overlay, Y/N answer, Q quit\n";

const char* const saved_game_help =
    "saved game: a player who quits in the middle of a game (Ctrl-C in the terminal, closing\n"
    "      the window) finds it in $XDG_DATA_HOME/strata-demo/continue.txt, and --continue\n"
    "      goes on from there; quitting from the title removes it. A script or the tour\n"
    "      neither reads nor writes it: --continue-from and --save-to name their files\n";

const char* const best_scores_help =
    "best scores: the game played by a player keeps each place's best score in\n"
    "      $XDG_DATA_HOME/strata-demo/best_scores.txt (~/.local/share/strata-demo/ without\n"
    "      XDG_DATA_HOME); a script or the tour neither reads nor writes it\n";

// A directory opens as a stream on Linux and reads as nothing: it must be refused by name.
std::optional<std::string> read_file(const std::string& path, std::string& error) {
  std::error_code ignored;
  if (std::filesystem::is_directory(path, ignored)) {
    error = "the script " + path + " is a directory";
    return std::nullopt;
  }
  std::ifstream in(path);
  if (!in) {
    error = "cannot read the script " + path;
    return std::nullopt;
  }
  std::stringstream content;
  content << in.rdbuf();
  return content.str();
}

// The script named by --script or given by --keys, if either was given; false on a mistake.
bool read_script(const CLI::Option& file, const std::string& path, const CLI::Option& keys,
                 const std::string& inline_keys, command_line& out, std::string& error) {
  if (file.count() > 0) {
    const auto text = read_file(path, error);
    if (!text) {
      return false;
    }
    if (out.keys = parse_script(*text, error); !out.keys) {
      error = "the script " + path + ": " + error;
      return false;
    }
  } else if (keys.count() > 0) {
    if (out.keys = parse_script(inline_keys, error); !out.keys) {
      error = "--keys: " + error;
      return false;
    }
  }
  return true;
}

// CLI11 2.1 reads "-5" and numbers past 2^64 as some seed without a word: checked first here.
std::string whole_number(const std::string& text) {
  std::uint64_t value = 0;
  const char* end = text.data() + text.size();
  const auto [stop, problem] = std::from_chars(text.data(), end, value);
  return !text.empty() && problem == std::errc{} && stop == end
             ? std::string()
             : "needs a whole number from 0 to " +
                   std::to_string(std::numeric_limits<std::uint64_t>::max());
}

// "1600x1000": a window's size in pixels, within what a screen can hold. Nothing else may follow.
bool window_size(const std::string& text, int& width, int& height) {
  char after = 0;
  return std::sscanf(text.c_str(), "%dx%d%c", &width, &height, &after) == 2 && width >= 160 &&
         height >= 100 && width <= 16384 && height <= 16384;
}

} // namespace

std::optional<command_line> parse_command_line(int argc, char** argv, int& exit_status) {
  command_line out;
  std::string path;
  std::string inline_keys;
  std::uint64_t seed = 0;

  CLI::App app{"Strata Quest, the demo game of the strata library. With no option it plays in "
               "the terminal; without a terminal it plays its tour headless.",
               "strata-demo"};
  app.set_version_flag("--version", std::string("strata-demo ") + STRATA_DEMO_VERSION);
  auto* sdl = app.add_flag("--sdl", out.sdl, "play in an SDL2 window (if built with SDL2)");
  auto* script_file = app.add_option("--script", path,
                                     "play the keys in FILE headless and print the transcript "
                                     "(syntax below)")
                          ->type_name("FILE");
  auto* keys = app.add_option("--keys", inline_keys,
                              "the same with the keys given inline, "
                              "e.g. \"wait 60 enter\"")
                   ->type_name("KEYS")
                   ->excludes(script_file);
  auto* tour =
      app.add_flag("--tour", out.tour, "play the built-in tour headless and print the transcript")
          ->excludes(script_file)
          ->excludes(keys);
  auto* seed_option = app.add_option("--seed", seed,
                                     "seed of the game's chance (default: 1 with a script or the "
                                     "tour; the clock for a player)")
                          ->type_name("N")
                          ->check(whole_number);
  auto* print_screen = app.add_flag("--print-screen", out.print_screen,
                                    "headless: print the last frame drawn as text after the "
                                    "transcript (of the tour without a script)")
                           ->excludes(sdl);
  auto* print_snapshots =
      app.add_flag("--print-snapshots", out.print_snapshots,
                   "headless: after the transcript, print what a save would hold (the text of a "
                   "saved game) at each frame where the stack changed (of the tour without a "
                   "script)")
          ->excludes(sdl);
  auto* continue_from = app.add_option("--continue-from", out.continue_from,
                                       "start from the game saved in FILE (by --save-to, or a "
                                       "player's continue.txt) instead of the title")
                            ->type_name("FILE");
  app.add_flag("--continue", out.continue_saved,
               "continue the game saved when the player last quit in the middle of one")
      ->excludes(continue_from)
      ->excludes(script_file)
      ->excludes(keys)
      ->excludes(tour)
      ->excludes(print_screen)
      ->excludes(print_snapshots);
  app.add_option("--save-to", out.save_to,
                 "where the run's end (a script's end, a player's quit) saves the game, or "
                 "removes it if there is nothing to continue (a player's run: continue.txt "
                 "otherwise)")
      ->type_name("FILE");
  app.add_option("--trace", out.trace,
                 "write a Chrome trace of the run to FILE when it ends (its last " +
                     std::to_string(session_trace_events) +
                     " events: every hook call, request and step; open it in ui.perfetto.dev "
                     "or chrome://tracing)")
      ->type_name("FILE.json");
  app.add_flag("--inspector", out.inspector,
               "with --sdl: open the window with the stack inspector shown (F1 shows and hides "
               "it)")
      ->needs(sdl);
  app.add_option("--screenshot", out.screenshot,
                 "with --sdl: save the last frame drawn as a BMP file when the run ends")
      ->type_name("FILE.bmp")
      ->needs(sdl)
      ->check([](const std::string& name) {
        return name.ends_with(".bmp")
                   ? std::string()
                   : std::string("--screenshot writes BMP files (demo/tools/bmp_to_png.py "
                                 "converts them)");
      });
  app.add_option("--font", out.font, "with --sdl: the monospace TrueType font to draw with")
      ->type_name("FILE.ttf")
      ->needs(sdl);
  std::string window;
  auto* window_option =
      app.add_option("--window", window,
                     "with --sdl: the window's size in pixels at the start, e.g. 1600x1000 (the "
                     "game is scaled to fit it)")
          ->type_name("WxH")
          ->needs(sdl)
          ->check([](const std::string& size) {
            int w = 0;
            int h = 0;
            return window_size(size, w, h)
                       ? std::string()
                       : std::string("--window takes WxH, from 160x100 to 16384x16384");
          });
  app.footer(std::string(keys_help) + saved_game_help + best_scores_help + script_syntax);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) {
      exit_status = app.exit(e); // --help or --version, on stdout
      return std::nullopt;
    }
    std::fprintf(stderr, "strata-demo: %s (--help lists the options)\n", e.what());
    exit_status = 2;
    return std::nullopt;
  }
  if (seed_option->count() > 0) {
    out.seed = seed;
  }
  if (window_option->count() > 0) {
    window_size(window, out.window_width, out.window_height);
  }
  std::string error;
  if (!read_script(*script_file, path, *keys, inline_keys, out, error)) {
    std::fprintf(stderr, "strata-demo: %s (--help shows the script syntax)\n", error.c_str());
    exit_status = 2;
    return std::nullopt;
  }
  return out;
}

} // namespace demo
