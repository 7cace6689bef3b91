// tests/compile_fail/bad_time_scale.cpp: must NOT compile (R32): a type that declares a negative
// (or infinite, or NaN) time scale is an error where it is pushed. Built with -DSTRATA_CONTROL,
// with a valid scale, it must compile.
#include <strata/strata.hpp>

struct slow_menu {
#ifdef STRATA_CONTROL
  static constexpr float time_scale = 0.5F;
#else
  static constexpr float time_scale = -0.5F;
#endif
  void update(double /*dt*/) {}
};

int main() {
  strata::stack<> states;
  states.push<slow_menu>();
  states.commit();
}
