// tests/threads/poster_test.cpp: R35 under contention. Eight threads post (STRATA_POSTS each,
// 100,000 by default; CI's valgrind step sizes it down) while the game thread commits and runs
// frames: every post is applied exactly once unless its cancel succeeded, on the game thread, and
// each thread's posts in the order it made them. Then threads post while the game thread destroys
// the stack: every callable is destroyed exactly once, whether it ran, was destroyed unapplied by
// the stack's destructor, or was refused. tests/threads/CMakeLists.txt builds it with exceptions
// and without, in the checked configuration (a call from a thread other than the stack's aborts);
// .ci/steps/25-tsan.sh runs both under ThreadSanitizer.
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <gtest/gtest.h>
#include <strata/poster.hpp>

namespace strata_threads_test {
namespace {

constexpr std::size_t thread_count = 8;

std::size_t posts_per_thread() {
  const char* const set = std::getenv("STRATA_POSTS");
  return set != nullptr ? static_cast<std::size_t>(std::strtoull(set, nullptr, 10)) : 100'000;
}

struct game;
using game_stack = strata::stack<game>;
using game_poster = strata::poster<game>;

// What the game thread records of the posts it applies; only the game thread touches it.
struct game {
  std::thread::id thread = std::this_thread::get_id();
  std::vector<std::vector<std::uint8_t>> applied; // [thread][post]: how many times
  std::vector<std::size_t> next;                  // [thread]: the lowest post number still due
  std::size_t out_of_order = 0;
  std::size_t off_thread = 0;
  std::size_t markers_entered = 0;
};

struct base {};
struct marker {
  void enter(game& g) { ++g.markers_entered; }
};

// Each thread's post `number`: checks that it comes after the thread's earlier ones, and now and
// then pushes a marker or pops back to the base, so that the commits have steps to take.
struct numbered_post {
  std::uint32_t thread;
  std::uint32_t number;
  void operator()(game_stack& s) const {
    game& g = s.context();
    if (std::this_thread::get_id() != g.thread) {
      ++g.off_thread;
    }
    if (number < g.next[thread]) {
      ++g.out_of_order;
    }
    g.next[thread] = number + 1;
    ++g.applied[thread][number];
    if (number % 64 == 0) {
      s.push<marker>();
    } else if (number % 64 == 32) {
      s.pop_to(1);
    }
  }
};

TEST(poster_threads, r35_eight_threads_post_each_applied_once_in_order_per_thread) {
  const std::size_t count = posts_per_thread();
  game g;
  g.applied.assign(thread_count, std::vector<std::uint8_t>(count, 0));
  g.next.assign(thread_count, 0);
  std::vector<std::vector<std::uint8_t>> cancelled(thread_count,
                                                   std::vector<std::uint8_t>(count, 0));
  std::atomic<std::size_t> running{thread_count};
  {
    game_stack s{g};
    s.push<base>();
    s.commit();
    const game_poster door = s.poster();
    std::vector<std::thread> posters;
    for (std::uint32_t t = 0; t < thread_count; ++t) {
      posters.emplace_back([t, door, count, &cancelled, &running]() mutable {
        for (std::uint32_t i = 0; i < count; ++i) {
          const strata::post_ticket ticket = door.post(numbered_post{t, i});
          EXPECT_NE(ticket, strata::post_ticket::none);
          // Every seventh is cancelled at once: it may be applied already, or not.
          if (i % 7 == 3 && door.cancel(ticket)) {
            cancelled[t][i] = 1;
          }
        }
        running.fetch_sub(1);
      });
    }
    std::size_t frames = 0;
    while (running.load() > 0) {
      s.frame(1.0 / 60);
      ++frames;
    }
    for (std::thread& poster : posters) {
      poster.join();
    }
    while (s.pending()) {
      s.commit();
    }
    // That frames ran while the threads posted, and that some marker was entered (its push and its
    // pop_to landed in different commits), need posts to interleave with frames, which a sized-down
    // run under valgrind (STRATA_POSTS=2000, its threads taking turns) need not do: all eight may
    // finish before the game thread runs. Checked at full size only.
    if (count >= 10000) {
      EXPECT_GT(frames, 0U);
      EXPECT_GT(g.markers_entered, 0U);
    }
  }
  EXPECT_EQ(g.out_of_order, 0U);
  EXPECT_EQ(g.off_thread, 0U);
  std::size_t wrong = 0;
  std::size_t cancels = 0;
  for (std::size_t t = 0; t < thread_count; ++t) {
    for (std::size_t i = 0; i < count; ++i) {
      cancels += cancelled[t][i];
      if (g.applied[t][i] + cancelled[t][i] != 1) {
        ++wrong;
      }
    }
  }
  EXPECT_EQ(wrong, 0U) << "posts applied twice, or neither applied nor cancelled";
  EXPECT_LE(cancels, thread_count * ((count + 3) / 7));
}

// A callable that counts its own destruction (not that of the copies it was moved from).
struct counted_post {
  std::atomic<std::size_t>* destroyed;
  std::atomic<std::size_t>* run;
  explicit counted_post(std::atomic<std::size_t>& d, std::atomic<std::size_t>& r)
      : destroyed(&d)
      , run(&r) {}
  counted_post(counted_post&& other) noexcept
      : destroyed(std::exchange(other.destroyed, nullptr))
      , run(other.run) {}
  counted_post(const counted_post&) = delete;
  counted_post& operator=(const counted_post&) = delete;
  counted_post& operator=(counted_post&&) = delete;
  ~counted_post() {
    if (destroyed != nullptr) {
      destroyed->fetch_add(1);
    }
  }
  void operator()(game_stack& /*s*/) const { run->fetch_add(1); }
};

TEST(poster_threads, r35_posts_racing_the_stack_destruction_are_each_destroyed_once) {
  const std::size_t count = posts_per_thread() / 10 + 1;
  std::atomic<std::size_t> destroyed{0};
  std::atomic<std::size_t> run{0};
  std::atomic<std::size_t> refused{0};
  std::atomic<std::size_t> started{0};
  std::vector<std::thread> posters;
  {
    game g;
    std::optional<game_stack> s{std::in_place, g};
    const game_poster door = s->poster();
    for (std::uint32_t t = 0; t < thread_count; ++t) {
      posters.emplace_back([door, count, &destroyed, &run, &refused, &started]() mutable {
        started.fetch_add(1);
        for (std::size_t i = 0; i < count; ++i) {
          if (door.post(counted_post{destroyed, run}) == strata::post_ticket::none) {
            refused.fetch_add(1);
          }
        }
      });
    }
    while (started.load() < thread_count) {
      s->commit();
    }
    s->commit();
    s.reset(); // the posters go on posting to a stack that is gone
  }
  for (std::thread& poster : posters) {
    poster.join();
  }
  EXPECT_EQ(destroyed.load(), thread_count * count);
  EXPECT_LE(run.load() + refused.load(), thread_count * count);
}

} // namespace
} // namespace strata_threads_test
