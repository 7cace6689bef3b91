// bench/scenarios/s9_save_restore.cpp: S9, a stack 1,000 states deep saved and restored
// (save_restore.hpp has the work). Each operation is timed whole, one per clock reading: at a
// fraction of a millisecond or more, reading the thread's CPU clock costs little next to it.
// The allocations reported are those of one run after the workload's warm-up.
#include <cstddef>
#include <cstdint>
#include <string>

#include "harness.hpp"
#include "save_restore.hpp"
#include "scenarios.hpp"

namespace bench {
namespace {

constexpr std::int64_t depth = 1000;

// One whole operation per clock reading.
template <resettable W>
void time_whole(benchmark::State& state) {
  time_batches<W>(state, static_cast<std::size_t>(state.range(0)), 1);
}

// Named S9_save_restore/<operation>/<depth>: bench/run reads the operation where the other
// scenarios have a subject.
template <resettable W>
void register_operation(const char* operation) {
  const std::string name = std::string("S9_save_restore/") + operation;
  benchmark::RegisterBenchmark(name.c_str(), time_whole<W>)->Arg(depth)->UseManualTime();
}

} // namespace

void register_s9_save_restore() {
  using namespace save_restore;
  register_operation<save_stack>("save");
  register_operation<write_text>("to_text");
  register_operation<read_text>("parse");
  register_operation<restore_stack<false>>("restore");
  register_operation<restore_stack<true>>("restore_commit");
}

} // namespace bench
