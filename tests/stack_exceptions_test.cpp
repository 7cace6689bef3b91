// tests/stack_exceptions_test.cpp: exception safety (R25). Each hook kind throws once; the
// exception leaves commit() or the pass, and the stack stays consistent and leak-free. Compiled
// only with exceptions on.
#include "support/expect_error.hpp" // defines STRATA_NO_EXCEPTIONS when exceptions are off

#ifndef STRATA_NO_EXCEPTIONS

#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "support/trace.hpp"

namespace strata_test {
namespace {

class exceptions : public stack_fixture {};

// A hook action that throws the first time only.
std::function<void()> throw_once() {
  return once([] { throw std::runtime_error("boom"); });
}

// committed: base*
// requests:  push bad (its enter throws; pushed with on_exit)
// commit:    base.pause, bad.enter, bad.destroyed   -> throws; bad never entered: no exit, no
//            on_exit; base stays paused
// commit:    base.resume
TEST_F(exceptions, r25_enter_threw_removes_the_state_without_exit) {
  s.push<logged<"base">>();
  commit_setup();
  s.push<logged<"bad">>(ctx, actions{.enter = throw_once()}).on_exit([&](logged<"bad">&) {
    ctx.note("on_exit(bad)");
  });
  EXPECT_THROW(s.commit(), std::runtime_error);
  EXPECT_EQ(trace(), "base.pause, bad.enter, bad.destroyed");
  EXPECT_EQ(s.describe(), "base*");
  EXPECT_TRUE(s.committed().top()->paused());
  EXPECT_EQ(s.staged().size(), 1U);
  EXPECT_TRUE(s.pending());
  s.commit();
  EXPECT_EQ(trace(), "base.resume");
  EXPECT_FALSE(s.pending());
}

// committed: base*
// requests:  push bad (its enter throws), push next
// commit:    base.pause, bad.enter, bad.destroyed   -> throws
// staged:    base | next
// commit:    base.resume, base.pause, next.enter    (base is revealed for a moment)
TEST_F(exceptions, r25_enter_threw_under_a_pending_push) {
  s.push<logged<"base">>();
  commit_setup();
  s.push<logged<"bad">>(ctx, actions{.enter = throw_once()});
  s.push<logged<"next">>();
  EXPECT_THROW(s.commit(), std::runtime_error);
  EXPECT_EQ(trace(), "base.pause, bad.enter, bad.destroyed");
  EXPECT_EQ(s.describe(), "base*");
  s.commit();
  EXPECT_EQ(trace(), "base.resume, base.pause, next.enter");
  EXPECT_EQ(s.describe(), "base | next*");
}

// The same, coalesced: the next commit enters above the paused base directly.
// commit:    next.enter
TEST_F(exceptions, r25_enter_threw_under_a_pending_push_coalesced) {
  s.set_coalesced(true);
  s.push<logged<"base">>();
  commit_setup();
  s.push<logged<"bad">>(actions{.enter = throw_once()});
  s.push<logged<"next">>();
  EXPECT_THROW(s.commit(), std::runtime_error);
  EXPECT_EQ(trace(), "base.pause, bad.enter");
  s.commit();
  EXPECT_EQ(trace(), "next.enter");
}

// committed: base*
// requests:  push bad (its enter pops itself, then throws)
// commit:    base.pause, bad.enter, bad.destroyed   -> throws (no exit: it never entered)
// commit:    base.resume
TEST_F(exceptions, r25_enter_threw_after_popping_itself) {
  s.push<logged<"base">>();
  commit_setup();
  s.push<logged<"bad">>(ctx, actions{.enter = [&] {
                          s.pop();
                          throw std::runtime_error("boom");
                        }});
  EXPECT_THROW(s.commit(), std::runtime_error);
  EXPECT_EQ(trace(), "base.pause, bad.enter, bad.destroyed");
  EXPECT_EQ(s.describe(), "base*");
  s.commit();
  EXPECT_EQ(trace(), "base.resume");
}

// committed: a | base*
// requests:  push bad (its enter clears the stack, then throws)
// commit:    base.pause, bad.enter, bad.destroyed   -> throws; a and base still wait to leave
// commit:    base.resume, base.exit, a.resume, a.exit
TEST_F(exceptions, r25_enter_threw_after_clearing_the_stack) {
  s.push<logged<"a">>();
  s.push<logged<"base">>();
  commit_setup();
  s.push<logged<"bad">>(ctx, actions{.enter = [&] {
                          s.clear();
                          throw std::runtime_error("boom");
                        }});
  EXPECT_THROW(s.commit(), std::runtime_error);
  EXPECT_EQ(trace(), "base.pause, bad.enter, bad.destroyed");
  EXPECT_EQ(s.describe(), "a | base*");
  EXPECT_TRUE(s.staged().empty());
  s.commit();
  EXPECT_EQ(trace(), "base.resume, base.exit, a.resume, a.exit");
}

// committed: base | bad*   (bad's exit throws; pushed with on_exit)
// requests:  pop
// commit:    bad.exit, bad.destroyed   -> throws; bad is gone, without on_exit
// commit:    base.resume
TEST_F(exceptions, r25_exit_threw_the_state_is_gone) {
  s.push<logged<"base">>();
  s.push<logged<"bad">>(ctx, actions{.exit = throw_once()}).on_exit([&](logged<"bad">&) {
    ctx.note("on_exit(bad)");
  });
  commit_setup();
  s.pop();
  EXPECT_THROW(s.commit(), std::runtime_error);
  EXPECT_EQ(trace(), "bad.exit, bad.destroyed");
  EXPECT_EQ(s.describe(), "base*");
  EXPECT_TRUE(s.pending());
  s.commit();
  EXPECT_EQ(trace(), "base.resume");
}

// committed: a | b | bad*   (bad's exit throws)
// requests:  clear
// commit:    bad.exit, bad.destroyed   -> throws
// commit:    b.resume, b.exit, a.resume, a.exit   (the rest of the clear)
TEST_F(exceptions, r25_exit_threw_during_clear_the_next_commit_finishes_it) {
  s.push<logged<"a">>();
  s.push<logged<"b">>();
  s.push<logged<"bad">>(ctx, actions{.exit = throw_once()});
  commit_setup();
  s.clear();
  EXPECT_THROW(s.commit(), std::runtime_error);
  EXPECT_EQ(trace(), "bad.exit, bad.destroyed");
  EXPECT_EQ(s.describe(), "a | b*");
  s.commit();
  EXPECT_EQ(trace(), "b.resume, b.exit, a.resume, a.exit");
}

// committed: a*   (a's pause throws)
// requests:  push b
// commit:    a.pause   -> throws; a counts as paused
// commit:    a.resume, a.pause, b.enter
TEST_F(exceptions, r25_pause_threw_counts_as_paused) {
  s.push<logged<"a">>(actions{.pause = throw_once()});
  commit_setup();
  s.push<logged<"b">>();
  EXPECT_THROW(s.commit(), std::runtime_error);
  EXPECT_EQ(trace(), "a.pause");
  EXPECT_TRUE(s.committed().top()->paused());
  s.commit();
  EXPECT_EQ(trace(), "a.resume, a.pause, b.enter");
}

// committed: a | b*   (a's resume throws)
// requests:  pop
// commit:    b.exit, a.resume   -> throws; a counts as resumed: only its focus is left (R29)
TEST_F(exceptions, r25_resume_threw_counts_as_resumed) {
  s.push<logged<"a">>(actions{.resume = throw_once()});
  s.push<logged<"b">>();
  commit_setup();
  s.pop();
  EXPECT_THROW(s.commit(), std::runtime_error);
  EXPECT_EQ(trace(), "b.exit, a.resume");
  EXPECT_FALSE(s.committed().top()->paused());
  EXPECT_TRUE(s.pending());
  s.commit();
  EXPECT_EQ(trace(), "");
  EXPECT_FALSE(s.pending());
}

// committed: world | hud(transparent)*   (each pass hook throws once)
// update:    world.update_covered -> throws / hud.update -> throws / draw, handle alike
// then:      every pass runs whole again; nothing changed
TEST_F(exceptions, r25_pass_hooks_threw_nothing_changes) {
  s.push<logged<"world">>(
      actions{.update_covered = throw_once(), .draw = throw_once(), .handle = [](const event& e) {
                if (e.code == 1) {
                  throw std::runtime_error("boom");
                }
                return false;
              }});
  s.push<logged<"hud", strata::modality::transparent>>(actions{.update = throw_once()});
  commit_setup();
  EXPECT_THROW(s.update(0.5), std::runtime_error);
  EXPECT_EQ(trace(), "world.update_covered");
  EXPECT_THROW(s.update(0.5), std::runtime_error);
  EXPECT_EQ(trace(), "world.update_covered, hud.update");
  EXPECT_THROW(s.draw(), std::runtime_error);
  EXPECT_EQ(trace(), "world.draw");
  EXPECT_THROW(s.handle(event{1}), std::runtime_error);
  EXPECT_EQ(trace(), "hud.handle(1), world.handle(1)");
  EXPECT_FALSE(s.pending());
  s.update(0.5);
  s.draw();
  EXPECT_FALSE(s.handle(event{2}));
  EXPECT_EQ(trace(), "world.update_covered, hud.update, world.draw, hud.draw, hud.handle(2), "
                     "world.handle(2)");
  EXPECT_EQ(s.describe(), "world | hud*");
}

// committed: world | hud(transparent)*   (world.update_covered pushes never, then throws)
// update:    world.update_covered -> throws; hud.update is not reached
// staged:    world | hud | never   (the request made before the throw stays)
TEST_F(exceptions, r25_requests_made_before_a_pass_threw_stay_staged) {
  s.push<logged<"world">>(actions{.update_covered = [&] {
    s.push<logged<"never">>();
    throw std::runtime_error("boom");
  }});
  s.push<logged<"hud", strata::modality::transparent>>();
  commit_setup();
  EXPECT_THROW(s.update(0.5), std::runtime_error);
  EXPECT_EQ(trace(), "world.update_covered");
  EXPECT_EQ(s.staged().size(), 3U);
  s.commit();
  EXPECT_EQ(trace(), "hud.pause, never.enter");
}

// committed: a*   (the observer throws when b enters)
// requests:  push b
// commit:    a.pause, b.enter   -> throws after the step: b has entered
TEST_F(exceptions, r25_observer_threw_leaves_the_commit_like_a_hook) {
  s.push<logged<"a">>();
  commit_setup();
  s.set_observer([](const strata::step_info& info) {
    if (info.step == strata::step::enter) {
      throw std::runtime_error("boom");
    }
  });
  s.push<logged<"b">>();
  EXPECT_THROW(s.commit(), std::runtime_error);
  s.set_observer({});
  EXPECT_EQ(trace(), "a.pause, b.enter");
  EXPECT_EQ(s.describe(), "a | b*");
  EXPECT_TRUE(s.pending()); // R29: the commit stopped before the focus moved to b
  s.commit();
  EXPECT_EQ(trace(), "");
  EXPECT_FALSE(s.pending());
}

// committed: a | b*   staged above them: c | d, never entered   (the observer throws at a pop)
// requests:  clear  -> throws out of the observer's first call, the pop of d; c and d are still
//                      destroyed, each once, and the staged stack is what clear() left
// commit:    b.exit, a.resume, a.exit   (R8: a is revealed on its way out)
TEST_F(exceptions, r25_observer_threw_during_a_clear_the_unentered_are_destroyed_once) {
  s.push<logged<"a">>();
  s.push<logged<"b">>();
  commit_setup();
  s.push<logged<"c">>(ctx);
  s.push<logged<"d">>(ctx);
  s.set_observer([](const strata::step_info& info) {
    if (info.step == strata::step::pop) {
      throw std::runtime_error("boom");
    }
  });
  EXPECT_THROW(s.clear(), std::runtime_error);
  s.set_observer({});
  EXPECT_EQ(trace(), "d.destroyed, c.destroyed");
  EXPECT_TRUE(s.staged().empty());
  s.commit();
  EXPECT_EQ(trace(), "b.exit, a.resume, a.exit");
}

// committed: a | b*   (b's on_exit throws)
// requests:  pop
// commit:    b.exit, b.destroyed   -> throws; b is gone
// commit:    a.resume
TEST_F(exceptions, r25_on_exit_threw_the_state_is_gone) {
  s.push<logged<"a">>();
  s.push<logged<"b">>(ctx).on_exit([](logged<"b">&) { throw std::runtime_error("boom"); });
  commit_setup();
  s.pop();
  EXPECT_THROW(s.commit(), std::runtime_error);
  EXPECT_EQ(trace(), "b.exit, b.destroyed");
  s.commit();
  EXPECT_EQ(trace(), "a.resume");
}

// committed: a | b*   (b's exit throws, or its on_exit does; the observer watches)
// requests:  pop
// commit:    b.exit, exit b@1, b.destroyed   -> throws; b has left, and the observer knows it
TEST_F(exceptions, r25_exit_or_on_exit_threw_the_observer_is_told_the_exit) {
  for (const bool on_exit_throws : {false, true}) {
    s.push<logged<"a">>();
    if (on_exit_throws) {
      s.push<logged<"b">>(ctx).on_exit([](logged<"b">&) { throw std::runtime_error("boom"); });
    } else {
      s.push<logged<"b">>(ctx, actions{.exit = throw_once()});
    }
    commit_setup();
    watch(s, ctx);
    s.pop();
    EXPECT_THROW(s.commit(), std::runtime_error);
    EXPECT_EQ(trace(), "pop b@1, unfocus b@1, b.exit, exit b@1, b.destroyed");
    s.commit();
    EXPECT_EQ(trace(), "a.resume, resume a@0, focus a@0");
    s.set_observer({});
    s.clear();
    s.commit();
    trace();
  }
}

// A state whose enter or exit throws, and whose destructor makes requests: one that R24 allows
// (a push) and one it refuses (a commit), whose message says where the stack stands.
class doomed {
public:
  static constexpr std::string_view name = "doomed";
  enum class fails { enter, exit };
  doomed(test_stack& stack, fails when)
      : stack_(&stack)
      , fails_(when) {}
  doomed(const doomed&) = delete;
  doomed& operator=(const doomed&) = delete;
  ~doomed() {
    recorder& r = stack_->context();
    r.log(name, "destroyed");
    stack_->push<logged<"after">>();
    try {
      stack_->commit();
    } catch (const strata::error& e) {
      r.note(e.what());
    }
  }
  void enter(recorder& r) { hook(r, "enter", fails::enter); }
  void exit(recorder& r) { hook(r, "exit", fails::exit); }

private:
  void hook(recorder& r, std::string_view which, fails when) const {
    r.log(name, which);
    if (fails_ == when) {
      throw std::runtime_error("boom");
    }
  }
  test_stack* stack_;
  fails fails_;
};

// committed: (empty), then base*
// requests:  push doomed   (its enter throws; ~doomed pushes 'after' and tries to commit)
// commit:    [base.pause,] doomed.enter throws, doomed.destroyed (its push is staged, its commit
//            refused "during commit()", not in a hook of a state that is gone or not there)
TEST_F(exceptions, r25_a_destructor_after_a_throwing_enter_makes_ordinary_requests) {
  for (const bool with_base : {false, true}) {
    if (with_base) {
      s.push<logged<"base">>();
      commit_setup();
    }
    s.push<doomed>(s, doomed::fails::enter);
    EXPECT_THROW(s.commit(), std::runtime_error);
    EXPECT_EQ(trace(), std::string(with_base ? "base.pause, " : "") +
                           "doomed.enter, doomed.destroyed, strata: commit() called during "
                           "commit(); requests made there take effect at the running commit");
    s.commit();
    EXPECT_EQ(trace(), with_base ? "base.resume, base.pause, after.enter" : "after.enter");
    s.clear();
    s.commit();
    trace();
  }
}

// committed: (empty), then base*;  doomed*  on top
// requests:  pop   (doomed's exit throws; ~doomed pushes 'after' and tries to commit)
TEST_F(exceptions, r25_a_destructor_after_a_throwing_exit_makes_ordinary_requests) {
  for (const bool with_base : {false, true}) {
    if (with_base) {
      s.push<logged<"base">>();
    }
    s.push<doomed>(s, doomed::fails::exit);
    commit_setup();
    s.pop();
    EXPECT_THROW(s.commit(), std::runtime_error);
    EXPECT_EQ(trace(), "doomed.exit, doomed.destroyed, strata: commit() called during commit(); "
                       "requests made there take effect at the running commit");
    s.commit();
    EXPECT_EQ(trace(), with_base ? "base.resume, base.pause, after.enter" : "after.enter");
    s.clear();
    s.commit();
    trace();
  }
}

// A state whose constructor throws.
struct unbuildable {
  explicit unbuildable(int) { throw std::runtime_error("no"); }
};

// committed: a*
// requests:  push unbuildable, replace with unbuildable   -> throws; nothing staged or popped
TEST_F(exceptions, r25_constructor_threw_stages_nothing) {
  s.push<logged<"a">>();
  commit_setup();
  EXPECT_THROW(s.push<unbuildable>(1), std::runtime_error);
  EXPECT_THROW(s.replace<unbuildable>(1), std::runtime_error);
  EXPECT_EQ(s.staged().size(), 1U);
  EXPECT_FALSE(s.pending());
}

// Throws when moved once its budget of moves is spent.
class fragile : public counted {
public:
  static constexpr std::string_view name = "fragile";
  fragile() = default;
  explicit fragile(int* moves_left)
      : moves_left_(moves_left) {}
  fragile(fragile&& other)
      : counted(other)
      , moves_left_(other.moves_left_) {
    if (moves_left_ != nullptr && (*moves_left_)-- == 0) {
      throw std::runtime_error("no");
    }
  }
  fragile& operator=(fragile&&) = delete;

private:
  int* moves_left_ = nullptr;
};

// committed: (empty)
// requests:  push_first_on_top(a, fragile, c): c is staged first, then moving fragile throws
// staged:    (empty)   (all or nothing)
TEST_F(exceptions, r25_push_first_on_top_is_all_or_nothing_when_a_move_throws) {
  int moves_left = 0;
  EXPECT_THROW(s.push_first_on_top(logged<"a">{ctx}, fragile{&moves_left}, logged<"c">{ctx}),
               std::runtime_error);
  EXPECT_EQ(trace(), "c.destroyed, a.destroyed");
  EXPECT_TRUE(s.staged().empty());
  EXPECT_FALSE(s.pending());
}

// committed: (empty)
// requests:  push a (its enter throws)
// commit:    a.enter   -> throws; the stack is empty again
// requests:  push a, push b
// commit:    a.enter, a.pause, b.enter   (commits and passes work as before)
TEST_F(exceptions, r25_the_stack_is_usable_after_a_throw) {
  s.push<logged<"a">>(actions{.enter = throw_once()});
  EXPECT_THROW(s.commit(), std::runtime_error);
  EXPECT_EQ(trace(), "a.enter");
  EXPECT_TRUE(s.empty());
  s.push<logged<"a">>();
  s.push<logged<"b">>();
  s.commit();
  EXPECT_EQ(trace(), "a.enter, a.pause, b.enter");
  s.update(0.5);
  EXPECT_EQ(trace(), "a.update_covered, b.update");
}

static_assert(std::is_nothrow_destructible_v<test_stack>,
              "R25: hooks must not throw during the stack's destruction");

} // namespace
} // namespace strata_test

#endif
