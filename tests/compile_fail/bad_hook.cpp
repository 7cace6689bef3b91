// tests/compile_fail/bad_hook.cpp: must NOT compile (R17): a member named like a hook that strata
// cannot call is an error, not a hook skipped in silence. Built with -DSTRATA_CONTROL it must
// compile, which proves the failure comes from the hook and not from anything else here.
#include <strata/strata.hpp>

struct game {};

struct bad_state {
#ifdef STRATA_CONTROL
  void enter(game&) {}
#else
  void enter(int) {}
#endif
};

int main() {
  game context;
  strata::stack<game> states{context};
  states.push<bad_state>();
  states.commit();
}
