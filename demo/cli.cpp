// demo/cli.cpp: reading the command line.
#include "cli.hpp"

#include <charconv>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string_view>
#include <system_error>

namespace demo {

const char* const usage =
    "usage: strata-demo [options]\n"
    "  (no option)         play in the terminal; without a terminal, play the tour headless\n"
    "  --sdl               play in an SDL2 window (if built with SDL2)\n"
    "  --script FILE       play the keys in FILE at a fixed time step, print the transcript\n"
    "  --keys \"KEYS\"       the same with the keys given inline, e.g. \"wait 60 enter\"\n"
    "  --tour              play the built-in tour headless and print the transcript\n"
    "  --seed N            seed of the game's chance (default 1)\n"
    "  --print-screen      headless: print the last frame as text after the transcript\n"
    "  --screenshot FILE   with --sdl and a script: save the last frame as a BMP file\n"
    "  --font FILE         with --sdl: the monospace TrueType font to draw with\n"
    "keys: arrows move/choose, Enter/Space confirm, Esc back, P pause, I inventory,\n"
    "      Tab stack overlay, Y/N answer, Q quit\n";

namespace {

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

} // namespace

std::optional<command_line> parse_command_line(int argc, char** argv, std::string& error) {
  command_line out;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    const bool has_value = i + 1 < argc;
    if (arg == "--help" || arg == "-h") {
      out.help = true;
    } else if (arg == "--sdl") {
      out.sdl = true;
    } else if (arg == "--tour") {
      out.tour = true;
    } else if (arg == "--print-screen") {
      out.print_screen = true;
    } else if (arg == "--script" && has_value) {
      const auto text = read_file(argv[++i], error);
      if (!text) {
        return std::nullopt;
      }
      if (out.keys = parse_script(*text, error); !out.keys) {
        error = "the script " + std::string(argv[i]) + ": " + error;
        return std::nullopt;
      }
    } else if (arg == "--keys" && has_value) {
      if (out.keys = parse_script(argv[++i], error); !out.keys) {
        error = "--keys: " + error;
        return std::nullopt;
      }
    } else if (arg == "--seed" && has_value) {
      const std::string_view text = argv[++i];
      std::uint64_t seed = 0;
      const auto [end, problem] = std::from_chars(text.data(), text.data() + text.size(), seed);
      if (problem != std::errc{} || end != text.data() + text.size()) {
        error = "--seed needs a number";
        return std::nullopt;
      }
      out.seed = seed;
    } else if (arg == "--screenshot" && has_value) {
      out.screenshot = argv[++i];
      if (!out.screenshot.ends_with(".bmp")) {
        error = "--screenshot writes BMP files (demo/tools/bmp_to_png.py converts them)";
        return std::nullopt;
      }
    } else if (arg == "--font" && has_value) {
      out.font = argv[++i];
    } else {
      error = "unknown or incomplete option '" + std::string(arg) + "'";
      return std::nullopt;
    }
  }
  return out;
}

} // namespace demo
