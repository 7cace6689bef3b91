// bench/scenarios/memory_main.cpp: strata_bench_memory, the memory figures: S5's bytes per stack
// (100,000 stacks 4 deep, object and heap) and S6's bytes of overhead per entry beyond the state
// object, for strata and every baseline, plus sizeof each empty stack. Prints one JSON object for
// bench/run.
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <map>
#include <string>
#include <string_view>

#include "../alloc_counter.hpp"
#include "../subjects.hpp"
#include "workloads.hpp"

namespace {

constexpr std::size_t s5_stacks = 100'000;
constexpr std::array<std::size_t, 4> s6_entries = {4, 8, 64, 1000};

class json_object {
public:
  void add(std::string_view key, double value) { add_raw(key, std::to_string(value)); }
  void add(std::string_view key, const json_object& value) { add_raw(key, value.text()); }
  [[nodiscard]] std::string text() const { return "{" + body_ + "}"; }

private:
  void add_raw(std::string_view key, const std::string& json) {
    body_ += (body_.empty() ? "\"" : ", \"") + std::string(key) + "\": " + json;
  }
  std::string body_;
};

// Counts the bytes strata asks of its memory, exactly as requested, and how many blocks of each
// size it holds (to tell the pool's chunks from the arrays).
class counting_resource {
public:
  [[nodiscard]] std::size_t live_bytes() const { return live_bytes_; }
  [[nodiscard]] const std::map<std::size_t, std::size_t>& live_blocks() const { return blocks_; }

  void* allocate(std::size_t bytes, std::size_t alignment) {
    void* block = upstream_.allocate(bytes, alignment);
    live_bytes_ += bytes;
    ++blocks_[bytes];
    return block;
  }
  void deallocate(void* block, std::size_t bytes, std::size_t alignment) noexcept {
    upstream_.deallocate(block, bytes, alignment);
    live_bytes_ -= bytes;
    if (--blocks_[bytes] == 0) {
      blocks_.erase(bytes);
    }
  }

private:
  strata::memory upstream_; // new and delete
  std::size_t live_bytes_ = 0;
  std::map<std::size_t, std::size_t> blocks_;
};

// A state with a body, so the pool's rounding of tiny objects does not count as overhead.
struct sized_state : bench::plain_state {
  std::array<std::byte, 32> payload{};
};

// Fills the stack to `count`, empties it and fills it again, so that every pool and array has
// reached the size it keeps, and runs a pass so that strata's pass lists exist.
template <class Stack>
void fill_steady(Stack& stack, std::size_t count) {
  for (int round = 0; round < 2; ++round) {
    if (round > 0) {
      for (std::size_t i = 0; i < count; ++i) {
        stack.pop();
      }
      stack.commit();
    }
    for (std::size_t i = 0; i < count; ++i) {
      stack.push();
    }
    stack.commit();
    stack.update(bench::frame_dt);
  }
}

// strata with 32-byte states: measured through options::memory, as S6 asks, and a bench subject
// on new and delete for S5's memory target.
struct strata_sized_stack {
  static constexpr std::string_view label = "strata, 32-byte states";
  static constexpr std::size_t state_bytes_per_push = sizeof(sized_state);

  explicit strata_sized_stack(strata::memory memory)
      : states(strata::options{.memory = memory}) {}
  explicit strata_sized_stack(std::size_t /*capacity: S5's 4 are within the defaults*/)
      : strata_sized_stack(strata::memory{}) {}
  void push() { states.push<sized_state>(); }
  void pop() { states.pop(); }
  void commit() { states.commit(); }
  void update(double dt) { states.update(dt); }
  strata::stack<> states;
};

struct strata_footprint {
  double overhead_per_entry;
  json_object live_blocks; // block size -> how many
};

strata_footprint measure_strata(std::size_t count) {
  counting_resource memory;
  strata_sized_stack stack(&memory);
  fill_steady(stack, count);
  const auto bytes = static_cast<double>(memory.live_bytes());
  json_object blocks;
  for (const auto& [size, blocks_of_size] : memory.live_blocks()) {
    blocks.add(std::to_string(size), static_cast<double>(blocks_of_size));
  }
  return {(bytes - static_cast<double>(count * sizeof(sized_state))) / static_cast<double>(count),
          blocks};
}

// Every subject, measured on the process heap (usable bytes, so allocator rounding counts):
// what pushing `count` states adds, less the state objects the design makes per push.
template <bench::subject S>
double heap_overhead_per_entry(std::size_t count) {
  S stack(count);
  const std::int64_t before = bench::heap_now().live_bytes;
  fill_steady(stack, count);
  const auto added = static_cast<double>(bench::heap_now().live_bytes - before);
  return added / static_cast<double>(count) - static_cast<double>(S::state_bytes_per_push);
}

// S5's stacks live in a deque, on the heap: what they add to it is each stack's object and its
// heap blocks, each counted once.
template <bench::subject S>
double bytes_per_stack() {
  const std::int64_t before = bench::heap_now().live_bytes;
  const bench::many_stacks<S> stacks(s5_stacks);
  const auto added = static_cast<double>(bench::heap_now().live_bytes - before);
  return added / static_cast<double>(stacks.units());
}

} // namespace

int main() {
  json_object s5_bytes;
  json_object s6_heap;
  bench::all_subjects::for_each([&]<class S>() {
    s5_bytes.add(S::label, bytes_per_stack<S>());
    s6_heap.add(S::label, heap_overhead_per_entry<S>(s6_entries.back()));
  });

  json_object strata_pmr;
  json_object strata_blocks;
  for (const std::size_t count : s6_entries) {
    const strata_footprint footprint = measure_strata(count);
    strata_pmr.add(std::to_string(count), footprint.overhead_per_entry);
    strata_blocks.add(std::to_string(count), footprint.live_blocks);
  }

  json_object empty_sizes;
  empty_sizes.add("strata", sizeof(strata::stack<>));
  empty_sizes.add("hand_loop", sizeof(bench::hand_loop));
  empty_sizes.add("linked_chain", sizeof(bench::linked_chain));
  empty_sizes.add("pending_list", sizeof(bench::pending_list));
  empty_sizes.add("array_manager", sizeof(bench::array_manager));

  // The parts of strata's cost per entry, for the analysis in docs/performance.md.
  json_object strata_parts;
  strata_parts.add("entry", sizeof(strata::detail::entry<strata::no_context, strata::no_event>));
  strata_parts.add("state", sizeof(sized_state));

  json_object all;
  all.add("s5_bytes_per_stack", s5_bytes);
  // Issue 12's S5 memory target counts stacks of four 32-byte states.
  all.add("s5_strata_bytes_per_stack_of_32_byte_states", bytes_per_stack<strata_sized_stack>());
  all.add("s6_heap_overhead_per_entry", s6_heap);
  all.add("s6_strata_overhead_per_entry", strata_pmr);
  all.add("s6_strata_live_blocks", strata_blocks);
  all.add("sizeof_empty_stack", empty_sizes);
  all.add("strata_parts", strata_parts);
  std::printf("%s\n", all.text().c_str());
  return 0;
}
