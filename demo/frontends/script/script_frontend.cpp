// demo/frontends/script/script_frontend.cpp: playing a script without a display.
#include "script_frontend.hpp"

#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "../../game/session.hpp"

namespace demo {

namespace {

// What a save would hold at one frame: the frame and its stack, then the saved game's text.
struct snapshot_stop {
  std::uint64_t frame;
  std::string stack;
  std::string saved;
};

void print_snapshots(const std::vector<snapshot_stop>& stops) {
  std::printf("--- snapshots ---\n");
  for (const snapshot_stop& stop : stops) {
    std::printf("frame %llu: %s\n%s\n", static_cast<unsigned long long>(stop.frame),
                stop.stack.c_str(),
                stop.saved.empty() ? "(nothing to continue)\n" : stop.saved.c_str());
  }
}

} // namespace

int run_headless(const script& inputs, const headless_options& options) {
  session run(options.seed, {}, options.saves.continuing, !options.trace.empty());
  run.wait_for_loads_each_frame();
  std::vector<snapshot_stop> stops;
  // The frame that ends the game (Q on the title empties the stack) draws nothing: the screen
  // to print is the last one a state drew, so each frame is drawn on `next` and kept only
  // while the game runs.
  cell_grid screen(options.width, options.height);
  cell_grid next(options.width, options.height);
  std::vector<input_event> events;
  for (const auto& pressed : inputs.frames) {
    events.clear();
    if (pressed) {
      events.push_back({*pressed});
    }
    run.step(events, next);
    if (!run.running()) {
      break;
    }
    std::swap(screen, next);
    if (options.print_snapshots && (stops.empty() || stops.back().stack != run.describe())) {
      stops.push_back({run.frame(), run.describe(), run.saved_game()});
    }
  }
  keep_saved_game(options.saves.save_to, run.saved_game());
  run.keep_trace(options.trace);
  for (const std::string& line : run.log().lines()) {
    std::printf("%s\n", line.c_str());
  }
  if (options.print_snapshots) {
    print_snapshots(stops);
  }
  if (options.print_screen) {
    std::printf("--- screen ---\n");
    for (int y = 0; y < screen.height(); ++y) {
      std::string row = screen.row(y);
      row.erase(row.find_last_not_of(' ') + 1);
      std::printf("%s\n", row.c_str());
    }
  }
  return 0;
}

} // namespace demo
