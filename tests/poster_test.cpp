// tests/poster_test.cpp: R35, requests posted through a poster, on one thread (the threads test,
// tests/threads/poster_test.cpp, posts from eight): applied at the start of the next commit and
// not before, in order, once per commit for a post that posts again; cancelled until applied;
// refused once the stack is gone; a post that throws; what a posted callable may not do.
#include <array>
#include <memory>
#include <string>
#include <thread>
#include <utility>

#include "support/expect_error.hpp"
#include "support/trace.hpp"
#include <strata/poster.hpp>

namespace strata_test {
namespace {

using strata::errc;
using strata::post_ticket;
using test_poster = strata::poster<recorder, event>;

class posts : public stack_fixture {
protected:
  // committed: level*
  posts() {
    s.push<logged<"level">>();
    commit_setup();
  }
  test_poster p = s.poster();
};

// Logs "<name>.destroyed" into the trace when the callable (the one posted, not a moved-from
// copy) is destroyed; logs "<name>.run" and pushes a `dialog` when run.
class tracked_post {
public:
  tracked_post(recorder& log, std::string name)
      : log_(&log)
      , name_(std::move(name)) {}
  tracked_post(tracked_post&& other) noexcept
      : log_(std::exchange(other.log_, nullptr))
      , name_(std::move(other.name_)) {}
  tracked_post& operator=(tracked_post&&) = delete;
  tracked_post(const tracked_post&) = delete;
  tracked_post& operator=(const tracked_post&) = delete;
  ~tracked_post() {
    if (log_ != nullptr) {
      log_->log(name_, "destroyed");
    }
  }
  void operator()(test_stack& stack) const {
    log_->log(name_, "run");
    stack.push<logged<"dialog">>();
  }

private:
  recorder* log_;
  std::string name_;
};

// committed: level*
// post push(dialog): nothing happens until the next commit, which carries it out
TEST_F(posts, r35_a_post_is_applied_by_the_next_commit_and_not_before) {
  watch(s, ctx);
  const post_ticket ticket = p.post([](test_stack& stack) { stack.push<logged<"dialog">>(); });
  EXPECT_EQ(ticket, post_ticket{1});
  EXPECT_EQ(views(s), "level | level");
  EXPECT_TRUE(s.pending());
  s.update(0.5);
  s.draw();
  EXPECT_EQ(trace(), "level.update, level.draw");
  EXPECT_EQ(views(s), "level | level");
  s.commit();
  EXPECT_EQ(trace(), "push dialog@1, level.pause, pause level@0, dialog.enter, enter dialog@1, "
                     "unfocus level@0, focus dialog@1");
  EXPECT_FALSE(s.pending());
}

// frame(): commit, update, commit, draw; a post is applied at its first commit
TEST_F(posts, r35_frame_applies_posts_at_its_first_commit) {
  p.post([](test_stack& stack) { stack.push<logged<"dialog", strata::modality::live>>(); });
  s.frame(0.5);
  EXPECT_EQ(trace(), "level.pause, dialog.enter, level.update_covered, dialog.update, level.draw, "
                     "dialog.draw");
}

// posts: push a, push b, pop, push c (from one thread): applied in that order
TEST_F(posts, r35_posts_are_applied_in_the_order_they_were_made) {
  p.post([](test_stack& stack) { stack.push<logged<"a">>(); });
  p.post([](test_stack& stack) { stack.push<logged<"b">>(); });
  p.post([](test_stack& stack) { stack.pop(); });
  const post_ticket last = p.post([](test_stack& stack) { stack.push<logged<"c">>(); });
  EXPECT_EQ(last, post_ticket{4});
  s.commit();
  EXPECT_EQ(trace(), "level.pause, a.enter, a.pause, c.enter");
  EXPECT_EQ(views(s), "level a c | level a c");
}

// A post that posts again, and a state whose enter posts: each waits for the next commit, so a
// commit applies each post once however often it repeats.
TEST_F(posts, r35_a_post_that_posts_again_is_applied_once_per_commit) {
  int runs = 0;
  std::function<void(test_stack&)> again = [&](test_stack& /*stack*/) {
    ++runs;
    ctx.note("post " + std::to_string(runs));
    p.post(again);
  };
  p.post(again);
  s.commit();
  EXPECT_EQ(runs, 1);
  EXPECT_TRUE(s.pending()); // the post it made waits
  s.commit();
  EXPECT_EQ(runs, 2);
  s.frame(0.5); // two commits: before the update and after it
  EXPECT_EQ(runs, 4);
  EXPECT_EQ(trace(), "post 1, post 2, post 3, level.update, post 4, level.draw");

  // committed: level*   a state that posts from its enter
  test_poster& door = p;
  s.push<logged<"a">>(
      actions{.enter = [&] { door.post([](test_stack& stack) { stack.push<logged<"b">>(); }); }});
  s.commit();
  EXPECT_EQ(trace(), "post 5, level.pause, a.enter");
  s.commit();
  EXPECT_EQ(trace(), "post 6, a.pause, b.enter");
}

// cancel: true before the post is applied (which then never is, and its callable is destroyed
// at once), false after, twice, for none, and for a ticket of no post
TEST_F(posts, r35_a_post_can_be_cancelled_until_it_is_applied) {
  const post_ticket first = p.post(tracked_post{ctx, "first"});
  const post_ticket second = p.post(tracked_post{ctx, "second"});
  EXPECT_EQ(trace(), "");
  EXPECT_TRUE(p.cancel(first));
  EXPECT_EQ(trace(), "first.destroyed");
  EXPECT_FALSE(p.cancel(first));
  EXPECT_TRUE(s.pending());
  s.commit();
  EXPECT_EQ(trace(), "second.run, second.destroyed, level.pause, dialog.enter");
  EXPECT_FALSE(p.cancel(second));
  EXPECT_FALSE(p.cancel(post_ticket::none));
  EXPECT_FALSE(p.cancel(post_ticket{99}));
  EXPECT_FALSE(s.pending());

  // cancelled from inside an earlier post of the same commit: never runs
  post_ticket later{};
  p.post([&](test_stack& /*stack*/) { ctx.note(p.cancel(later) ? "cancelled" : "too late"); });
  later = p.post(tracked_post{ctx, "later"});
  s.commit();
  EXPECT_EQ(trace(), "later.destroyed, cancelled");
  // the last post cancelled: nothing waits
  p.cancel(p.post(tracked_post{ctx, "last"}));
  EXPECT_EQ(trace(), "last.destroyed");
  EXPECT_FALSE(s.pending());
}

// The stack destroyed with posts waiting: they are destroyed, never run, before the states exit;
// the poster outlives it, and posts and cancels are refused.
TEST(posts_after_the_stack, r35_a_poster_outlives_its_stack_and_is_refused) {
  recorder ctx;
  test_poster survivor;
  EXPECT_EQ(survivor.post([](test_stack& /*stack*/) {}), post_ticket::none); // posts nowhere
  post_ticket waiting{};
  {
    test_stack s{ctx};
    s.push<logged<"level">>();
    s.commit();
    survivor = s.poster();
    waiting = survivor.post(tracked_post{ctx, "waiting"});
    ctx.take();
  }
  EXPECT_EQ(ctx.take(), "waiting.destroyed, level.exit");
  EXPECT_FALSE(survivor.cancel(waiting));
  EXPECT_EQ(survivor.post(tracked_post{ctx, "late"}), post_ticket::none);
  EXPECT_EQ(ctx.take(), "late.destroyed"); // the argument, as any temporary, not run
  test_poster copy = survivor;
  EXPECT_EQ(copy.post([](test_stack& /*stack*/) {}), post_ticket::none);
}

// R26: a poster made by an exit hook of ~stack, after the inbox closed, posts nowhere (it once
// made a second inbox, which nothing closed).
TEST(posts_after_the_stack, r35_a_poster_made_during_destruction_posts_nowhere) {
  recorder ctx;
  test_poster late;
  post_ticket ticket{7};
  {
    test_stack s{ctx};
    s.push<logged<"level">>(actions{.exit = [&] {
      late = s.poster();
      ticket = late.post(tracked_post{ctx, "late"});
    }});
    s.commit();
    ctx.take();
  }
  EXPECT_EQ(ticket, post_ticket::none);
  EXPECT_EQ(ctx.take(), "level.exit, late.destroyed");
}

// A posted callable whose size exceeds the node's (64 bytes) is kept in a block of its own: run
// and destroyed once all the same.
TEST_F(posts, r35_a_large_callable_is_run_and_destroyed_once) {
  std::array<char, 200> payload{};
  payload[199] = 'x';
  auto counted_payload = std::make_shared<int>(0);
  p.post([payload, counted_payload](test_stack& stack) {
    if (payload[199] == 'x') {
      stack.push<logged<"dialog">>();
    }
  });
  EXPECT_EQ(counted_payload.use_count(), 2);
  s.commit();
  EXPECT_EQ(trace(), "level.pause, dialog.enter");
  EXPECT_EQ(counted_payload.use_count(), 1);
  p.cancel(p.post([payload, counted_payload](test_stack& stack) {
    if (payload[199] == 'x') {
      stack.pop();
    }
  }));
  EXPECT_EQ(counted_payload.use_count(), 1);
}

// A posted callable may make requests, but may not commit, run a pass or a frame (R24).
TEST_F(posts, r35_a_posted_callable_may_not_commit_or_run_a_pass) {
  const std::array<std::pair<const char*, std::function<void(test_stack&)>>, 5> calls{{
      {"commit()", [](test_stack& stack) { stack.commit(); }},
      {"update()", [](test_stack& stack) { stack.update(0.5); }},
      {"draw()", [](test_stack& stack) { stack.draw(); }},
      {"handle()", [](test_stack& stack) { stack.handle(event{1}); }},
      {"frame()", [](test_stack& stack) { stack.frame(0.5); }},
  }};
  for (const auto& [name, refused_call] : calls) {
    const std::function<void(test_stack&)>& call = refused_call;
    p.post([&call](test_stack& stack) {
      stack.push<logged<"a">>();
      call(stack);
    });
    expect_error(s, errc::reentrant_call,
                 std::string("strata: ") + name +
                     " called from inside a posted callable; requests made there take effect at "
                     "the running commit",
                 [&] { s.commit(); });
    s.commit(); // the push was made before the refusal
    EXPECT_EQ(trace(), "level.pause, a.enter") << name;
    s.pop();
    s.commit();
    EXPECT_EQ(trace(), "a.exit, level.resume") << name;
  }
}

// A failing request inside a post: with exceptions it leaves commit(), and the posts behind it
// stay first in line for the next commit; without, the error handler is told and the commit goes
// on with them.
TEST_F(posts, r35_a_failing_request_in_a_post) {
  p.post([](test_stack& stack) { stack.push<logged<"a">>(); });
  p.post([](test_stack& stack) { stack.pop_to(5); });
  p.post(tracked_post{ctx, "behind"});
  expect_error(s, errc::bad_depth, "strata: pop_to(5) is above the staged stack, which holds 2",
               [&] { s.commit(); });
  if (exceptions_on) {
    // a was staged before the throw; the commit stopped before its steps
    EXPECT_EQ(trace(), "");
    EXPECT_EQ(views(s), "level | level a");
    EXPECT_TRUE(s.pending());
    s.commit();
    EXPECT_EQ(trace(), "behind.run, behind.destroyed, level.pause, a.enter, a.pause, dialog.enter");
  } else {
    EXPECT_EQ(trace(), "behind.run, behind.destroyed, level.pause, a.enter, a.pause, dialog.enter");
  }
  EXPECT_EQ(views(s), "level a dialog | level a dialog");
  EXPECT_FALSE(s.pending());
}

#ifndef STRATA_NO_EXCEPTIONS
// A posted callable that throws: the exception leaves commit(); the callable is destroyed, the
// requests it made stay staged, and the posts behind it stay first in line.
TEST_F(posts, r35_a_post_that_throws_leaves_the_rest_first_in_line) {
  p.post([](test_stack& stack) { stack.push<logged<"a">>(); });
  p.post([thrower = tracked_post{ctx, "thrower"}](test_stack& stack) {
    stack.push<logged<"b">>();
    throw std::runtime_error("lost connection");
  });
  p.post(tracked_post{ctx, "behind"});
  EXPECT_THROW(s.commit(), std::runtime_error);
  EXPECT_EQ(trace(), "thrower.destroyed");
  EXPECT_EQ(views(s), "level | level a b");
  EXPECT_TRUE(s.pending());
  p.post(tracked_post{ctx, "after"}); // behind "behind"
  s.commit();
  EXPECT_EQ(trace(),
            "behind.run, behind.destroyed, after.run, after.destroyed, level.pause, "
            "a.enter, a.pause, b.enter, b.pause, dialog.enter, dialog.pause, dialog.enter");
}
#endif

// Posting is legal on any thread, including from the game thread's own hooks and from a thread
// that joins before the commit; the posts are applied on the game thread.
TEST_F(posts, r35_posts_run_on_the_game_thread) {
  const std::thread::id game = std::this_thread::get_id();
  std::thread worker{[copy = p, game, this]() mutable {
    copy.post([game, this](test_stack& /*stack*/) {
      ctx.note(std::this_thread::get_id() == game ? "on the game thread" : "elsewhere");
    });
  }};
  worker.join();
  s.commit();
  EXPECT_EQ(trace(), "on the game thread");
}

} // namespace
} // namespace strata_test
