// tests/observer_test.cpp: what the observer is told (R22), step by step with depths, and that it
// may read the stack and make requests like a hook (R1).
#include <memory>
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
                     "pause title@1, world.enter, enter world@2, focus world@2");
  s.pop();
  s.push<logged<"options">>();
  s.push<logged<"audio">>();
  EXPECT_EQ(trace(), "pop world@2, push options@2, push audio@3");
  s.commit();
  EXPECT_EQ(trace(), "unfocus world@2, world.exit, exit world@2, title.resume, resume title@1, "
                     "title.pause, pause title@1, options.enter, enter options@2, options.pause, "
                     "pause options@2, audio.enter, enter audio@3, focus audio@3");
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
  EXPECT_EQ(trace(), "unfocus a@0, a.exit, exit a@0");
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
// ~stack:    pop b@1, pop a@0, unfocus b@1, b.exit, exit b@1, a.resume, resume a@0, a.exit,
//            exit a@0   (a, revealed on its way out, never gets the focus)
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
            "pop b@1, pop a@0, unfocus b@1, b.exit, exit b@1, a.resume, resume a@0, a.exit, "
            "exit a@0");
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

// A state whose name lives in the state itself, as a std::string (long enough to be on the heap).
struct titled {
  std::string title;
  [[nodiscard]] std::string_view name() const { return title; }
};

// committed: (empty)   (the observer pops the state of its own push step, then reads the name)
// requests:  push titled, push a.name(...)
// The name the observer was handed stays valid for the whole call (D5 of issue 10).
TEST_F(observer, r22_the_step_name_outlives_the_state_for_the_whole_call) {
  const std::string long_name(100, 'n');
  s.set_observer([&](const strata::step_info& info) {
    if (info.step == strata::step::push) {
      s.pop();
      ctx.note("told push " + std::string(info.state));
    }
  });
  s.push<titled>(titled{long_name + " from the state"});
  EXPECT_EQ(trace(), "told push " + long_name + " from the state");
  // The same for the state a replace() stages: the pop of the old top is told first, then the
  // push of the new one, which the observer pops at once.
  s.set_observer({});
  s.push<logged<"base">>();
  s.set_observer([&](const strata::step_info& info) {
    if (info.step == strata::step::push) {
      s.pop();
      ctx.note("told push " + std::string(info.state));
    }
  });
  s.replace<titled>(titled{long_name + " replacing"});
  EXPECT_EQ(trace(), "told push " + long_name + " replacing");
  EXPECT_TRUE(s.staged().empty());
  // A name given with .name() is told whole on the pop step, where the state still lives: a name
  // over 63 bytes takes the copy that allocates.
  s.set_observer([&](const strata::step_info& info) {
    if (info.step == strata::step::pop && info.state.size() > 10) {
      s.push<logged<"x">>();
      s.pop();
      ctx.note("told pop " + std::string(info.state));
    }
  });
  s.push<logged<"a">>().name(long_name);
  s.pop();
  EXPECT_EQ(trace(), "told pop " + long_name);
  EXPECT_TRUE(s.staged().empty());
}

// committed: (empty)   (the observer replaces itself while it runs; its captures must live
// until its call ends, D4 of issue 10)
TEST_F(observer, r22_an_observer_may_replace_itself) {
  bool first_alive = true;
  s.set_observer([&, lifetime = std::shared_ptr<void>(nullptr, [&](void*) {
                       first_alive = false;
                     })](const strata::step_info& info) {
    s.set_observer([&](const strata::step_info& later) {
      ctx.note("second told " + std::string(strata::to_string(later.step)));
    });
    ctx.note(std::string("first told ") + std::string(strata::to_string(info.step)) +
             (first_alive ? ", still alive" : ", destroyed"));
  });
  s.push<logged<"a">>();
  EXPECT_FALSE(first_alive);
  s.push<logged<"b">>();
  EXPECT_EQ(trace(), "first told push, still alive, second told push");
  s.set_observer({});
}

// committed: (empty)   (the observer pushes `extra` on each push of the batch)
// requests:  push_first_on_top(a, b, c)
// The batch is staged as one block before the observer hears of it (D8 of issue 10), so the
// observer's pushes land above it.
TEST_F(observer, r22_push_first_on_top_stays_one_block_under_an_observer_that_pushes) {
  strata::observer log = [&](const strata::step_info& info) {
    ctx.note("push " + std::string(info.state) + "@" + std::to_string(info.depth));
  };
  s.set_observer([&](const strata::step_info& info) {
    if (info.step == strata::step::push) {
      log(info);
      if (info.state != "extra") {
        s.push<logged<"extra">>();
      }
    }
  });
  s.push_first_on_top(logged<"a">{}, logged<"b">{}, logged<"c">{});
  EXPECT_EQ(trace(), "push c@0, push extra@3, push b@1, push extra@4, push a@2, push extra@5");
  std::string staged;
  for (const auto entry : s.staged()) {
    staged += std::string(entry.name()) + " ";
  }
  EXPECT_EQ(staged, "c b a extra extra extra ");
}

// The same with a callable small enough to live inside the std::function itself, which a move
// would relocate under the running call (found by review of issue 10's fix).
TEST_F(observer, r22_an_observer_with_small_captures_may_replace_itself) {
  s.set_observer([&s = s, &ctx = ctx, id = 1L](const strata::step_info&) {
    s.set_observer([&ctx, id = 2L](const strata::step_info&) { ctx.note(std::to_string(id)); });
    ctx.note("first reads " + std::to_string(id));
  });
  s.push<logged<"a">>();
  s.push<logged<"b">>();
  EXPECT_EQ(trace(), "first reads 1, 2");
  s.set_observer({});
}

// committed: a*   (the observer pushes a toast whenever it is told of a pop)
// requests:  clear
// The request unstages what was staged when it started, then tells; the toasts stay (R22). It
// used to pop each toast in turn, for ever.
TEST_F(observer, r22_an_observer_pushing_on_each_pop_cannot_prolong_a_clear) {
  s.push<logged<"a">>();
  s.push<logged<"b">>();
  commit_setup();
  s.set_observer([&](const strata::step_info& info) {
    ctx.note(std::string(strata::to_string(info.step)) + " " + std::string(info.state));
    if (info.step == strata::step::pop && info.state != "toast") {
      s.push<logged<"toast">>();
    }
  });
  s.clear();
  EXPECT_EQ(trace(), "pop b, push toast, pop a, push toast");
  EXPECT_EQ(s.staged().size(), 2U);
  s.set_observer({});
  s.clear();
  s.commit();
  EXPECT_EQ(trace(), "b.exit, a.resume, a.exit");
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

// An empty name may be a view with no data (a name() returning {}, or .name({})): the observer is
// told an empty name, and the copy made for it reads no byte (UBSan checks the copy in CI).
TEST(observer_names, empty_names_without_data_reach_the_observer_empty) {
  struct unnamed {
    [[nodiscard]] std::string_view name() const { return {}; }
  };
  strata::stack<> s;
  std::string told;
  s.set_observer(
      [&](const strata::step_info& info) { told += "[" + std::string(info.state) + "]"; });
  s.push<unnamed>();
  s.push<unnamed>().name(std::string_view{});
  s.commit();
  s.set_observer({});
  EXPECT_EQ(told, "[][][][][][]"); // push, push, enter, pause, enter, focus
}

} // namespace
} // namespace strata_test
