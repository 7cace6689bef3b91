// presence_curves: the presence of each drawn state over time, for a push, a pop, a replace and
// a pop that interrupts an arrival. Every 0.05 s of update time it prints one row: the time and,
// for each state drawn, its name and presence. docs/tools/plot_presence.py draws these rows as
// the picture of docs/transitions.md, so the picture is what the stack does, not a sketch.
//
// The menu arrives in 0.3 s and leaves in 0.2 s (a push, then a pop); the title leaves in 0.4 s
// while the world arrives in 0.4 s (a replace: both are drawn, the world over the title); a
// dialog popped halfway through its 0.4 s arrival turns back from where it got to and leaves in
// its own 0.2 s, from 0.5, so it is gone after 0.1 s.
#include <cstdio>
#include <string>

#include <strata/strata.hpp>

namespace {

struct game {
  std::string row; // this draw's "name presence" pairs
  // Declared last, so destroyed first: the exit hooks it runs then can still use the above.
  strata::stack<game> states{*this};
};

// One state's cell of a row: " menu 0.500".
void show(game& g, const char* name, const strata::presence& p) {
  char cell[32];
  std::snprintf(cell, sizeof cell, " %s %.3f", name, static_cast<double>(p.value));
  g.row += cell;
}

struct level {
  void draw(game& g, const strata::presence& p) { show(g, "level", p); }
};
struct menu {
  static constexpr strata::modality modality = strata::modality::freeze;
  static constexpr strata::transition transition{.arrive = 0.3F, .leave = 0.2F};
  void draw(game& g, const strata::presence& p) { show(g, "menu", p); }
};
struct title {
  static constexpr strata::transition transition = strata::transition::fade(0.4F);
  void draw(game& g, const strata::presence& p) { show(g, "title", p); }
};
struct world {
  static constexpr strata::transition transition = strata::transition::fade(0.4F);
  void draw(game& g, const strata::presence& p) { show(g, "world", p); }
};
struct dialog {
  static constexpr strata::modality modality = strata::modality::freeze;
  static constexpr strata::transition transition{.arrive = 0.4F, .leave = 0.2F};
  void draw(game& g, const strata::presence& p) { show(g, "dialog", p); }
};

constexpr double step = 0.05;

// Commits, draws one row at time `t` (seconds since the curve began), then moves time on.
void sample(game& g, double t) {
  g.states.commit();
  g.row.clear();
  g.states.draw();
  std::printf("%.2f%s\n", t, g.row.c_str());
  g.states.update(step);
}

// Samples `count` steps from time `t`; returns the time after them.
double samples(game& g, double t, int count) {
  for (int i = 0; i < count; ++i, t += step) {
    sample(g, t);
  }
  return t;
}

} // namespace

int main() {
  game g;
  g.states.push<level>();
  g.states.commit();

  std::puts("curve push then pop");
  g.states.push<menu>();
  double t = samples(g, 0.0, 8);
  g.states.pop();
  samples(g, t, 6);

  std::puts("curve replace");
  g.states.clear();
  g.states.push<title>();
  g.states.commit();
  g.states.finish_transitions(); // the title is there: the curve starts at the replace
  g.states.replace<world>();
  samples(g, 0.0, 10);

  std::puts("curve pop while arriving");
  g.states.push<dialog>();
  t = samples(g, 0.0, 4);
  g.states.pop();
  samples(g, t, 4);
}
