// tests/compile_fail/bad_transition.cpp: must NOT compile (R33): a type that declares a
// transition with a negative (or infinite, or NaN) duration is an error where it is pushed.
// Built with -DSTRATA_CONTROL, with valid durations, it must compile.
#include <strata/strata.hpp>

struct fading_menu {
#ifdef STRATA_CONTROL
  static constexpr strata::transition transition{.arrive = 0.25F, .leave = 0.5F};
#else
  static constexpr strata::transition transition{.arrive = 0.25F, .leave = -0.5F};
#endif
  void draw() {}
};

int main() {
  strata::stack<> states;
  states.push<fading_menu>();
  states.commit();
}
