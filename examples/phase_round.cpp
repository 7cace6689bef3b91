// phase_round: a round made of phases, pushed in one call with push_first_on_top.
//
// The round state sits at the bottom. When it is on top (entered, or resumed because the last
// phase finished) it pushes the whole next round at once: banner, place turrets, banner, fire,
// banner, rebuild, summary. The first listed ends on top and plays first, so the call reads in the
// order the round plays. Each phase pops itself when it is done, which reveals the next one. After
// three rounds the round state pops itself and the program ends.
//
// Phases start working on their first update, not in enter: push_first_on_top enters all of them
// in one commit (bottom up), long before most of them play. The transcript prints each frame: the
// stack it ended with (describe()), then in order what the phases did and the lifecycle hooks the
// stack ran (as an observer saw them, one line per run of hooks).
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
  std::vector<std::string> news; // what happened this frame; runs of hooks share lines
  bool last_was_hook = false;
  // Declared last, so destroyed first: the exit hooks it runs then can still use the above.
  strata::stack<battle> states{*this};

  void report(std::string line) {
    news.push_back(std::move(line));
    last_was_hook = false;
  }
  void report_hook(std::string_view state, strata::step step) {
    const std::string hook = std::string(state) + "." + std::string(strata::to_string(step));
    if (last_was_hook && news.back().size() + hook.size() < 92) {
      news.back() += ", " + hook;
    } else {
      news.push_back(hook);
    }
    last_was_hook = true;
  }
};

// Shows a line of text for one update.
struct banner {
  std::string text;

  explicit banner(std::string shown)
      : text(std::move(shown)) {}
  void update(battle& b, double) {
    b.report("banner: " + text);
    b.states.pop();
  }
};

// Places one turret per update, two per round.
struct place_turrets {
  int left = 2;

  void update(battle& b, double) {
    ++b.turrets;
    b.report("place_turrets: turret " + std::to_string(b.turrets) + " placed");
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
    b.report("fire: volley, " + std::to_string(b.enemies) + " enemies left");
    if (--volleys == 0) {
      b.wall -= 5 * b.enemies;
      b.states.pop();
    }
  }
};

struct rebuild {
  void update(battle& b, double) {
    b.wall = std::min(100, b.wall + 10);
    b.report("rebuild: wall back to " + std::to_string(b.wall));
    b.states.pop();
  }
};

struct summary {
  void update(battle& b, double) {
    b.report("summary: round " + std::to_string(b.round) + " over, wall at " +
             std::to_string(b.wall));
    b.states.pop();
  }
};

// The bottom state: whenever it is on top, the previous round is over. (Not called `round`, which
// the C library may declare too; the name it shows is given here.)
struct round_state {
  static constexpr std::string_view name = "round";
  static constexpr int last = 3;

  void enter(battle& b) { start_next(b); }
  void resume(battle& b) { start_next(b); }

  static void start_next(battle& b) {
    if (b.round == last) {
      b.states.pop(); // all rounds played
      return;
    }
    ++b.round;
    b.enemies = 6 * b.round;
    const std::string title = "ROUND " + std::to_string(b.round);
    // Carried out by the commit that is entering or resuming this state.
    b.states.push_first_on_top(
        banner{title + ": build (" + std::to_string(b.enemies) + " enemies coming)"},
        place_turrets{}, banner{title + ": fire"}, fire{}, banner{title + ": rebuild"}, rebuild{},
        summary{});
  }
};

} // namespace

int main() {
  battle b;
  b.states.set_observer([&b](const strata::step_info& info) {
    const bool lifecycle = info.step != strata::step::push && info.step != strata::step::pop &&
                           info.step != strata::step::discard;
    if (lifecycle) {
      b.report_hook(info.state, info.step);
    }
  });
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
    b.last_was_hook = false;
  } while (!b.states.empty());
  return 0;
}
