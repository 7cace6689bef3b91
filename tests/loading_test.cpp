// tests/loading_test.cpp: R37, a state built in the background by a loading state. The work
// runs on a thread of the test's executor, held at a gate so that each trace is exact: the
// screen's updates with the progress, the switch (a replace), the minimum time, the hold, a
// failure reported to a callback or popping the loading state, cancellation by pop; and the
// built state, and what the work prepared for it, destroyed once and on the game thread in
// every case (tests/threads/loading_test.cpp starts and cancels many loads at random).
#include <version>
#if defined(__cpp_lib_jthread)

#include <array>
#include <atomic>
#include <cstdio>
#include <functional>
#include <memory>
#include <stdexcept>
#include <stop_token>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "support/thread_flag.hpp"
#include "support/trace.hpp"
#include <strata/loading.hpp>

namespace strata_test {
namespace {

// Counts what the work prepared and the levels made of it, and which were destroyed on a
// thread other than the game thread (the test's).
struct tally {
  int data_made = 0;
  int data_destroyed = 0;
  int levels_made = 0;
  int levels_destroyed = 0;
  std::atomic<int> off_thread{0};
  std::thread::id game_thread = std::this_thread::get_id();
};

struct level_data {
  explicit level_data(tally& t)
      : counts(&t) {
    ++counts->data_made; // on the worker: only the test's thread reads it, after join()
  }
  level_data(const level_data&) = delete;
  level_data& operator=(const level_data&) = delete;
  level_data(level_data&&) = delete;
  level_data& operator=(level_data&&) = delete;
  ~level_data() {
    ++counts->data_destroyed;
    if (std::this_thread::get_id() != counts->game_thread) {
      ++counts->off_thread;
    }
  }
  tally* counts;
};

struct level {
  static constexpr std::string_view name = "level";
  explicit level(std::shared_ptr<level_data> d)
      : data(std::move(d)) {
    ++data->counts->levels_made;
  }
  level(const level&) = delete;
  level& operator=(const level&) = delete;
  level(level&&) = delete;
  level& operator=(level&&) = delete;
  ~level() {
    ++data->counts->levels_destroyed;
    if (std::this_thread::get_id() != data->counts->game_thread) {
      ++data->counts->off_thread;
    }
  }
  static void enter(recorder& r) { r.log(name, "enter"); }
  static void exit(recorder& r) { r.log(name, "exit"); }
  std::shared_ptr<level_data> data;
};

// The game's loading screen: logs its hooks and the progress it is shown; releases the hold at
// its update number `release_at` (0: never).
struct screen {
  explicit screen(int release = 0)
      : release_at(release) {}
  static void enter(recorder& r) { r.log("screen", "enter"); }
  static void exit(recorder& r) { r.log("screen", "exit"); }
  void update(recorder& r, double /*dt*/, strata::load_status& load) {
    std::array<char, 64> line{};
    std::snprintf(line.data(), line.size(), "screen.update %.2f%s", load.progress,
                  load.held ? " held" : "");
    r.note(line.data());
    if (++updates == release_at) {
      load.release();
    }
  }
  int release_at;
  int updates = 0;
};

using load = strata::loading<level, screen, recorder, event>;
using plan = strata::load_plan<level, recorder, event>;

// Runs each work on a std::thread of its own, joined by join().
class test_executor final : public strata::load_executor {
public:
  test_executor() = default;
  test_executor(const test_executor&) = delete;
  test_executor& operator=(const test_executor&) = delete;
  test_executor(test_executor&&) = delete;
  test_executor& operator=(test_executor&&) = delete;
  ~test_executor() { join(); }
  void start(std::function<void()> work) override {
    ++started_;
    threads_.emplace_back(std::move(work));
  }
  [[nodiscard]] int started() const { return started_; }
  void join() {
    for (std::thread& t : threads_) {
      t.join();
    }
    threads_.clear();
  }

private:
  std::vector<std::thread> threads_;
  int started_ = 0;
};

enum class ending { builder, no_builder, work_throws, null_state, builder_throws };

class loading : public stack_fixture {
protected:
  // committed: map*
  loading() {
    s.push<logged<"map">>();
    commit_setup();
  }
  ~loading() override { executor.join(); }

  // A work that reports half done, waits at the gate, then ends as `how`.
  plan make_plan(ending how = ending::builder) {
    plan p{.post = s.poster(), .executor = &executor};
    p.work = [this, how](std::stop_token stop, strata::load_progress& progress) -> plan::builder {
      progress.report(0.5);
      reported.raise();
      gate.wait();
      saw_stop.store(stop.stop_requested());
      if (how == ending::no_builder) {
        return nullptr;
      }
#ifndef STRATA_NO_EXCEPTIONS
      if (how == ending::work_throws) {
        throw std::runtime_error("no such level");
      }
#endif
      auto data = std::make_shared<level_data>(counts);
      return [data, how](recorder& /*r*/) -> std::unique_ptr<level> {
#ifndef STRATA_NO_EXCEPTIONS
        if (how == ending::builder_throws) {
          throw std::runtime_error("upload failed");
        }
#endif
        return how == ending::null_state ? nullptr : std::make_unique<level>(data);
      };
    };
    return p;
  }
  // Waits until the work has reported its progress.
  void until_reported() {
    reported.wait();
  }
  // Lets the work end, and waits until it has.
  void end_work() {
    gate.raise();
    executor.join();
  }
  void expect_all_destroyed_on_game_thread(int levels) {
    EXPECT_EQ(counts.levels_made, levels);
    EXPECT_EQ(counts.levels_destroyed, levels);
    EXPECT_EQ(counts.data_destroyed, counts.data_made);
    EXPECT_EQ(counts.off_thread.load(), 0);
  }

  tally counts;
  test_executor executor;
  thread_flag reported; // the work has reported its progress
  thread_flag gate;     // the work may end
  std::atomic<bool> saw_stop{false};
};

TEST_F(loading, r37_progress_then_the_built_state_replaces_the_loading_state) {
  s.push<load>(make_plan());
  s.commit();
  EXPECT_EQ(trace(), "map.pause, screen.enter");
  until_reported();
  s.frame(0.25);
  EXPECT_EQ(trace(), "map.update_covered, screen.update 0.50");
  end_work();
  s.frame(0.25); // the result arrives at the first commit; the switch at the second
  EXPECT_EQ(
      trace(),
      "map.update_covered, screen.update 1.00, screen.exit, map.resume, map.pause, level.enter");
  EXPECT_EQ(views(s), "map level | map level");
  EXPECT_FALSE(saw_stop.load());
  s.pop();
  s.commit();
  EXPECT_EQ(trace(), "level.exit, map.resume");
  expect_all_destroyed_on_game_thread(1);
}

// The built state's push is finished as a push would be: here its name and its on_exit, which
// runs when the level leaves, with the level.
TEST_F(loading, r37_on_switch_finishes_the_built_states_push) {
  int exits_seen = 0;
  plan p = make_plan();
  p.on_switch = [&exits_seen](strata::pushed<test_stack, level> built) {
    std::move(built).name("level 3").on_exit([&exits_seen](level& /*l*/) { ++exits_seen; });
  };
  s.push<load>(std::move(p));
  s.commit();
  until_reported();
  end_work();
  s.frame(0.25);
  s.frame(0.25);
  EXPECT_EQ(views(s), "map level 3 | map level 3");
  trace();
  s.pop();
  s.commit();
  EXPECT_EQ(trace(), "level.exit, map.resume");
  EXPECT_EQ(exits_seen, 1);
  expect_all_destroyed_on_game_thread(1);
}

TEST_F(loading, r37_the_switch_waits_for_the_minimum_time) {
  plan p = make_plan();
  p.post = {}; // push_loading sets it
  p.min_time = 0.5;
  strata::push_loading<level, screen>(s, std::move(p));
  s.commit();
  until_reported();
  end_work();
  trace();
  s.frame(0.25);
  EXPECT_EQ(trace(), "map.update_covered, screen.update 1.00");
  s.frame(0.25);
  EXPECT_EQ(
      trace(),
      "map.update_covered, screen.update 1.00, screen.exit, map.resume, map.pause, level.enter");
  s.clear();
  s.commit();
  trace();
  expect_all_destroyed_on_game_thread(1);
}

TEST_F(loading, r37_a_hold_waits_for_release_and_stalls_no_other_post) {
  plan p = make_plan();
  p.hold = true;
  s.push<load>(std::move(p), 3); // the screen releases at its third update
  s.commit();
  until_reported();
  end_work();
  trace();
  s.frame(0.25);
  s.poster().post([](test_stack& stack) { stack.context().note("other post"); });
  s.frame(0.25);
  EXPECT_EQ(trace(), "map.update_covered, screen.update 1.00 held, other post, "
                     "map.update_covered, screen.update 1.00 held");
  s.frame(0.25); // released by the screen's third update: the switch follows at once
  EXPECT_EQ(trace(), "map.update_covered, screen.update 1.00 held, screen.exit, map.resume, "
                     "map.pause, level.enter");
  s.clear();
  s.commit();
  trace();
  expect_all_destroyed_on_game_thread(1);
}

TEST_F(loading, r37_a_failure_goes_to_the_callback_which_may_push_a_state) {
  plan p = make_plan(ending::no_builder);
  p.on_failure = [](test_stack& stack, std::string_view message) {
    stack.context().note("failed: " + std::string(message));
    stack.replace<logged<"load_failed">>();
  };
  s.push<load>(std::move(p));
  s.commit();
  until_reported();
  end_work();
  trace();
  s.frame(0.25);
  EXPECT_EQ(trace(), "map.update_covered, screen.update 0.50, "
                     "failed: strata: the load's work returned no builder, "
                     "screen.exit, map.resume, map.pause, load_failed.enter, load_failed.draw");
  expect_all_destroyed_on_game_thread(0);
}

TEST_F(loading, r37_without_a_callback_a_failed_load_pops_itself) {
  s.push<load>(make_plan(ending::null_state));
  s.commit();
  until_reported();
  end_work();
  trace();
  s.frame(0.25);
  EXPECT_EQ(trace(), "map.update_covered, screen.update 1.00, screen.exit, map.resume, map.draw");
  EXPECT_EQ(views(s), "map | map");
  expect_all_destroyed_on_game_thread(0);
  EXPECT_EQ(counts.data_made, 1);
}

#ifndef STRATA_NO_EXCEPTIONS
TEST_F(loading, r37_a_work_or_a_builder_that_throws_is_a_failure) {
  std::vector<std::string> messages;
  for (const ending how : {ending::work_throws, ending::builder_throws}) {
    reported.lower();
    gate.lower();
    plan p = make_plan(how);
    p.on_failure = [&messages](test_stack& stack, std::string_view message) {
      messages.emplace_back(message);
      stack.pop();
    };
    s.push<load>(std::move(p));
    s.commit();
    until_reported();
    end_work();
    s.frame(0.25);
  }
  EXPECT_EQ(messages, (std::vector<std::string>{"no such level", "upload failed"}));
  EXPECT_EQ(views(s), "map | map");
  expect_all_destroyed_on_game_thread(0);
}
#endif

TEST_F(loading,
       r37_popping_the_loading_state_stops_the_work_and_its_result_dies_on_the_game_thread) {
  s.push<load>(make_plan());
  s.commit();
  until_reported();
  s.pop();
  s.commit();
  EXPECT_EQ(trace(), "map.pause, screen.enter, screen.exit, map.resume");
  end_work(); // the work sees the stop, ends anyway; its result waits in a post
  EXPECT_TRUE(saw_stop.load());
  EXPECT_EQ(counts.data_destroyed, 0);
  s.frame(0.25);
  EXPECT_EQ(counts.data_destroyed, 1); // by the post, on the game thread
  expect_all_destroyed_on_game_thread(0);
}

TEST_F(loading, r37_popped_after_the_result_arrived_destroys_it_on_the_game_thread) {
  plan p = make_plan();
  p.min_time = 10;
  s.push<load>(std::move(p));
  s.commit();
  until_reported();
  end_work();
  s.frame(0.25); // arrived, not due
  EXPECT_EQ(counts.data_destroyed, 0);
  s.pop();
  s.commit();
  EXPECT_EQ(counts.data_destroyed, 1);
  expect_all_destroyed_on_game_thread(0);
}

TEST_F(loading, r37_a_loading_state_covered_when_due_switches_once_uncovered) {
  s.push<load>(make_plan());
  s.commit();
  until_reported();
  end_work();
  s.commit(); // the result arrives
  trace();
  s.update(0.25);             // posts the switch
  s.push<logged<"dialog">>(); // ... which finds the loading state covered
  s.commit();
  EXPECT_EQ(trace(), "map.update_covered, screen.update 1.00, dialog.enter");
  EXPECT_EQ(views(s), "map loading dialog | map loading dialog");
  s.pop();
  s.commit();
  s.frame(0.25);
  EXPECT_EQ(trace(), "dialog.exit, map.update_covered, screen.update 1.00, screen.exit, "
                     "map.resume, map.pause, level.enter");
  s.clear();
  s.commit();
  expect_all_destroyed_on_game_thread(1);
}

TEST_F(loading, r37_a_loading_state_dropped_before_any_commit_starts_no_work) {
  s.push<load>(make_plan());
  s.pop();
  s.commit();
  EXPECT_EQ(trace(), "");
  EXPECT_EQ(executor.started(), 0);
  s.push<load>(make_plan());
  s.commit();
  EXPECT_EQ(executor.started(), 1);
  s.pop();
  s.commit();
  end_work();
  s.commit(); // the result of the work, told to stop, dies here
  expect_all_destroyed_on_game_thread(0);
}

// A screen with every hook the loading state forwards; its update takes no load_status.
struct full_screen {
  static void enter(recorder& r) { r.log("screen", "enter"); }
  static void exit(recorder& r) { r.log("screen", "exit"); }
  static void pause(recorder& r) { r.log("screen", "pause"); }
  static void resume(recorder& r) { r.log("screen", "resume"); }
  static void update(recorder& r, double /*dt*/) { r.log("screen", "update"); }
  static void draw(recorder& r) { r.log("screen", "draw"); }
  static bool handle(recorder& r, const event& e) {
    r.note("screen.handle " + std::to_string(e.code));
    return true;
  }
};

TEST_F(loading, r37_the_screens_hooks_are_forwarded_and_the_hold_released_from_outside) {
  plan p = make_plan();
  p.hold = true;
  using full_load = strata::loading<level, full_screen, recorder, event>;
  s.push<full_load>(std::move(p));
  s.commit();
  until_reported();
  end_work();
  const std::array<event, 1> key{event{7}};
  s.frame(0.25, key);
  EXPECT_EQ(trace(), "map.pause, screen.enter, screen.handle 7, map.update_covered, "
                     "screen.update, screen.draw");
  s.push<logged<"dialog">>();
  s.commit();
  s.pop();
  s.commit();
  EXPECT_EQ(trace(), "screen.pause, dialog.enter, dialog.exit, screen.resume");
  s.committed().top()->get<full_load>()->status().release(); // the game lifts the hold
  s.frame(0.25);
  EXPECT_EQ(trace(), "map.update_covered, screen.update, screen.exit, map.resume, map.pause, "
                     "level.enter");
  s.clear();
  s.commit();
  expect_all_destroyed_on_game_thread(1);
}

// The stack goes while the work runs: the work's post is refused, so what it prepared dies on
// its thread; no level is ever made.
TEST(loading_lifetime, r37_stack_destroyed_mid_load_makes_no_state) {
  tally counts;
  test_executor executor;
  thread_flag gate;
  std::atomic<bool> saw_stop{false};
  {
    recorder ctx;
    test_stack s{ctx};
    plan p{.post = s.poster(), .executor = &executor};
    p.work = [&](std::stop_token stop, strata::load_progress& /*progress*/) -> plan::builder {
      gate.wait();
      saw_stop.store(stop.stop_requested());
      auto data = std::make_shared<level_data>(counts);
      return [data](recorder& /*r*/) { return std::make_unique<level>(data); };
    };
    s.push<load>(std::move(p));
    s.commit();
  }
  gate.raise();
  executor.join();
  EXPECT_TRUE(saw_stop.load());
  EXPECT_EQ(counts.levels_made, 0);
  EXPECT_EQ(counts.data_destroyed, 1);
  EXPECT_EQ(counts.off_thread.load(), 1); // the data, on the worker: documented
}

// The work ends, but the game never commits again: ~stack destroys the waiting post, on the
// game thread.
TEST(loading_lifetime, r37_a_result_never_applied_dies_with_the_stack_on_the_game_thread) {
  tally counts;
  test_executor executor;
  {
    recorder ctx;
    test_stack s{ctx};
    plan p{.post = s.poster(), .executor = &executor};
    p.work = [&](std::stop_token /*stop*/, strata::load_progress& /*progress*/) -> plan::builder {
      auto data = std::make_shared<level_data>(counts);
      return [data](recorder& /*r*/) { return std::make_unique<level>(data); };
    };
    s.push<load>(std::move(p));
    s.commit();
    executor.join();
  }
  EXPECT_EQ(counts.levels_made, 0);
  EXPECT_EQ(counts.data_destroyed, 1);
  EXPECT_EQ(counts.off_thread.load(), 0);
}

TEST(loading_lifetime, r37_a_plan_without_executor_or_work_fails_at_the_first_update) {
  recorder ctx;
  test_stack s{ctx};
  s.push<load>(plan{.post = s.poster()});
  s.commit();
  s.frame(0.25);
  EXPECT_EQ(ctx.take(), "screen.enter, screen.update 0.00, screen.exit");
  EXPECT_TRUE(s.empty());
}

} // namespace
} // namespace strata_test

#else // no std::jthread (libc++ 14): loading.hpp does not build here

#include <gtest/gtest.h>
TEST(loading, needs_jthread) {
  GTEST_SKIP() << "std::jthread and std::stop_token are missing";
}

#endif
