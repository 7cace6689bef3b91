// phase_round: rounds made of phases pushed in one call, ported line for line from the seed's
// Rampart-like round (the D StateStack, whose enter and exit run when a state becomes and stops
// being the running top).
//
// round_state sits at the bottom. Whenever it becomes the top (first, then each time the last
// phase of a round pops itself) its focus, where the seed's enter ran, pushes the whole next
// round at once with push_first_on_top: banner, place turrets, banner, fire, banner, rebuild,
// summary. The first listed ends on top and plays first, so the call reads in the order the
// round plays. Each phase pops itself when it is done, which reveals the next. After three
// rounds the round state pops itself and the program ends.
//
// A phase starts in focus and finishes in unfocus, the seed's enter and exit: the banner shows
// when it becomes the top, rebuild starts its timer then and marks off the enclosed keep when it
// stops being the top. (enter runs at the push, for the whole round in one commit.) Each round
// plays in the seed's 9 frames. frame() commits after its update pass too, so the phase a pop
// reveals gets its focus in that frame and its first update in the next. The transcript prints
// each frame: the stack it ended with, then in order what the hooks did, each named.
#include <algorithm>
#include <cstdio>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <strata/strata.hpp>

namespace {

// The context: the stack, the battlefield every phase works on, and the frame's transcript.
struct battle {
  int round = 0;
  int turrets = 0;
  int enemies = 0;
  int wall = 100;
  std::vector<std::string> news; // what the hooks did this frame
  // Declared last, so destroyed first: the exit hooks it runs then can still use the above.
  strata::stack<battle> states{*this};

  void report(std::string_view hook, const std::string& what) {
    news.push_back(std::string(hook) + ": " + what);
  }
};

// Shows a line of text from the moment it is the top, for one update.
struct banner {
  std::string text;

  explicit banner(std::string shown)
      : text(std::move(shown)) {}
  void focus(battle& b) { b.report("banner.focus", text); }
  void update(battle& b, double) { b.states.pop(); }
};

// Places one turret per update, two per round.
struct place_turrets {
  int left = 2;

  void update(battle& b, double) {
    ++b.turrets;
    b.report("place_turrets.update", "turret " + std::to_string(b.turrets) + " placed");
    if (--left == 0) {
      b.states.pop();
    }
  }
};

// Two volleys, each turret hitting one enemy; then the survivors reach the wall.
struct fire {
  int volleys = 2;

  void update(battle& b, double) {
    b.enemies = std::max(0, b.enemies - b.turrets);
    b.report("fire.update", "volley, " + std::to_string(b.enemies) + " enemies left");
    if (--volleys == 0) {
      b.wall -= 5 * b.enemies;
      b.states.pop();
    }
  }
};

// Mends the wall for as long as its timer, started when it becomes the top, runs; what the
// wall encloses is counted when it stops being the top.
struct rebuild {
  int updates_left = 0;

  void focus(battle& b) {
    updates_left = 1;
    b.report("rebuild.focus", "wall at " + std::to_string(b.wall) + ", timer started");
  }
  void update(battle& b, double) {
    b.wall = std::min(100, b.wall + 10);
    b.report("rebuild.update", "wall mended to " + std::to_string(b.wall));
    if (--updates_left == 0) {
      b.states.pop();
    }
  }
  void unfocus(battle& b) {
    b.report("rebuild.unfocus", b.wall == 100 ? "the keep is enclosed" : "the keep is open");
  }
};

struct summary {
  void update(battle& b, double) {
    b.report("summary.update",
             "round " + std::to_string(b.round) + " over, wall at " + std::to_string(b.wall));
    b.states.pop();
  }
};

// The bottom state: whenever it becomes the top, the previous round is over. (Not called
// `round`, which the C library may declare too; the name it shows is given here.)
struct round_state {
  static constexpr std::string_view name = "round";
  static constexpr int last = 3;

  void focus(battle& b) {
    if (b.round == last) {
      b.report("round.focus", "all rounds played");
      b.states.pop();
      return;
    }
    ++b.round;
    b.enemies = 6 * b.round;
    b.report("round.focus", "round " + std::to_string(b.round) + " pushed");
    const std::string title = "ROUND " + std::to_string(b.round);
    // Carried out by the commit that gave this state the focus, which then moves to the banner.
    b.states.push_first_on_top(
        banner{title + ": build (" + std::to_string(b.enemies) + " enemies coming)"},
        place_turrets{}, banner{title + ": fire"}, fire{}, banner{title + ": rebuild"}, rebuild{},
        summary{});
  }
};

} // namespace

int main() {
  battle b;
  b.states.push<round_state>();

  int frame = 0;
  do {
    ++frame;
    b.states.frame(0.1);
    std::printf("frame %d: %s\n", frame, b.states.describe().c_str());
    for (const std::string& line : b.news) {
      std::printf("    %s\n", line.c_str());
    }
    b.news.clear();
  } while (!b.states.empty());
  std::printf("played in %d frames\n", frame);
  return 0;
}
