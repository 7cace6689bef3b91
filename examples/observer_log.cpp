// observer_log: an observer that logs every step of a stack with its depth, the raw material of
// tracing and debugging tools.
//
// The observer is told after each step: push and pop (requests; depth in the staged stack),
// discard (a state dropped before it was ever entered), and the lifecycle hooks enter, exit,
// pause, resume, focus and unfocus (depth in the committed stack), told even for a state that
// does not have the hook. Steps are indented by depth. Focus moves once a commit has nothing
// left to do: the top it ends with gets focus, the top it started with gets unfocus (before its
// exit if it leaves), and a state revealed and covered again on the way (title) gets neither.
// The states here have no hooks of their own except `loader`, whose enter pushes another state:
// its push is reported before its enter, since a step is reported once it is over.
#include <cstdio>
#include <string>
#include <string_view>

#include <strata/strata.hpp>

namespace {

struct game;
using stack = strata::stack<game>;

struct game {
  stack states{*this};
};

struct system_state {
  static constexpr std::string_view name = "system";
};
struct title {};
struct world {};
struct options {};
struct audio {};
struct level {};

struct loader {
  void enter(game& g) { g.states.push<level>(); }
};

void log_step(const strata::step_info& info) {
  const std::string indent(2 * info.depth, ' ');
  std::printf("  %-8s %s%s @%zu\n", std::string(strata::to_string(info.step)).c_str(),
              indent.c_str(), std::string(info.state).c_str(), info.depth);
}

void commit(stack& states) {
  std::printf("commit\n");
  states.commit();
  std::printf("  => %s\n", states.describe().c_str());
}

} // namespace

int main() {
  game g;
  g.states.set_observer(log_step);

  std::printf("requests: push system, push title, push world\n");
  g.states.push<system_state>();
  g.states.push<title>();
  g.states.push<world>();
  commit(g.states);

  std::printf("requests: push options, pop (never entered: discarded)\n");
  g.states.push<options>();
  g.states.pop();
  commit(g.states);

  std::printf("requests: pop, push options, push audio\n");
  g.states.pop();
  g.states.push<options>();
  g.states.push<audio>();
  commit(g.states);

  std::printf("requests: pop_until title, push loader (its enter pushes level)\n");
  g.states.pop_until("title");
  g.states.push<loader>();
  commit(g.states);

  std::printf("requests: clear\n");
  g.states.clear();
  commit(g.states);
  return 0;
}
