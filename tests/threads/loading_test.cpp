// tests/threads/loading_test.cpp: R37 under ThreadSanitizer. One game thread starts loads on a
// thread_executor (a std::jthread each) and lets each switch to its level, pops the loading state
// while its work runs, or pops it at random frames (while its work runs or after its result
// arrived); the works report progress and watch their stop_token. Every level made is destroyed
// once, on the game thread; everything the works prepared is destroyed once (under ASan, nothing
// leaks).
#include <version>
#if defined(__cpp_lib_jthread)

#include <atomic>
#include <chrono>
#include <memory>
#include <random>
#include <stop_token>
#include <string_view>
#include <thread>

#include <gtest/gtest.h>
#include <strata/loading.hpp>

namespace {

struct counts {
  std::thread::id game_thread = std::this_thread::get_id();
  std::atomic<int> data_made{0};
  std::atomic<int> data_destroyed{0};
  int levels_made = 0;
  std::atomic<int> levels_destroyed{0};
  std::atomic<int> levels_off_thread{0};
  std::atomic<int> stopped{0};
};

struct game {
  counts tally;
};

struct level_data {
  explicit level_data(counts& c)
      : tally(&c) {
    ++tally->data_made;
  }
  level_data(const level_data&) = delete;
  level_data& operator=(const level_data&) = delete;
  level_data(level_data&&) = delete;
  level_data& operator=(level_data&&) = delete;
  ~level_data() { ++tally->data_destroyed; }
  counts* tally;
};

struct level {
  static constexpr std::string_view name = "level";
  explicit level(std::shared_ptr<level_data> d)
      : data(std::move(d)) {
    ++data->tally->levels_made;
  }
  level(const level&) = delete;
  level& operator=(const level&) = delete;
  level(level&&) = delete;
  level& operator=(level&&) = delete;
  ~level() {
    ++data->tally->levels_destroyed;
    if (std::this_thread::get_id() != data->tally->game_thread) {
      ++data->tally->levels_off_thread;
    }
  }
  std::shared_ptr<level_data> data;
};

struct screen {
  void update(game& /*g*/, double /*dt*/, strata::load_status& load) {
    last_progress = load.progress;
  }
  double last_progress = 0;
};

using game_stack = strata::stack<game>;
using load = strata::loading<level, screen, game>;
using plan = strata::load_plan<level, game>;

// A work of `steps` short sleeps, reporting progress, that ends early when asked to stop; or,
// `until_stopped`, one that runs until asked to stop (at most 200,000 sleeps, ten seconds or more
// where sleeps overshoot, so that a fault ends the test rather than hanging it).
plan::builder work(std::stop_token stop, strata::load_progress& progress, counts& tally, int steps,
                   bool until_stopped) {
  auto data = std::make_shared<level_data>(tally);
  const int sleeps = until_stopped ? 200'000 : steps;
  for (int i = 0; i < sleeps; ++i) {
    if (stop.stop_requested()) {
      ++tally.stopped;
      break;
    }
    std::this_thread::sleep_for(std::chrono::microseconds(50));
    progress.report(static_cast<double>(i + 1) / sleeps);
  }
  return [data](game& /*g*/) { return std::make_unique<level>(data); };
}

// What the game does with a load: plays it (waits for its level), cancels it after a few frames
// (its work runs until stopped, so the level never comes), or pops it at random frames, while its
// work runs or after its result arrived, as the machine's timing has it. The first two make the
// test's counts hold on any machine: some levels are made, and some never are.
enum class fate { played, cancelled, at_random };

TEST(threads_loading, many_loads_started_and_cancelled_at_random) {
  game g;
  {
    strata::thread_executor executor; // outlives the stack: joins the works it ran
    game_stack states{g};
    std::mt19937 random{15};
    constexpr int loads = 300;
    int started = 0;
    fate load_fate = fate::played;
    int frames_loading = 0;
    int cancel_after = 0;
    for (int frame = 0; started < loads || !states.empty(); ++frame) {
      const auto top = states.committed().top();
      if (!top && started < loads) {
        ++started;
        load_fate = static_cast<fate>(random() % 3);
        frames_loading = 0;
        cancel_after = static_cast<int>(random() % 4);
        const int steps = static_cast<int>(random() % 20);
        const bool until_stopped = load_fate == fate::cancelled;
        plan p{.post = states.poster(), .executor = &executor};
        p.work = [&tally = g.tally, steps, until_stopped](std::stop_token stop,
                                                          strata::load_progress& progress) {
          return work(std::move(stop), progress, tally, steps, until_stopped);
        };
        p.min_time = (random() % 2 == 0) ? 0.0 : 0.002;
        states.push<load>(std::move(p));
      } else if (top && top->name() == "level") {
        states.pop(); // a level played
      } else if (top) {
        ++frames_loading;
        if ((load_fate == fate::cancelled && frames_loading > cancel_after) ||
            (load_fate == fate::at_random && random() % 8 == 0)) {
          states.pop(); // a load cancelled
        }
      }
      states.frame(0.001);
      if (random() % 4 == 0) {
        std::this_thread::sleep_for(std::chrono::microseconds(100));
      }
      ASSERT_LT(frame, 10'000'000);
    }
  } // the stack, then the executor, joining the works still running
  EXPECT_EQ(g.tally.levels_made, g.tally.levels_destroyed.load());
  EXPECT_EQ(g.tally.levels_off_thread.load(), 0);
  EXPECT_EQ(g.tally.data_made.load(), 300);
  EXPECT_EQ(g.tally.data_destroyed.load(), 300);
  EXPECT_GT(g.tally.levels_made, 0);   // the played loads
  EXPECT_LT(g.tally.levels_made, 300); // the cancelled ones
  EXPECT_GT(g.tally.stopped.load(), 0);
}

// thread_executor::wait(): every work started has ended when it returns (a game that waits after
// each frame replays frame for frame), and its threads are joined.
TEST(threads_loading, thread_executor_wait_returns_once_every_work_has_ended) {
  strata::thread_executor executor;
  std::atomic<int> ended{0};
  for (int i = 0; i < 4; ++i) {
    executor.start([&ended, i] {
      std::this_thread::sleep_for(std::chrono::milliseconds(5 * i));
      ended.fetch_add(1);
    });
  }
  executor.wait();
  EXPECT_EQ(ended.load(), 4);
  EXPECT_EQ(executor.threads(), 0U);
  executor.wait(); // nothing left: returns at once
  EXPECT_EQ(ended.load(), 4);
}

} // namespace

#else // no std::jthread (libc++ 14): loading.hpp does not build here

#include <gtest/gtest.h>
TEST(threads_loading, needs_jthread) {
  GTEST_SKIP() << "std::jthread and std::stop_token are missing";
}

#endif
