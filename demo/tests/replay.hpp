// demo/tests/replay.hpp: what the checkers that replay a script share: reading the script and
// playing it headless as the front ends do (seed 1, the scripts' default), frame by frame. A
// scripted run keeps no best scores; a checker of the scores passes the ones to keep.
#pragma once

#include <cstdio>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "../game/kept_scores.hpp"
#include "../game/script.hpp"
#include "../game/session.hpp"

namespace demo::testing {

// Empty with `error` set if the file cannot be read or parsed.
inline std::optional<script> read_script(const std::string& path, std::string& error) {
  std::ifstream in(path);
  if (!in) {
    error = "cannot read " + path;
    return std::nullopt;
  }
  std::stringstream text;
  text << in.rdbuf();
  return parse_script(text.str(), error);
}

// For a checker whose one argument is a script: the script, or empty after printing why (the
// usage, naming `expected`, or the file's error).
inline std::optional<script> script_argument(int argc, char** argv, const char* expected) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s %s\n", argv[0], expected);
    return std::nullopt;
  }
  std::string error;
  auto inputs = read_script(argv[1], error);
  if (!inputs) {
    std::fprintf(stderr, "%s: %s\n", argv[1], error.c_str());
  }
  return inputs;
}

// Plays `inputs` on `screen`, calling on_frame(frame) after each frame is drawn (frame counts
// from 1); stops early when on_frame returns false or the game ends.
template <class OnFrame>
void replay(const script& inputs, cell_grid& screen, OnFrame on_frame, kept_scores scores = {}) {
  session run(1, std::move(scores));
  run.wait_for_loads_each_frame();
  std::vector<input_event> events;
  for (std::size_t frame = 0; frame < inputs.frames.size() && run.running(); ++frame) {
    events.clear();
    if (const auto& pressed = inputs.frames[frame]) {
      events.push_back({*pressed});
    }
    run.step(events, screen);
    if (!on_frame(frame + 1)) {
      return;
    }
  }
}

// Plays `inputs` until the script or the game ends: `screen` holds the last frame.
inline void play_to_end(const script& inputs, cell_grid& screen, kept_scores scores = {}) {
  replay(
      inputs, screen, [](std::size_t) { return true; }, std::move(scores));
}

} // namespace demo::testing
