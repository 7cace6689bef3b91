// tests/c/posts_threads_test.cpp: the C API's posts from several threads at once (R35): four
// threads post through their own strata_poster while the stack's thread runs frames; each post
// runs once, in order per thread, or is cancelled and discarded once, on the cancelling thread.
#include <atomic>
#include <cstddef>
#include <thread>
#include <vector>

#include <gtest/gtest.h>
#include <strata/strata.h>

namespace {

constexpr std::size_t thread_count = 4;
constexpr std::size_t post_count = 5'000;

// What the stack's thread records: touched by the post callbacks only, on that thread.
struct game {
  std::thread::id thread = std::this_thread::get_id();
  std::vector<std::vector<int>> ran =
      std::vector<std::vector<int>>(thread_count, std::vector<int>(post_count));
  std::vector<std::size_t> next = std::vector<std::size_t>(thread_count);
  std::size_t out_of_order = 0;
  std::size_t off_thread = 0;
};

// One post's `user`: which thread posted it, its number, and its discards.
struct post_data {
  std::size_t thread;
  std::size_t number;
  std::atomic<int> discarded{0};
};

void run_post(strata_stack* /*stack*/, void* env, void* user) {
  game& g = *static_cast<game*>(env);
  const post_data& post = *static_cast<const post_data*>(user);
  if (std::this_thread::get_id() != g.thread) {
    ++g.off_thread;
  }
  if (post.number < g.next[post.thread]) {
    ++g.out_of_order;
  }
  g.next[post.thread] = post.number + 1;
  ++g.ran[post.thread][post.number];
}

void discard_post(void* user) {
  static_cast<post_data*>(user)->discarded.fetch_add(1);
}

TEST(capi_posts_threads, r35_each_post_runs_once_in_order_per_thread_or_is_discarded_once) {
  game g;
  std::vector<std::vector<post_data>> posts(thread_count);
  for (std::size_t t = 0; t < thread_count; ++t) {
    posts[t] = std::vector<post_data>(post_count);
    for (std::size_t i = 0; i < post_count; ++i) {
      posts[t][i].thread = t;
      posts[t][i].number = i;
    }
  }
  strata_stack* stack = nullptr;
  ASSERT_EQ(strata_create(&stack, &g, nullptr), STRATA_OK);
  std::atomic<std::size_t> running{thread_count};
  std::vector<std::thread> threads;
  for (std::size_t t = 0; t < thread_count; ++t) {
    strata_poster* poster = nullptr;
    ASSERT_EQ(strata_poster_create(stack, &poster), STRATA_OK);
    threads.emplace_back([poster, t, &posts, &running] {
      for (std::size_t i = 0; i < post_count; ++i) {
        strata_ticket ticket = STRATA_TICKET_NONE;
        EXPECT_EQ(strata_post(poster, run_post, &posts[t][i], discard_post, &ticket), STRATA_OK);
        if (i % 5 == 2) {
          strata_post_cancel(poster, ticket, nullptr);
        }
      }
      strata_poster_release(poster);
      running.fetch_sub(1);
    });
  }
  while (running.load() > 0) {
    ASSERT_EQ(strata_frame(stack, 1.0 / 60), STRATA_OK);
  }
  for (std::thread& thread : threads) {
    thread.join();
  }
  while (strata_pending(stack) != 0) {
    ASSERT_EQ(strata_commit(stack), STRATA_OK);
  }
  ASSERT_EQ(strata_destroy(stack), STRATA_OK);
  EXPECT_EQ(g.out_of_order, 0U);
  EXPECT_EQ(g.off_thread, 0U);
  std::size_t wrong = 0;
  for (std::size_t t = 0; t < thread_count; ++t) {
    for (std::size_t i = 0; i < post_count; ++i) {
      if (g.ran[t][i] + posts[t][i].discarded.load() != 1) {
        ++wrong;
      }
    }
  }
  EXPECT_EQ(wrong, 0U) << "posts that ran twice, were discarded twice, or neither";
}

} // namespace
