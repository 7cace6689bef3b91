// tests/allocation_test.cpp: the steady state allocates nothing (R20, R28, and with the hooks and
// requests of R29-R32). Counted twice: by
// a counting allocator given as options.memory, and by replacing the global
// operator new (support/counting_new.hpp).
#include <cstddef>
#include <memory>

#include "support/counting_new.hpp"
#include "support/counting_resource.hpp"
#include "support/trace.hpp"
#include <strata/poster.hpp>
#include <strata/save.hpp>

namespace strata_test {
namespace {

using strata_test::counting_resource;

// A state that allocates nothing itself and has the common hooks.
struct level {
  explicit level(int number)
      : number(number) {}
  void enter(recorder& /*r*/) { ++visits; }
  void exit(recorder& /*r*/) {}
  void pause(recorder& /*r*/) {}
  void resume(recorder& /*r*/) {}
  void update(recorder& /*r*/, double dt) { elapsed += dt; }
  void update_covered(recorder& /*r*/, double dt) { elapsed += dt; }
  void draw(recorder& /*r*/) {}
  bool handle(recorder& /*r*/, const event& e) { return e.code == number; }
  int number;
  int visits = 0;
  double elapsed = 0;
};

// The allocations, from the stack's memory (if counted) and from the global heap, that 100 rounds
// of `work` make after one round to warm up.
struct allocations {
  std::size_t from_resource;
  std::size_t global;
};
template <class Work>
allocations counted_after_warm_up(const counting_resource* memory, Work work) {
  const auto from_memory = [memory] { return memory != nullptr ? memory->allocations : 0; };
  work();
  const std::size_t resource_before = from_memory();
  const std::size_t global_before = global_allocations;
  for (int round = 0; round < 100; ++round) {
    work();
  }
  return {from_memory() - resource_before, global_allocations - global_before};
}

// committed: base | world*
// each round: push level, commit, pop, commit
TEST(allocation, r20_push_commit_pop_commit_allocates_nothing_after_warm_up) {
  recorder ctx;
  counting_resource memory;
  test_stack s{ctx, strata::options{.memory = &memory}};
  s.push<level>(0);
  s.push<level>(1);
  s.commit();
  const allocations made = counted_after_warm_up(&memory, [&] {
    s.push<level>(2);
    s.commit();
    s.pop();
    s.commit();
  });
  EXPECT_EQ(made.from_resource, 0U);
  EXPECT_EQ(made.global, 0U);
  EXPECT_EQ(s.committed()[1].get<level>()->visits, 1);
}

// committed: a | b | c*   staged: a | b | c | d   (no state ever retired)
// ~stack: c.exit, b.resume, b.exit, a.resume, a.exit
// The destructor is noexcept, so it must not need memory it could fail to get (R26): it once
// moved the committed states to the (never used, so empty) retiring list, and a bad_alloc there
// ended the program.
TEST(allocation, r26_destruction_allocates_nothing) {
  recorder ctx;
  counting_resource memory;
  std::size_t before = 0;
  {
    test_stack s{ctx, strata::options{.memory = &memory}};
    s.push<logged<"a">>();
    s.push<logged<"b">>();
    s.push<logged<"c">>();
    s.commit();
    s.push<logged<"d">>();
    ctx.take();
    before = memory.allocations;
  }
  EXPECT_EQ(memory.allocations, before);
  EXPECT_EQ(ctx.take(), "c.exit, b.resume, b.exit, a.resume, a.exit");
}

// The same with the default memory resource: the global heap is not touched either.
TEST(allocation, r20_with_the_default_memory_nothing_reaches_the_global_heap) {
  recorder ctx;
  test_stack s{ctx};
  s.push<level>(0);
  s.commit();
  const allocations made = counted_after_warm_up(nullptr, [&] {
    s.push<level>(1);
    s.commit();
    s.pop();
    s.commit();
  });
  EXPECT_EQ(made.global, 0U);
}

// committed: base | world*
// each round: push level with name and on_exit, replace it, commit, pop, commit
TEST(allocation, r20_names_callbacks_and_replace_are_pooled_too) {
  recorder ctx;
  counting_resource memory;
  test_stack s{ctx, strata::options{.memory = &memory}};
  s.push<level>(0);
  s.commit();
  int exits = 0;
  const allocations made = counted_after_warm_up(&memory, [&] {
    s.push<level>(1).name("a level with a long name").on_exit([&exits](level&) { ++exits; });
    s.replace<level>(2).on_exit([&exits](level&) { ++exits; });
    s.commit();
    s.pop();
    s.commit();
  });
  EXPECT_EQ(made.from_resource, 0U);
  EXPECT_EQ(made.global, 0U);
  EXPECT_EQ(exits, 101);
}

// committed: world | hud(transparent) | menu(live)*
// each round: update, draw, handle
TEST(allocation, r28_passes_allocate_nothing) {
  recorder ctx;
  counting_resource memory;
  test_stack s{ctx, strata::options{.memory = &memory}};
  s.push<level>(0);
  s.push<level>(1).modality(strata::modality::transparent);
  s.push<level>(2).modality(strata::modality::live);
  s.commit();
  bool consumed = false;
  const allocations made = counted_after_warm_up(&memory, [&] {
    s.update(0.5);
    s.draw();
    consumed = s.handle(event{2});
  });
  EXPECT_EQ(made.from_resource, 0U);
  EXPECT_EQ(made.global, 0U);
  EXPECT_TRUE(consumed);
  EXPECT_EQ(s.committed()[0].get<level>()->elapsed, 101 * 0.5);
}

// A level with the hooks of R29 and R30 too.
struct background : level {
  using level::level;
  void focus(recorder& /*r*/) { ++focuses; }
  void unfocus(recorder& /*r*/) { ++unfocuses; }
  void update_always(recorder& /*r*/, double dt) { always += dt; }
  int focuses = 0;
  int unfocuses = 0;
  double always = 0;
};

// committed: base*
// each round: push level, commit, close it by its id, commit (the focus moves up and back)
TEST(allocation, r29_r31_focus_and_close_allocate_nothing) {
  recorder ctx;
  counting_resource memory;
  test_stack s{ctx, strata::options{.memory = &memory}};
  s.push<background>(0);
  s.commit();
  bool closed = true;
  const allocations made = counted_after_warm_up(&memory, [&] {
    const strata::entry_id id = s.push<background>(1).id();
    s.commit();
    closed = closed && s.close(id);
    s.commit();
  });
  EXPECT_EQ(made.from_resource, 0U);
  EXPECT_EQ(made.global, 0U);
  EXPECT_TRUE(closed);
  const auto* base = s.committed()[0].get<background>();
  EXPECT_EQ(base->focuses, 102);
  EXPECT_EQ(base->unfocuses, 101);
}

// committed: base (update_always) | slow (live, time scale 0.5) | menu (live)*
// each round: update, draw, handle
TEST(allocation, r30_r32_background_and_scaled_updates_allocate_nothing) {
  recorder ctx;
  counting_resource memory;
  test_stack s{ctx, strata::options{.memory = &memory}};
  s.push<background>(0);
  s.push<level>(1).modality(strata::modality::live).time_scale(0.5F);
  s.push<level>(2).modality(strata::modality::live);
  s.commit();
  const allocations made = counted_after_warm_up(&memory, [&] {
    s.update(0.5);
    s.draw();
    s.handle(event{2});
  });
  EXPECT_EQ(made.from_resource, 0U);
  EXPECT_EQ(made.global, 0U);
  const auto* base = s.committed()[0].get<background>();
  EXPECT_EQ(base->always, 101 * 0.5);
  EXPECT_EQ(base->elapsed, 101 * 0.25); // update_covered(dt x 0.5), slow's scale
  EXPECT_EQ(s.committed()[1].get<level>()->elapsed, 101 * 0.5);
}

// A level rebuilt from its saved number (save.hpp).
struct saved_level : level {
  explicit saved_level(strata::record& saved)
      : level(saved.get<int>("number")) {}
  void save(strata::record& out) const { out.set("number", number); }
};

// Issue 14: once warm, a restore allocates nothing but the states it builds (from the pool, warm
// too): its batch and its scratch record are kept for the next one.
// committed: level*
// each round: restore level | level | level above it, commit
TEST(allocation, issue14_a_warm_restore_allocates_only_its_states) {
  recorder ctx;
  counting_resource memory;
  test_stack s{ctx, strata::options{.memory = &memory}};
  strata::save_types<recorder, event> types;
  types.add<saved_level>("level");
  s.push<level>(0);
  s.commit();
  strata::snapshot saved;
  for (int number = 1; number <= 3; ++number) {
    strata::saved_state& state = saved.states.emplace_back();
    state.key = "level";
    state.data.set("number", number);
  }
  const auto round = [&] {
    EXPECT_TRUE(strata::restore(s, types, saved, {.above = 1}));
    s.commit();
  };
  round(); // the pool grows to hold the three states and the three that replace them
  const allocations made = counted_after_warm_up(&memory, round);
  EXPECT_EQ(made.from_resource, 0U);
  EXPECT_EQ(made.global, 0U);
  EXPECT_EQ(s.describe(), "level | saved_level | saved_level | saved_level*");
}

// committed: base*
// each round: 16 posts (a push, a pop, and small callables that capture a pointer), one of them
// cancelled, then a commit that applies them
// R35: a post takes a recycled node; only the first posts of the inbox allocate.
TEST(allocation, r35_posting_allocates_nothing_after_warm_up) {
  recorder ctx;
  counting_resource memory;
  test_stack s{ctx, strata::options{.memory = &memory}};
  s.push<level>(0);
  s.commit();
  strata::poster<recorder, event> p = s.poster();
  int applied = 0;
  const allocations made = counted_after_warm_up(&memory, [&] {
    p.post([](test_stack& stack) { stack.push<level>(1); });
    for (int i = 0; i < 14; ++i) {
      p.post([&applied](test_stack& /*stack*/) { ++applied; });
    }
    p.cancel(p.post([&applied](test_stack& /*stack*/) { applied += 1000; }));
    p.post([](test_stack& stack) { stack.pop(); });
    s.commit();
  });
  EXPECT_EQ(made.from_resource, 0U);
  EXPECT_EQ(made.global, 0U);
  EXPECT_EQ(applied, 101 * 14);
  EXPECT_EQ(s.describe(), "level*");
}

// The counter itself works: a plain allocation is seen.
TEST(allocation, the_global_counter_sees_new) {
  const std::size_t before = global_allocations;
  const auto made = std::make_unique<int>(1);
  EXPECT_EQ(global_allocations, before + 1);
}

} // namespace
} // namespace strata_test
