// tests/out_of_memory_test.cpp: every request is all or nothing when memory runs out (R1, R25).
// A memory resource (support/failing_resource.hpp) fails at the n-th allocation, for every n a
// request makes; each request then either succeeds whole or throws std::bad_alloc with both views
// exactly as before. The resource also checks that every block comes back once, with the size it
// was allocated with. Compiled only with exceptions on (without them, running out of memory
// aborts).
#include "support/expect_error.hpp" // defines STRATA_NO_EXCEPTIONS when exceptions are off

#ifndef STRATA_NO_EXCEPTIONS

#include <array>
#include <cstddef>
#include <functional>
#include <new>
#include <string>

#include "support/failing_resource.hpp"
#include "support/trace.hpp"
#include <strata/poster.hpp>

namespace strata_test {
namespace {

// Runs `request` on a fresh stack set up by `setup`, failing its n-th allocation for n = 1, 2, ...
// until it succeeds; each failure must leave the views and the trace as they were. Returns the
// views after the success. `then`, if given, is called with the stack after each failure's checks
// (true) and after the success (false), for what the views cannot show.
std::string all_or_nothing(const std::function<void(test_stack&)>& setup,
                           const std::function<void(test_stack&)>& request,
                           const std::function<void(test_stack&, bool failed)>& then = {}) {
  for (std::size_t n = 1;; ++n) {
    failing_resource memory;
    recorder ctx;
    test_stack s{ctx, strata::options{.memory = &memory}};
    watch(s, ctx);
    setup(s);
    ctx.take();
    const std::string before = views(s);
    memory.fail_in = n;
    try {
      request(s);
    } catch (const std::bad_alloc&) {
      memory.fail_in = 0;
      EXPECT_EQ(views(s), before) << "failure at allocation " << n;
      // The observer may have been told of a push taken back (push, pop, discard), nothing else.
      const std::string told = ctx.take();
      EXPECT_TRUE(told.empty() || told.find("discard") != std::string::npos)
          << "failure at allocation " << n << ": " << told;
      if (then) {
        then(s, true);
      }
      continue;
    }
    memory.fail_in = 0;
    EXPECT_GT(n, 1U) << "the request allocated nothing: the test proves nothing";
    const std::string after = views(s);
    if (then) {
      then(s, false);
    }
    return after;
  }
}

// a | b | c committed, d staged above.
void four_deep(test_stack& s) {
  s.push<logged<"a">>();
  s.push<logged<"b">>();
  s.push<logged<"c">>();
  s.commit();
  s.push<logged<"d">>();
}

TEST(out_of_memory, r1_clear_is_all_or_nothing) {
  EXPECT_EQ(all_or_nothing(four_deep, [](test_stack& s) { s.clear(); }), "a b c |");
}

TEST(out_of_memory, r1_pop_to_is_all_or_nothing) {
  EXPECT_EQ(all_or_nothing(four_deep, [](test_stack& s) { s.pop_to(1); }), "a b c | a");
}

TEST(out_of_memory, r1_pop_until_is_all_or_nothing) {
  EXPECT_EQ(all_or_nothing(four_deep, [](test_stack& s) { s.pop_until("a"); }), "a b c | a");
  EXPECT_EQ(all_or_nothing(four_deep,
                           [](test_stack& s) {
                             s.pop_until([](const auto& entry) { return entry.name() == "a"; });
                           }),
            "a b c | a");
}

// R31: close(id) pops like pop_to(), so it is all or nothing the same way.
TEST(out_of_memory, r31_close_is_all_or_nothing) {
  EXPECT_EQ(all_or_nothing(four_deep, [](test_stack& s) { s.close(s.staged()[1].id()); }),
            "a b c | a");
}

// R1, R33: clear(t) and pop(t) give the entered states their way of leaving only once the
// request can no longer fail. Views alone cannot show it: a request that failed after giving
// them `leaving` would have them leave over its 0.5 seconds at the next plain clear().
constexpr strata::transition leaving_slowly{0.0F, 0.5F};
void leaves_slowly_only_if_done(test_stack& s, bool failed) {
  if (failed) {
    s.clear();
  }
  s.commit();
  EXPECT_EQ(s.in_transition(), !failed);
}

TEST(out_of_memory, r33_clear_with_a_transition_is_all_or_nothing) {
  EXPECT_EQ(
      all_or_nothing(
          four_deep, [](test_stack& s) { s.clear(leaving_slowly); }, leaves_slowly_only_if_done),
      "a b c |");
}

TEST(out_of_memory, r33_pop_with_a_transition_is_all_or_nothing) {
  const auto three_committed = [](test_stack& s) {
    s.push<logged<"a">>();
    s.push<logged<"b">>();
    s.push<logged<"c">>();
    s.commit();
  };
  EXPECT_EQ(all_or_nothing(
                three_committed, [](test_stack& s) { s.pop(leaving_slowly); },
                leaves_slowly_only_if_done),
            "a b c | a b");
}

// A name and a callback too large for the pool's blocks come straight from the memory resource.
TEST(out_of_memory, r1_a_push_with_name_and_on_exit_is_all_or_nothing) {
  const std::string long_name(300, 'n');
  std::array<char, 300> big_capture{};
  EXPECT_EQ(all_or_nothing(four_deep,
                           [&](test_stack& s) {
                             s.push<logged<"e">>().name(long_name).on_exit(
                                 [big_capture](logged<"e">&) { (void)big_capture; });
                           }),
            "a b c | a b c d " + long_name);
}

// R35: a stack's first poster() keeps the inbox with the stack's seldom used members, which it
// makes from options::memory when no observer, probe or error handler made them (no observer
// here, unlike all_or_nothing()): out of memory for them, it throws and changes nothing, and the
// next poster() posts as if it had never failed.
TEST(out_of_memory, r35_a_first_poster_that_cannot_be_made_changes_nothing) {
  failing_resource memory; // its destructor checks that every block came back
  recorder ctx;
  test_stack s{ctx, strata::options{.memory = &memory}};
  s.push<logged<"a">>();
  s.commit();
  ctx.take();
  memory.fail_in = 1;
  EXPECT_THROW((void)s.poster(), std::bad_alloc);
  EXPECT_EQ(memory.fail_in, 0U) << "poster() made nothing from options::memory";
  EXPECT_EQ(views(s), "a | a");
  EXPECT_FALSE(s.pending());
  strata::poster<recorder, event> post = s.poster();
  post.post([](test_stack& stack) { stack.push<logged<"b">>(); });
  EXPECT_TRUE(s.pending());
  s.commit();
  EXPECT_EQ(ctx.take(), "a.pause, b.enter");
  EXPECT_EQ(views(s), "a b | a b");
}

// A name with a NUL byte goes back to the memory it came from with the size it was given (D3).
TEST(out_of_memory, r21_a_name_with_a_nul_byte_is_released_whole) {
  failing_resource memory;
  recorder ctx;
  {
    test_stack s{ctx, strata::options{.memory = &memory}};
    s.push<logged<"a">>().name(std::string(300, 'x') + std::string(1, '\0') + "y");
    s.push<logged<"b">>().name(std::string("b\0b", 3));
  }
}

// The update pass keeps where its covered calls begin and end as pointers into their list. An
// enter that grew that list and then ran out of memory for another must leave the pass's starts
// stale, or the next pass would call through the freed block (which the resource overwrites).
// Fails each allocation of e's enter in turn, so that it does not depend on which list grows
// first: with each call list full at four, the enter grows the layers and the three call lists.
TEST(out_of_memory, an_enter_that_grew_a_call_list_leaves_no_pass_in_the_freed_block) {
  std::size_t failures = 0;
  for (std::size_t n = 1;; ++n) {
    failing_resource memory;
    recorder ctx;
    test_stack s{ctx, strata::options{.memory = &memory}};
    s.push<logged<"a">>();
    s.push<logged<"b">>();
    s.push<logged<"c">>();
    s.push<logged<"d">>(); // each call list is full: it has room for four
    s.commit();
    s.update(0.1); // the starts are fresh
    s.push<logged<"e">>();
    ctx.take();
    memory.fail_in = n;
    try {
      s.commit();
    } catch (const std::bad_alloc&) {
      memory.fail_in = 0;
      ++failures;
      EXPECT_EQ(ctx.take(), "d.pause") << "failure at allocation " << n;
      s.update(0.1);
      EXPECT_EQ(ctx.take(), "a.update_covered, b.update_covered, c.update_covered, d.update")
          << "failure at allocation " << n;
      s.commit(); // e enters now that memory is there; d was left paused, as after a failed enter
      EXPECT_EQ(ctx.take(), "d.resume, d.pause, e.enter") << "failure at allocation " << n;
      continue;
    }
    EXPECT_EQ(ctx.take(), "d.pause, e.enter");
    break;
  }
  EXPECT_EQ(failures, 4U); // the layers and the three call lists
}

} // namespace
} // namespace strata_test

#endif // STRATA_NO_EXCEPTIONS
