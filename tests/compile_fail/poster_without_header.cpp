// tests/compile_fail/poster_without_header.cpp: must NOT compile (R35): stack::poster() without
// <strata/poster.hpp>, which strata.hpp leaves out, says which header it needs. Built with
// -DSTRATA_CONTROL, which includes it, it must compile.
#include <strata/strata.hpp>
#ifdef STRATA_CONTROL
#include <strata/poster.hpp>
#endif

int main() {
  strata::stack<> states;
  auto door = states.poster();
  (void)door;
}
