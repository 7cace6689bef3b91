// trace_flow: a short game flow recorded by a trace_recorder (R36) and printed as the text
// timeline a bug report would carry; `trace_flow out.json` also writes the Chrome trace, which
// ui.perfetto.dev and chrome://tracing open (docs/debugging.md).
//
// The recorder is a probe: installed with set_probe(), it hears of every hook call (begin and
// end), every request and where it came from (a hook, or outside any), every step and every
// frame. Here a title replaces itself with the world from its update, the world's enter pushes
// the level it loads, the game opens a pause menu between frames 2 and 3, and the menu's handle
// closes it on a key in frame 4. The durations are left out, so that the output is the same on
// every run. At the end, "the stack as it was at frame 2" is rebuilt from the recorded events:
// a request made after a frame's end counts in that frame, so its staged view holds the menu.
#include <cstdio>
#include <span>
#include <string>

#include <strata/strata.hpp>
#include <strata/trace_chrome.hpp>
#include <strata/trace_recorder.hpp>
#include <strata/trace_timeline.hpp>

namespace {

struct game;
struct key {
  char pressed;
};
using stack = strata::stack<game, key>;

struct game {
  stack states{*this};
  int frames = 0;
};

struct level {
  void draw() {}
};

struct world {
  void enter(game& g) { g.states.push<level>(); }
  void draw() {}
};

struct title {
  void update(game& g, double /*dt*/) {
    if (g.frames == 1) {
      g.states.replace<world>();
    }
  }
};

struct pause_menu {
  static constexpr strata::modality modality = strata::modality::freeze;
  bool handle(game& g, const key& k) {
    if (k.pressed == 'p') {
      g.states.pop();
    }
    return true;
  }
  void draw() {}
};

} // namespace

int main(int argc, char** argv) {
  game g;
  strata::trace_recorder recorder{1024};
  g.states.set_probe(&recorder);
  g.states.push<title>();
  const key pause_key{'p'};
  for (g.frames = 1; g.frames <= 4; ++g.frames) {
    if (g.frames == 3) {
      g.states.push<pause_menu>(); // the game opens the menu between frames
    }
    g.states.frame(0.016,
                   g.frames == 4 ? std::span<const key>{&pause_key, 1} : std::span<const key>{});
  }
  g.states.set_probe(nullptr);

  std::fputs(strata::to_timeline(recorder, {.durations = false}).c_str(), stdout);
  if (const auto at = recorder.stack_at(2)) {
    std::printf("\nat the end of frame 2: %s (staged: %s)\n", at->describe().c_str(),
                at->describe_staged().c_str());
  }
  if (argc > 1) {
    if (std::FILE* out = std::fopen(argv[1], "wb")) {
      const std::string json = strata::to_chrome_trace(recorder);
      std::fwrite(json.data(), 1, json.size(), out);
      std::fclose(out);
      std::printf("wrote %s\n", argv[1]);
    }
  }
}
