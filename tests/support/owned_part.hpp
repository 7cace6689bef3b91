// tests/support/owned_part.hpp: a stack part (entry_stacks, pass_lists, cold_storage, ...) with
// the owner it has in a stack. The parts keep no pointer to the memory they allocate from: the
// stack hands it to the calls that allocate and has each part release() before it goes. This
// owner keeps the memory for the test's calls (`part.memory`) and releases at its end, also when
// an assertion ends the test early.
#pragma once

#include <strata/memory.hpp>

namespace strata_test {

template <class Part>
struct owned_part : Part {
  explicit owned_part(const strata::memory& from)
      : memory(from) {}
  owned_part(const owned_part&) = delete;
  owned_part& operator=(const owned_part&) = delete;
  owned_part(owned_part&&) = delete;
  owned_part& operator=(owned_part&&) = delete;
  ~owned_part() { this->release(memory); }
  const strata::memory& memory;
};

} // namespace strata_test
