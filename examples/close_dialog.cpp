// close_dialog: a state that closes itself by its identity, not by popping whatever is on top.
//
// A timed question closes itself when its time runs out. In the same update pass, the tutorial
// at the bottom (its update_always runs first, whatever covers it) sees the question about to
// expire and pushes a hint over it. pop() pops the staged top: the hint, dropped before it was
// ever shown, and the question, which closes itself only once, stays open for good. close(id)
// pops the question's entry and everything staged above it, its hint included, whatever was
// pushed since. The question finds its own id with id_of(*this), without keeping the handle
// push() returned; every entry gets a new id, never reused. The same game is played twice,
// closing with pop() and then with close(id); each frame prints the steps an observer saw (with
// each entry's id), then the stack the frame ended with. At the end the game closes the
// question by the id push() returned: a close of an entry no longer staged does nothing and
// returns false.
#include <cstdio>
#include <string>
#include <string_view>

#include <strata/strata.hpp>

namespace {

struct game {
  bool close_by_id = false;
  double time_left = 0; // the question's, for the tutorial to watch
  bool hinted = false;
  // Declared last, so destroyed first: the exit hooks it runs then can still use the above.
  strata::stack<game> states{*this};
};

struct hint {
  static constexpr strata::modality modality = strata::modality::transparent;
};

// Watches the player from the bottom: pushes a hint when a question is about to time out.
struct tutorial {
  void update_always(game& g, double) {
    if (!g.hinted && g.time_left > 0 && g.time_left <= 0.5) {
      g.hinted = true;
      g.states.push<hint>();
    }
  }
};

struct level {};

// Closes itself once, when its time is up, and then waits for its exit.
struct question {
  static constexpr strata::modality modality = strata::modality::freeze;
  bool closed = false;

  void enter(game& g) { g.time_left = 0.5; }
  void update(game& g, double dt) {
    g.time_left -= dt;
    if (closed || g.time_left > 0) {
      return;
    }
    closed = true;
    std::printf("    question: time is up, closing itself with %s\n",
                g.close_by_id ? "close(id)" : "pop()");
    if (g.close_by_id) {
      g.states.close(g.states.id_of(*this));
    } else {
      g.states.pop();
    }
  }
};

void log_step(const strata::step_info& info) {
  std::printf("    %s %s#%llu\n", std::string(strata::to_string(info.step)).c_str(),
              std::string(info.state).c_str(), static_cast<unsigned long long>(info.id));
}

void play(bool close_by_id) {
  std::printf("closing with %s\n", close_by_id ? "close(id)" : "pop()");
  game g;
  g.close_by_id = close_by_id;
  g.states.push<tutorial>();
  g.states.push<level>();
  const strata::entry_id asked = g.states.push<question>().id();
  g.states.commit();
  std::printf("  => %s\n", g.states.describe().c_str());
  g.states.set_observer(log_step);
  for (int frame = 1; frame <= 2; ++frame) {
    std::printf("  frame %d\n", frame);
    g.states.frame(0.5);
    std::printf("  => %s\n", g.states.describe().c_str());
  }
  g.states.set_observer(nullptr);
  const bool was_staged = g.states.close(asked);
  std::printf("  later, close(question#%llu): %s\n\n", static_cast<unsigned long long>(asked),
              was_staged ? "true, it was still open" : "false, it is gone: nothing done");
}

} // namespace

int main() {
  play(false);
  play(true);
  return 0;
}
