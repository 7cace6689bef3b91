// tests/c/internals_test.cpp: white-box checks of the C API library (src/): nothing of a C
// stack comes from the global operator new, the memory adapter honours any alignment,
// strata_describe() writes what strata::stack::describe() returns, and which C++ type a C state
// gets.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <new>
#include <string>

#include <gtest/gtest.h>
#include <strata/error.hpp>
#include <strata/strata.h>

#include "c_memory.hpp"
#include "c_stack.hpp"

namespace {
// Counts the global operator new while a test asks for it.
bool counting_news = false;
long global_news = 0;
} // namespace

void* operator new(std::size_t size) {
  if (counting_news) {
    ++global_news;
  }
  if (void* memory = std::malloc(size == 0 ? 1 : size)) {
    return memory;
  }
  throw std::bad_alloc();
}
void operator delete(void* memory) noexcept {
  std::free(memory);
}
void operator delete(void* memory, std::size_t /*size*/) noexcept {
  std::free(memory);
}

namespace {

void tick(strata_stack* /*stack*/, void* /*env*/, void* /*data*/, double /*dt*/) {}
int consume(strata_stack* stack, void* /*env*/, void* /*data*/, const void* /*event*/) {
  strata_pop(stack);
  return 1;
}
void observe(strata_stack* /*stack*/, void* user, int /*step*/, const char* /*name*/,
             std::size_t /*depth*/) {
  ++*static_cast<int*>(user);
}

const strata_state plain = {"plain", nullptr, nullptr, nullptr, nullptr, tick,    tick,
                            nullptr, consume, nullptr, 0,       nullptr, nullptr, nullptr,
                            0.0F,    0.0F,    0.0F,    0,       nullptr};

TEST(capi_internals, a_session_never_uses_the_global_operator_new) {
  counting_news = true;
  strata_stack* stack = nullptr;
  ASSERT_EQ(strata_create(&stack, nullptr, nullptr), STRATA_OK);
  int steps = 0;
  strata_set_observer(stack, observe, &steps);
  // The second arrives and leaves over time (R33): a transition lives in the stack's memory too.
  const strata_item items[2] = {
      {&plain, nullptr, "a copied name", STRATA_LIVE, 0.5F, 0.0F, 0.0F, 0},
      {&plain, nullptr, nullptr, 0, 0.0F, 0.25F, 0.25F, STRATA_TRANSITION_SET}};
  strata_push_several(stack, items, 2);
  const int key = 0;
  const void* events[] = {&key};
  strata_frame_events(stack, 0.5, events, 1);
  char line[64];
  strata_describe(stack, line, sizeof line);
  strata_push_item(stack, items);
  strata_commit(stack);
  strata_destroy(stack);
  counting_news = false;
  EXPECT_EQ(global_news, 0);
  EXPECT_GT(steps, 0);
}

struct recorded_block {
  void* block = nullptr;
  std::size_t size = 0;
  int releases = 0;
};

void* record_allocation(void* user, std::size_t size) {
  auto* seen = static_cast<recorded_block*>(user);
  seen->size = size;
  seen->block = std::malloc(size);
  return seen->block;
}
void record_release(void* user, void* memory, std::size_t size) {
  auto* seen = static_cast<recorded_block*>(user);
  EXPECT_EQ(memory, seen->block);
  EXPECT_EQ(size, seen->size);
  ++seen->releases;
  std::free(memory);
}

TEST(capi_internals, the_memory_adapter_honours_any_alignment) {
  recorded_block seen;
  const strata_allocator allocator{record_allocation, record_release, &seen};
  strata::capi::c_memory memory(&allocator);
  for (std::size_t alignment : {std::size_t{64}, std::size_t{256}, std::size_t{4096}}) {
    void* block = memory.allocate(100, alignment);
    EXPECT_EQ(reinterpret_cast<std::uintptr_t>(block) % alignment, 0U);
    EXPECT_GE(static_cast<char*>(block) + 100, static_cast<char*>(seen.block) + sizeof(void*));
    EXPECT_LE(static_cast<char*>(block) + 100, static_cast<char*>(seen.block) + seen.size);
    memory.deallocate(block, 100, alignment);
  }
  void* empty = memory.allocate(0, 8);
  EXPECT_EQ(seen.size, 1U); // malloc(0) may return null, which would read as a failure
  memory.deallocate(empty, 0, 8);
  EXPECT_EQ(seen.releases, 4);
}

TEST(capi_internals, strata_describe_writes_what_the_core_describes) {
  strata_stack* stack = nullptr;
  ASSERT_EQ(strata_create(&stack, nullptr, nullptr), STRATA_OK);
  const strata_item named{&plain, nullptr, "named", 0, 0.0F, 0.0F, 0.0F, 0};
  for (int round = 0; round < 4; ++round) {
    char line[128];
    ASSERT_EQ(strata_describe(stack, line, sizeof line),
              static_cast<int>(stack->core().describe().size()));
    EXPECT_EQ(std::string(line), stack->core().describe());
    strata_push_item(stack, &named);
    strata_push(stack, &plain, nullptr);
    strata_commit(stack);
  }
  strata_destroy(stack);
}

// R30: only a state whose strata_state has `always` is made of the type with update_always, so
// that a stack without one keeps the core's update pass for stacks without update_always; a
// batch with one such state is made of that type whole (its other states call nothing there).
TEST(capi_internals, only_states_with_always_get_the_type_with_update_always) {
  strata_stack* stack = nullptr;
  ASSERT_EQ(strata_create(&stack, nullptr, nullptr), STRATA_OK);
  strata_state background = plain;
  background.always = tick;
  const strata_item items[2] = {{&plain, nullptr, nullptr, 0, 0.0F, 0.0F, 0.0F, 0},
                                {&background, nullptr, nullptr, 0, 0.0F, 0.0F, 0.0F, 0}};
  strata_push(stack, &plain, nullptr);
  strata_push(stack, &background, nullptr);
  strata_push_several(stack, items, 2);
  const auto staged = stack->core().staged();
  EXPECT_TRUE(staged[0].is<strata::capi::c_state>());
  EXPECT_TRUE(staged[1].is<strata::capi::c_state_always>());
  EXPECT_TRUE(staged[2].is<strata::capi::c_state_always>());
  EXPECT_TRUE(staged[3].is<strata::capi::c_state_always>());
  strata_destroy(stack);
}

void draw_seen(strata_stack* /*stack*/, void* /*env*/, void* /*data*/,
               const strata_presence* /*presence*/) {}

// R33: likewise, only a state whose strata_state has `draw_seen` is made of a type whose draw
// reads its presence, which takes the draw pass off the core's plain path for good; so does a
// batch with one such state, whose other states are drawn with their `draw`.
TEST(capi_internals, only_states_with_draw_seen_get_a_type_whose_draw_reads_the_presence) {
  strata_stack* stack = nullptr;
  ASSERT_EQ(strata_create(&stack, nullptr, nullptr), STRATA_OK);
  strata_state fading = plain;
  fading.arrive = 0.5F; // a transition alone needs no type of its own
  strata_state seeing = plain;
  seeing.draw_seen = draw_seen;
  strata_state both = seeing;
  both.always = tick;
  const strata_item items[2] = {{&plain, nullptr, nullptr, 0, 0.0F, 0.0F, 0.0F, 0},
                                {&seeing, nullptr, nullptr, 0, 0.0F, 0.0F, 0.0F, 0}};
  strata_push(stack, &fading, nullptr);
  strata_push(stack, &seeing, nullptr);
  strata_push(stack, &both, nullptr);
  strata_push_several(stack, items, 2);
  const auto staged = stack->core().staged();
  EXPECT_TRUE(staged[0].is<strata::capi::c_state>());
  EXPECT_TRUE((staged[1].is<strata::capi::c_state_with<false, true>>()));
  EXPECT_TRUE((staged[2].is<strata::capi::c_state_with<true, true>>()));
  EXPECT_TRUE((staged[3].is<strata::capi::c_state_with<false, true>>()));
  EXPECT_TRUE((staged[4].is<strata::capi::c_state_with<false, true>>()));
  strata_destroy(stack);
}

} // namespace
