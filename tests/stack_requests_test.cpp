// tests/stack_requests_test.cpp: the requests (R1), push_first_on_top (R10), replace, clear,
// pop_until and pop_to, and who owns what was pushed (R20): detail/stack_requests.hpp, and the
// staged-stack edits they are made of (detail/stack_staging.hpp; what the observer hears of
// them is tests/observer_test.cpp).
#include <memory>
#include <string>

#include "support/expect_error.hpp"
#include "support/trace.hpp"

namespace strata_test {
namespace {

class requests : public stack_fixture {
protected:
  // The staged stack in one line, bottom to top, like describe() shows the committed one.
  [[nodiscard]] std::string staged_names() const {
    std::string line;
    for (const auto entry : s.staged()) {
      line += (line.empty() ? "" : " | ") + std::string(entry.name());
    }
    return line;
  }
};

// committed: a | b*
// requests:  push c, pop, pop, push d, replace with e, clear, push f   (no hook runs)
// staged:    f
// commit:    b.exit, a.resume, a.exit, f.enter
TEST_F(requests, r1_requests_edit_only_the_staged_stack_and_call_no_hook) {
  s.push<logged<"a">>();
  s.push<logged<"b">>();
  commit_setup();
  s.push<logged<"c">>();
  s.pop();
  s.pop();
  s.push<logged<"d">>();
  s.replace<logged<"e">>();
  EXPECT_EQ(staged_names(), "a | e");
  s.clear();
  s.push<logged<"f">>();
  EXPECT_EQ(trace(), "");
  EXPECT_EQ(s.describe(), "a | b*");
  EXPECT_EQ(staged_names(), "f");
  EXPECT_TRUE(s.pending());
  s.commit();
  EXPECT_EQ(trace(), "b.exit, a.resume, a.exit, f.enter");
  EXPECT_EQ(s.describe(), "f*");
}

// committed: base*
// requests:  push_first_on_top(a, b, c)
// staged:    base | c | b | a
// commit:    base.pause, c.enter, c.pause, b.enter, b.pause, a.enter
TEST_F(requests, r10_push_first_on_top_puts_the_first_listed_on_top) {
  s.push<logged<"base">>();
  commit_setup();
  s.push_first_on_top(logged<"a">{}, logged<"b">{}, logged<"c">{});
  EXPECT_EQ(trace(), "");
  EXPECT_EQ(staged_names(), "base | c | b | a");
  s.commit();
  EXPECT_EQ(trace(), "base.pause, c.enter, c.pause, b.enter, b.pause, a.enter");
}

// committed: (empty)
// requests:  push_first_on_top(a as a value, b as a unique_ptr, c borrowed)
// staged:    c | b | a
// commit:    c.enter, c.pause, b.enter, b.pause, a.enter
// clear:     a and b are destroyed by the stack, c is not
TEST_F(requests, r10_push_first_on_top_takes_values_unique_ptrs_and_borrows) {
  logged<"c"> borrowed{ctx};
  s.push_first_on_top(logged<"a">{ctx}, std::make_unique<logged<"b">>(ctx),
                      strata::borrow(borrowed));
  EXPECT_EQ(staged_names(), "c | b | a");
  EXPECT_EQ(s.staged()[0].get<logged<"c">>(), &borrowed);
  s.commit();
  EXPECT_EQ(trace(), "c.enter, c.pause, b.enter, b.pause, a.enter");
  s.clear();
  s.commit();
  EXPECT_EQ(trace(), "a.exit, a.destroyed, b.resume, b.exit, b.destroyed, c.resume, c.exit");
}

// committed: base*   (watched by an observer)
// requests:  push_first_on_top(a, null unique_ptr, c)   -> errc::null_state
// staged:    base   (nothing of the call stays, and the observer heard of none of it: every
//                    item is made ready before the first is staged)
TEST_F(requests, r10_push_first_on_top_is_all_or_nothing_on_a_null_pointer) {
  s.push<logged<"base">>();
  commit_setup();
  watch(s, ctx);
  const int before = counted::live();
  expect_error(s, strata::errc::null_state, "strata: push of a null std::unique_ptr<b>", [&] {
    s.push_first_on_top(logged<"a">{ctx}, std::unique_ptr<logged<"b">>{}, logged<"c">{ctx});
  });
  EXPECT_EQ(trace(), "c.destroyed, a.destroyed");
  EXPECT_EQ(counted::live(), before);
  EXPECT_EQ(staged_names(), "base");
  EXPECT_FALSE(s.pending());
}

// committed: (empty)
// requests:  push_first_on_top(borrow x, a, borrow x)   -> errc::borrowed_twice
// staged:    (empty)
TEST_F(requests, r10_push_first_on_top_is_all_or_nothing_on_a_borrowed_twice) {
  logged<"x"> x;
  watch(s, ctx);
  expect_error(
      s, strata::errc::borrowed_twice,
      "strata: borrowed state 'x' is already staged; a borrowed object can be on the "
      "stack only once",
      [&] { s.push_first_on_top(strata::borrow(x), logged<"a">{ctx}, strata::borrow(x)); });
  EXPECT_EQ(trace(), "a.destroyed");
  EXPECT_TRUE(s.staged().empty());
  EXPECT_FALSE(s.pending());
}

// committed: a*
// requests:  push_first_on_top(b, c) with a depth limit of 2   -> errc::depth_limit
// staged:    a
TEST_F(requests, r10_push_first_on_top_is_all_or_nothing_at_the_depth_limit) {
  s.push<logged<"a">>();
  commit_setup();
  s.set_max_depth(2);
  expect_error(s, strata::errc::depth_limit,
               "strata: pushing 2 states would grow the stack past its depth limit of 2",
               [&] { s.push_first_on_top(logged<"b">{}, logged<"c">{}); });
  EXPECT_EQ(staged_names(), "a");
  s.push_first_on_top(logged<"b">{});
  EXPECT_EQ(staged_names(), "a | b");
}

// committed: a | b*
// requests:  replace with c
// staged:    a | c
// commit:    b.exit, a.resume, a.pause, c.enter
TEST_F(requests, r1_replace_pops_then_pushes_as_one_request) {
  s.push<logged<"a">>();
  s.push<logged<"b">>();
  commit_setup();
  watch(s, ctx);
  s.replace<logged<"c">>();
  EXPECT_EQ(trace(), "pop b@1, push c@1");
  s.commit();
  EXPECT_EQ(trace(), "unfocus b@1, b.exit, exit b@1, a.resume, resume a@0, a.pause, pause a@0, "
                     "c.enter, enter c@1, focus c@1");
}

// committed: a*
// requests:  replace with b (unique_ptr), then replace with c (borrowed)
// staged:    c
// commit:    a.exit, c.enter   (b, never entered, was deleted at once)
TEST_F(requests, r1_replace_takes_unique_ptrs_and_borrows) {
  logged<"c"> borrowed{ctx};
  s.push<logged<"a">>();
  commit_setup();
  s.replace(std::make_unique<logged<"b">>(ctx));
  s.replace(strata::borrow(borrowed));
  EXPECT_EQ(trace(), "b.destroyed");
  s.commit();
  EXPECT_EQ(trace(), "a.exit, c.enter");
  s.clear();
  s.commit();
  EXPECT_EQ(trace(), "c.exit");
}

// committed: a | b | c | d*
// requests:  pop_until("b")
// staged:    a | b
// commit:    d.exit, c.resume, c.exit, b.resume
TEST_F(requests, r1_pop_until_name_keeps_the_named_state) {
  s.push<logged<"a">>();
  s.push<logged<"b">>();
  s.push<logged<"c">>();
  s.push<logged<"d">>();
  commit_setup();
  s.pop_until("b");
  EXPECT_EQ(trace(), "");
  EXPECT_EQ(staged_names(), "a | b");
  s.commit();
  EXPECT_EQ(trace(), "d.exit, c.resume, c.exit, b.resume");
}

// committed: a | b(named "x") | c | d(named "x")*
// requests:  pop_until("x"), then pop, pop_until("x")
// staged:    a | b(x) | c | d(x)   ->  a | b(x)
TEST_F(requests, r1_pop_until_name_stops_at_the_nearest_match_from_the_top) {
  s.push<logged<"a">>();
  s.push<logged<"b">>().name("x");
  s.push<logged<"c">>();
  s.push<logged<"d">>().name("x");
  commit_setup();
  s.pop_until("x");
  EXPECT_FALSE(s.pending());
  s.pop();
  s.pop_until("x");
  EXPECT_EQ(staged_names(), "a | x");
  s.commit();
  EXPECT_EQ(trace(), "d.exit, c.resume, c.exit, b.resume");
}

// committed: a | b | c*
// requests:  pop_until(depth == 0), checked on views of the staged entries
// staged:    a
// commit:    c.exit, b.resume, b.exit, a.resume
TEST_F(requests, r1_pop_until_predicate_sees_staged_entries_top_down) {
  s.push<logged<"a">>();
  s.push<logged<"b">>();
  s.push<logged<"c">>();
  commit_setup();
  std::string asked;
  s.pop_until([&](const strata::entry_view<recorder, event>& e) {
    asked += std::string(e.name()) + "@" + std::to_string(e.depth()) + " ";
    return e.is<logged<"a">>();
  });
  EXPECT_EQ(asked, "c@2 b@1 a@0 ");
  s.commit();
  EXPECT_EQ(trace(), "c.exit, b.resume, b.exit, a.resume");
}

// committed: a | b | c*
// requests:  pop_to(3) (nothing), pop_to(1)
// staged:    a
// commit:    c.exit, b.resume, b.exit, a.resume
TEST_F(requests, r1_pop_to_leaves_depth_states) {
  s.push<logged<"a">>();
  s.push<logged<"b">>();
  s.push<logged<"c">>();
  commit_setup();
  s.pop_to(3);
  EXPECT_FALSE(s.pending());
  s.pop_to(1);
  EXPECT_EQ(staged_names(), "a");
  s.commit();
  EXPECT_EQ(trace(), "c.exit, b.resume, b.exit, a.resume");
  s.pop_to(0);
  s.commit();
  EXPECT_EQ(trace(), "a.exit");
}

// committed: (empty)
// requests:  clear, pop_to(0)   (legal on an empty stack)
TEST_F(requests, r1_clear_and_pop_to_zero_are_fine_on_an_empty_stack) {
  s.clear();
  s.pop_to(0);
  EXPECT_FALSE(s.pending());
  s.commit();
  EXPECT_EQ(trace(), "");
}

// committed: a(unique_ptr) | b(borrowed)*
// requests:  clear
// commit:    b.exit, a.resume, a.exit, a.destroyed   (the borrowed b lives on)
TEST_F(requests, r20_unique_ptr_is_deleted_and_borrowed_is_never_destroyed) {
  logged<"b"> borrowed{ctx};
  s.push(std::make_unique<logged<"a">>(ctx));
  s.push(strata::borrow(borrowed));
  EXPECT_EQ(s.staged()[1].get<logged<"b">>(), &borrowed);
  commit_setup();
  s.clear();
  s.commit();
  EXPECT_EQ(trace(), "b.exit, a.resume, a.exit, a.destroyed");
  // The same object can be borrowed again once it has left.
  s.push(strata::borrow(borrowed));
  s.commit();
  EXPECT_EQ(trace(), "b.enter");
  s.pop();
  s.commit();
  EXPECT_EQ(trace(), "b.exit");
}

// committed: (empty)
// requests:  push a with arguments, constructed in place
TEST_F(requests, r20_push_constructs_in_place_with_arguments) {
  struct scored {
    scored(int base, int bonus)
        : total(base + bonus) {}
    int total;
  };
  s.push<scored>(40, 2);
  EXPECT_EQ(s.staged()[0].get<scored>()->total, 42);
  s.commit();
  EXPECT_EQ(s.committed()[0].get<scored>()->total, 42);
}

// committed: (empty)
// requests:  push an aggregate with arguments (braces, where parentheses would not do)
TEST_F(requests, r20_push_builds_aggregates_from_arguments) {
  struct point {
    int x;
    int y;
  };
  s.push<point>(3, 4);
  s.replace<point>(5, 6);
  EXPECT_EQ(s.staged()[0].get<point>()->x, 5);
  EXPECT_EQ(s.staged()[0].get<point>()->y, 6);
}

// committed: x(borrowed)*
// requests:  pop, push borrow(x) again
// staged:    x
// commit:    x.exit, x.enter   (the same object leaves, then enters again)
TEST_F(requests, r20_borrowed_state_popped_then_pushed_again_exits_then_enters) {
  logged<"x"> x;
  s.push(strata::borrow(x));
  commit_setup();
  s.pop();
  s.push(strata::borrow(x));
  s.commit();
  EXPECT_EQ(trace(), "x.exit, x.enter");
  s.clear();
  s.commit();
  EXPECT_EQ(trace(), "x.exit");
}

// committed: base | hud*   (hud borrowed)
// requests:  replace(borrow(hud))   (pop then push of the same object: allowed, D11 of issue 10)
// commit:    hud.exit, base.resume, base.pause, hud.enter
TEST_F(requests, r20_replace_a_borrowed_top_with_itself) {
  logged<"hud"> hud;
  s.push<logged<"base">>();
  s.push(strata::borrow(hud));
  commit_setup();
  s.replace(strata::borrow(hud)).name("hud again");
  s.commit();
  EXPECT_EQ(trace(), "hud.exit, base.resume, base.pause, hud.enter");
  EXPECT_EQ(s.describe(), "base | hud again*");
  // Not entered yet: dropped, then staged again.
  logged<"toast"> toast;
  s.push(strata::borrow(toast));
  s.replace(strata::borrow(toast));
  EXPECT_EQ(s.staged().size(), 3U);
  s.commit();
  EXPECT_EQ(trace(), "hud.pause, toast.enter");
  s.clear();
  s.commit();
  trace();
}

} // namespace
} // namespace strata_test
