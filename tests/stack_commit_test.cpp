// tests/stack_commit_test.cpp: what commit() does to bring the committed stack in line with the
// staged one (R2-R9), hook by hook, and how the stack's destruction ends every state (R8, R26).
#include <optional>
#include <string>
#include <string_view>

#include "support/trace.hpp"

namespace strata_test {
namespace {

class commit : public stack_fixture {
protected:
  // The starting position most tests share: system | title | world*.
  void commit_system_title_world() {
    s.push<logged<"system">>();
    s.push<logged<"title">>();
    s.push<logged<"world">>();
    commit_setup();
  }
};

// committed: (empty)
// requests:  push a
// staged:    a
// commit:    a.enter
// requests:  push b
// staged:    a | b
// commit:    a.pause, b.enter
TEST_F(commit, r2_advance_pauses_the_top_then_enters_the_next) {
  s.push<logged<"a">>();
  s.commit();
  EXPECT_EQ(trace(), "a.enter");
  s.push<logged<"b">>();
  s.commit();
  EXPECT_EQ(trace(), "a.pause, b.enter");
  EXPECT_EQ(s.describe(), "a | b*");
}

// committed: a | b*
// requests:  pop
// staged:    a
// commit:    b.exit, a.resume
// requests:  pop
// staged:    (empty)
// commit:    a.exit
TEST_F(commit, r3_retreat_exits_the_top_then_resumes_the_revealed_one) {
  s.push<logged<"a">>();
  s.push<logged<"b">>();
  commit_setup();
  s.pop();
  s.commit();
  EXPECT_EQ(trace(), "b.exit, a.resume");
  s.pop();
  s.commit();
  EXPECT_EQ(trace(), "a.exit");
  EXPECT_EQ(s.describe(), "(empty)");
}

// committed: system | title | world*
// requests:  pop, push options, push audio
// staged:    system | title | options | audio
// commit:    world.exit, title.resume, title.pause, options.enter, options.pause, audio.enter
TEST_F(commit, r4_worked_example_diverged_stacks) {
  commit_system_title_world();
  s.pop();
  s.push<logged<"options">>();
  s.push<logged<"audio">>();
  EXPECT_EQ(trace(), "");
  s.commit();
  EXPECT_EQ(trace(),
            "world.exit, title.resume, title.pause, options.enter, options.pause, audio.enter");
  EXPECT_EQ(s.describe(), "system | title | options | audio*");
  EXPECT_FALSE(s.pending());
}

// committed: a | b | c*
// requests:  pop, pop, push d, push e
// staged:    a | d | e
// commit:    c.exit, b.resume, b.exit, a.resume, a.pause, d.enter, d.pause, e.enter
TEST_F(commit, r4_retreats_to_the_common_ancestor_then_advances) {
  s.push<logged<"a">>();
  s.push<logged<"b">>();
  s.push<logged<"c">>();
  commit_setup();
  s.pop();
  s.pop();
  s.push<logged<"d">>();
  s.push<logged<"e">>();
  s.commit();
  EXPECT_EQ(trace(), "c.exit, b.resume, b.exit, a.resume, a.pause, d.enter, d.pause, e.enter");
  EXPECT_EQ(s.describe(), "a | d | e*");
}

// committed: a | b*
// requests:  pop, push c
// staged:    a | c
// commit:    b.exit, a.resume, a.pause, c.enter   (a is revealed for a moment)
TEST_F(commit, r5_state_revealed_for_a_moment_gets_resume_then_pause) {
  s.push<logged<"a">>();
  s.push<logged<"b">>();
  commit_setup();
  s.pop();
  s.push<logged<"c">>();
  s.commit();
  EXPECT_EQ(trace(), "b.exit, a.resume, a.pause, c.enter");
}

// committed: a | b | c*
// requests:  pop, pop
// staged:    a
// commit:    c.exit, b.resume, b.exit, a.resume   (b is revealed only to leave)
TEST_F(commit, r5_state_revealed_only_to_leave_gets_resume_then_exit) {
  s.push<logged<"a">>();
  s.push<logged<"b">>();
  s.push<logged<"c">>();
  commit_setup();
  s.pop();
  s.pop();
  s.commit();
  EXPECT_EQ(trace(), "c.exit, b.resume, b.exit, a.resume");
}

// committed: a | b | c*   (b and a note stack.leaving() in their resume)
// requests:  pop, pop, push d
// staged:    a | d
// commit:    c.exit, b.resume, b leaving, b.exit, a.resume, a staying, a.pause, d.enter
TEST_F(commit, r5_leaving_tells_a_resume_on_the_way_out) {
  const auto note_leaving = [&](std::string_view who) {
    return [this, who] { ctx.note(std::string(who) + (s.leaving() ? " leaving" : " staying")); };
  };
  s.push<logged<"a">>(actions{.resume = note_leaving("a")});
  s.push<logged<"b">>(actions{.resume = note_leaving("b")});
  s.push<logged<"c">>();
  commit_setup();
  EXPECT_FALSE(s.leaving());
  s.pop();
  s.pop();
  EXPECT_TRUE(s.leaving());
  s.push<logged<"d">>();
  s.commit();
  EXPECT_EQ(trace(), "c.exit, b.resume, b leaving, b.exit, a.resume, a staying, a.pause, d.enter");
  EXPECT_FALSE(s.leaving());
}

// committed: a*
// requests:  push b, push c
// staged:    a | b | c
// commit:    a.pause, b.enter, b.pause, c.enter   (b is entered under c)
TEST_F(commit, r5_state_entered_under_another_gets_enter_then_pause) {
  s.push<logged<"a">>();
  commit_setup();
  s.push<logged<"b">>();
  s.push<logged<"c">>();
  s.commit();
  EXPECT_EQ(trace(), "a.pause, b.enter, b.pause, c.enter");
  EXPECT_TRUE(s.committed()[1].paused());
}

// committed: a*
// requests:  push b, pop            (b is destroyed right there, without any hook)
// staged:    a
// commit:    (nothing)
TEST_F(commit, r6_pushed_and_popped_before_commit_is_destroyed_without_hooks) {
  s.push<logged<"a">>();
  commit_setup();
  watch(s, ctx);
  const int before = counted::live();
  s.push<logged<"b">>(ctx);
  EXPECT_EQ(counted::live(), before + 1);
  s.pop();
  EXPECT_EQ(counted::live(), before);
  EXPECT_EQ(trace(), "push b@1, pop b@1, discard b@1, b.destroyed");
  EXPECT_FALSE(s.pending());
  s.commit();
  EXPECT_EQ(trace(), "");
}

// committed: a*
// requests:  push b, replace with c (b never entered, so it is discarded)
// staged:    a | c
// commit:    a.pause, c.enter
TEST_F(commit, r6_replacing_a_state_never_entered_discards_it) {
  s.push<logged<"a">>();
  commit_setup();
  watch(s, ctx);
  s.push<logged<"b">>(ctx);
  s.replace<logged<"c">>();
  EXPECT_EQ(trace(), "push b@1, pop b@1, discard b@1, b.destroyed, push c@1");
  s.set_observer({});
  s.commit();
  EXPECT_EQ(trace(), "a.pause, c.enter");
}

// committed: base*
// requests:  push a (its enter pops a)
// staged:    base | a   ->  base
// commit:    base.pause, a.enter, a.exit, a.destroyed, base.resume
TEST_F(commit, r7_state_popping_itself_in_its_enter_exits_in_the_same_commit) {
  s.push<logged<"base">>();
  commit_setup();
  s.push<logged<"a">>(ctx, actions{.enter = [&] { s.pop(); }});
  s.commit();
  EXPECT_EQ(trace(), "base.pause, a.enter, a.exit, a.destroyed, base.resume");
  EXPECT_EQ(s.describe(), "base*");
  EXPECT_FALSE(s.pending());
}

// committed: a | b*
// requests:  pop (b's exit pushes c)
// staged:    a   ->  a | c
// commit:    b.exit, a.resume, a.pause, c.enter
TEST_F(commit, r7_push_inside_exit_is_entered_in_the_same_commit) {
  s.push<logged<"a">>();
  s.push<logged<"b">>(actions{.exit = [&] { s.push<logged<"c">>(); }});
  commit_setup();
  s.pop();
  s.commit();
  EXPECT_EQ(trace(), "b.exit, a.resume, a.pause, c.enter");
  EXPECT_EQ(s.describe(), "a | c*");
}

// committed: (empty)
// requests:  push a (its enter pushes b)
// staged:    a   ->  a | b
// commit:    a.enter, a.pause, b.enter
TEST_F(commit, r7_push_inside_enter_is_entered_in_the_same_commit) {
  s.push<logged<"a">>(actions{.enter = [&] { s.push<logged<"b">>(); }});
  s.commit();
  EXPECT_EQ(trace(), "a.enter, a.pause, b.enter");
}

// committed: a*
// requests:  push b (a's pause pushes c)
// staged:    a | b   ->  a | b | c
// commit:    a.pause, b.enter, b.pause, c.enter
TEST_F(commit, r7_push_inside_pause_is_entered_in_the_same_commit) {
  s.push<logged<"a">>(actions{.pause = [&] { s.push<logged<"c">>(); }});
  commit_setup();
  s.push<logged<"b">>();
  s.commit();
  EXPECT_EQ(trace(), "a.pause, b.enter, b.pause, c.enter");
}

// committed: a*
// requests:  push b (a's pause pops b again)
// staged:    a | b   ->  a
// commit:    a.pause, a.resume   (b is discarded without hooks)
TEST_F(commit, r7_pop_inside_pause_undoes_the_advance) {
  s.push<logged<"a">>(actions{.pause = [&] { s.pop(); }});
  commit_setup();
  s.push<logged<"b">>(ctx);
  s.commit();
  EXPECT_EQ(trace(), "a.pause, b.destroyed, a.resume");
  EXPECT_EQ(s.describe(), "a*");
}

// committed: a | b*
// requests:  pop (a's resume pushes c)
// staged:    a   ->  a | c
// commit:    b.exit, a.resume, a.pause, c.enter
TEST_F(commit, r7_push_inside_resume_is_entered_in_the_same_commit) {
  s.push<logged<"a">>(actions{.resume = [&] { s.push<logged<"c">>(); }});
  s.push<logged<"b">>();
  commit_setup();
  s.pop();
  s.commit();
  EXPECT_EQ(trace(), "b.exit, a.resume, a.pause, c.enter");
}

// committed: a | b*
// requests:  pop (a's resume pops a)
// staged:    a   ->  (empty)
// commit:    b.exit, a.resume, a.exit
TEST_F(commit, r7_pop_inside_resume_exits_in_the_same_commit) {
  s.push<logged<"a">>(actions{.resume = [&] { s.pop(); }});
  s.push<logged<"b">>();
  commit_setup();
  s.pop();
  s.commit();
  EXPECT_EQ(trace(), "b.exit, a.resume, a.exit");
  EXPECT_TRUE(s.empty());
}

// committed: a | b | c*
// requests:  pop (c's exit pops b too)
// staged:    a | b   ->  a
// commit:    c.exit, b.resume, b.exit, a.resume
TEST_F(commit, r7_pop_inside_exit_exits_the_revealed_state_too) {
  s.push<logged<"a">>();
  s.push<logged<"b">>();
  s.push<logged<"c">>(actions{.exit = [&] { s.pop(); }});
  commit_setup();
  s.pop();
  s.commit();
  EXPECT_EQ(trace(), "c.exit, b.resume, b.exit, a.resume");
}

// committed: a | b | c*
// requests:  clear
// staged:    (empty)
// commit:    c.exit, b.resume, b.exit, a.resume, a.exit
TEST_F(commit, r8_clear_then_commit_exits_top_to_bottom_with_resumes) {
  s.push<logged<"a">>();
  s.push<logged<"b">>();
  s.push<logged<"c">>();
  commit_setup();
  s.clear();
  s.commit();
  EXPECT_EQ(trace(), "c.exit, b.resume, b.exit, a.resume, a.exit");
  EXPECT_EQ(s.describe(), "(empty)");
}

// committed: a | b | c*
// staged:    a | b | c | d   (d never entered)
// ~stack:    d.destroyed, c.exit, c.destroyed, b.resume, b.exit, b.destroyed, a.resume, a.exit,
//            a.destroyed
TEST(commit_destruction, r8_destruction_exits_top_to_bottom_with_resumes) {
  recorder ctx;
  {
    test_stack s{ctx};
    s.push<logged<"a">>(ctx);
    s.push<logged<"b">>(ctx);
    s.push<logged<"c">>(ctx);
    s.commit();
    s.push<logged<"d">>(ctx);
    ctx.take();
  }
  EXPECT_EQ(ctx.take(), "d.destroyed, c.exit, c.destroyed, b.resume, b.exit, b.destroyed, "
                        "a.resume, a.exit, a.destroyed");
}

// committed: a | b | c*   (coalesced)
// ~stack:    c.exit, b.exit, a.exit
TEST(commit_destruction, r9_coalesced_destruction_skips_the_resumes) {
  recorder ctx;
  {
    test_stack s{ctx, strata::options{.coalesced = true}};
    s.push<logged<"a">>();
    s.push<logged<"b">>();
    s.push<logged<"c">>();
    s.commit();
    ctx.take();
  }
  EXPECT_EQ(ctx.take(), "c.exit, b.exit, a.exit");
}

// committed: a | b*   (b's exit pushes c, a's resume pushes d, a's exit pops)
// ~stack:    b.exit, a.resume, a.exit   (every request is ignored: c and d are never made)
TEST(commit_destruction, r26_requests_during_destruction_are_ignored) {
  const leak_check leaks;
  recorder ctx;
  {
    test_stack s{ctx};
    s.push<logged<"a">>(
        actions{.exit = [&] { s.pop(); }, .resume = [&] { s.push<logged<"d">>(); }});
    s.push<logged<"b">>(actions{.exit = [&] {
      s.push<logged<"c">>();
      s.clear();
    }});
    s.commit();
    ctx.take();
  }
  EXPECT_EQ(ctx.take(), "b.exit, a.resume, a.exit");
}

// committed: system | title | world*   (coalesced)
// requests:  pop, push options, push audio
// staged:    system | title | options | audio
// commit:    world.exit, options.enter, options.pause, audio.enter
TEST_F(commit, r9_worked_example_coalesced) {
  commit_system_title_world();
  s.set_coalesced(true);
  s.pop();
  s.push<logged<"options">>();
  s.push<logged<"audio">>();
  s.commit();
  EXPECT_EQ(trace(), "world.exit, options.enter, options.pause, audio.enter");
  EXPECT_TRUE(s.committed()[1].paused());
}

// committed: a | b | c*   (coalesced)
// requests:  pop, pop
// staged:    a
// commit:    c.exit, b.exit, a.resume   (b is revealed only to leave: no resume)
TEST_F(commit, r9_coalesced_state_revealed_only_to_leave_gets_no_resume) {
  s.push<logged<"a">>();
  s.push<logged<"b">>();
  s.push<logged<"c">>();
  commit_setup();
  s.set_coalesced(true);
  s.pop();
  s.pop();
  s.commit();
  EXPECT_EQ(trace(), "c.exit, b.exit, a.resume");
}

// committed: a | b*   (coalesced, set through the options)
// requests:  pop (b's exit pushes c)
// staged:    a | c
// commit:    b.exit, c.enter
TEST(commit_options, r9_coalesced_from_the_options_applies_to_requests_from_hooks) {
  recorder ctx;
  test_stack s{ctx, strata::options{.coalesced = true}};
  s.push<logged<"a">>();
  s.push<logged<"b">>(actions{.exit = [&] { s.push<logged<"c">>(); }});
  s.commit();
  ctx.take();
  s.pop();
  s.commit();
  EXPECT_EQ(ctx.take(), "b.exit, c.enter");
}

TEST_F(commit, r9_coalesced_is_off_by_default) {
  EXPECT_FALSE(s.settings().coalesced);
  EXPECT_FALSE(strata::options{}.coalesced);
}

// committed: (empty)
// commit:    (nothing; a commit with nothing pending calls no hook)
TEST_F(commit, r2_commit_with_nothing_pending_calls_no_hook) {
  s.commit();
  EXPECT_EQ(trace(), "");
  s.push<logged<"a">>();
  commit_setup();
  EXPECT_FALSE(s.pending());
  s.commit();
  EXPECT_EQ(trace(), "");
}

} // namespace
} // namespace strata_test
