// tests/observer_test.cpp: what the observer is told (R22), step by step with depths, and that it
// may read the stack and make requests like a hook (R1).
#include <string>

#include "support/trace.hpp"

namespace strata_test {
namespace {

class observer : public stack_fixture {};

// committed: system | title | world*
// requests:  pop, push options, push audio
// commit:    each hook followed by its step, depths counted from the bottom
TEST_F(observer, r22_every_step_of_the_worked_example) {
  watch(s, ctx);
  s.push<logged<"system">>();
  s.push<logged<"title">>();
  s.push<logged<"world">>();
  s.commit();
  EXPECT_EQ(trace(), "push system@0, push title@1, push world@2, system.enter, enter system@0, "
                     "system.pause, pause system@0, title.enter, enter title@1, title.pause, "
                     "pause title@1, world.enter, enter world@2");
  s.pop();
  s.push<logged<"options">>();
  s.push<logged<"audio">>();
  EXPECT_EQ(trace(), "pop world@2, push options@2, push audio@3");
  s.commit();
  EXPECT_EQ(trace(), "world.exit, exit world@2, title.resume, resume title@1, title.pause, "
                     "pause title@1, options.enter, enter options@2, options.pause, "
                     "pause options@2, audio.enter, enter audio@3");
}

// committed: a*
// requests:  push b, push c, pop, pop   (never entered: pop then discard, top first)
TEST_F(observer, r22_push_pop_discard_with_staged_depths) {
  s.push<logged<"a">>();
  commit_setup();
  watch(s, ctx);
  s.push<logged<"b">>();
  s.push<logged<"c">>();
  s.clear();
  EXPECT_EQ(trace(), "push b@1, push c@2, pop c@2, discard c@2, pop b@1, discard b@1, pop a@0");
  s.commit();
  EXPECT_EQ(trace(), "a.exit, exit a@0");
}

// committed: (empty)
// requests:  push a, push_first_on_top(b, c)   (staged last first)
TEST_F(observer, r22_push_first_on_top_reports_each_push_bottom_up) {
  watch(s, ctx);
  s.push<logged<"a">>();
  s.push_first_on_top(logged<"b">{}, logged<"c">{});
  EXPECT_EQ(trace(), "push a@0, push c@1, push b@2");
}

// committed: a | b*   (the stack is destroyed)
// ~stack:    pop b@1, pop a@0, b.exit, exit b@1, a.resume, resume a@0, a.exit, exit a@0
TEST(observer_destruction, r22_destruction_reports_its_steps_too) {
  recorder ctx;
  {
    test_stack s{ctx};
    s.push<logged<"a">>();
    s.push<logged<"b">>();
    s.commit();
    watch(s, ctx);
    ctx.take();
  }
  EXPECT_EQ(ctx.take(),
            "pop b@1, pop a@0, b.exit, exit b@1, a.resume, resume a@0, a.exit, exit a@0");
}

// committed: (empty)   (the observer pushes hud when world enters)
// requests:  push world
// commit:    world.enter, world.pause, hud.enter   (carried out by the same commit)
TEST_F(observer, r1_requests_from_an_observer_are_carried_out_by_the_running_commit) {
  s.set_observer([&](const strata::step_info& info) {
    if (info.step == strata::step::enter && info.state == "world") {
      ctx.note("observer sees " + s.describe());
      s.push<logged<"hud">>();
    }
  });
  s.push<logged<"world">>();
  s.commit();
  EXPECT_EQ(trace(), "world.enter, observer sees world*, world.pause, hud.enter");
}

// committed: world*   (the observer pops what was just pushed)
// requests:  push popup
// staged:    world
TEST_F(observer, r1_an_observer_may_undo_a_push_outside_any_commit) {
  s.push<logged<"world">>();
  commit_setup();
  s.set_observer([&](const strata::step_info& info) {
    if (info.step == strata::step::push) {
      s.pop();
    }
  });
  s.push<logged<"popup">>(ctx);
  EXPECT_EQ(trace(), "popup.destroyed");
  EXPECT_FALSE(s.pending());
}

TEST(observer_steps, r22_step_names) {
  EXPECT_EQ(strata::to_string(strata::step::push), "push");
  EXPECT_EQ(strata::to_string(strata::step::pop), "pop");
  EXPECT_EQ(strata::to_string(strata::step::discard), "discard");
  EXPECT_EQ(strata::to_string(strata::step::enter), "enter");
  EXPECT_EQ(strata::to_string(strata::step::exit), "exit");
  EXPECT_EQ(strata::to_string(strata::step::pause), "pause");
  EXPECT_EQ(strata::to_string(strata::step::resume), "resume");
}

} // namespace
} // namespace strata_test
