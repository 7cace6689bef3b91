// tests/detail/post_inbox_test.cpp: pins detail/post_inbox.hpp on its own (R35), without a stack:
// tickets in queue order, a drain bounded by what waited when it began, cancel, close, a callable
// that throws, and nodes recycled rather than allocated again (counted by replacing operator new).
#include <cstddef>
#include <cstdint>
#include <functional>
#include <new>
#include <stdexcept>
#include <string>
#include <utility>

#include "support/counting_new.hpp"
#include <gtest/gtest.h>
#include <strata/detail/post_inbox.hpp>

namespace {

using strata::detail::post_inbox;
using strata::detail::post_ops;

// What the drained callables write to: the target every run gets.
struct log {
  std::string lines;
  void add(const std::string& line) { lines += (lines.empty() ? "" : ", ") + line; }
};

// A callable stored inline that runs `body(log&)` and logs its destruction when it was posted.
struct step {
  std::function<void(log&)> body;
  log* destroyed_into;
  const char* name;
  ~step() { destroyed_into->add(std::string(name) + " destroyed"); }
};
constexpr post_ops step_ops{[](void* callable, void* target) {
                              static_cast<step*>(callable)->body(*static_cast<log*>(target));
                            },
                            [](void* callable) noexcept { static_cast<step*>(callable)->~step(); }};
static_assert(sizeof(step) <= post_inbox::inline_size);

std::uint64_t post(post_inbox& inbox, log& into, const char* name,
                   std::function<void(log&)> body = {}) {
  return inbox.post([&](void* storage) {
    if (!body) {
      body = [name](log& l) { l.add(name); };
    }
    ::new (storage) step{std::move(body), &into, name};
    return &step_ops;
  });
}

// The inbox a stack would hold: released by closing it.
struct opened {
  post_inbox* inbox = post_inbox::open();
  opened() = default;
  opened(const opened&) = delete;
  opened& operator=(const opened&) = delete;
  ~opened() {
    if (inbox != nullptr) {
      inbox->close();
    }
  }
};

TEST(post_inbox, tickets_count_from_one_in_queue_order_and_a_drain_runs_them_in_order) {
  log out; // outlives the inbox, whose close destroys what still waits
  opened box;
  EXPECT_FALSE(box.inbox->has_posts());
  EXPECT_EQ(post(*box.inbox, out, "a"), 1U);
  EXPECT_EQ(post(*box.inbox, out, "b"), 2U);
  EXPECT_TRUE(box.inbox->has_posts());
  box.inbox->apply_posts(&out);
  EXPECT_EQ(out.lines, "a, a destroyed, b, b destroyed");
  EXPECT_FALSE(box.inbox->has_posts());
  box.inbox->apply_posts(&out); // nothing waits: nothing runs
  EXPECT_EQ(out.lines, "a, a destroyed, b, b destroyed");
}

TEST(post_inbox, a_post_made_during_a_drain_waits_for_the_next) {
  log out; // outlives the inbox, whose close destroys what still waits
  opened box;
  post(*box.inbox, out, "first", [&](log& l) {
    l.add("first");
    post(*box.inbox, out, "again");
  });
  post(*box.inbox, out, "second");
  box.inbox->apply_posts(&out);
  EXPECT_EQ(out.lines, "first, first destroyed, second, second destroyed");
  EXPECT_TRUE(box.inbox->has_posts());
  out.lines.clear();
  box.inbox->apply_posts(&out);
  EXPECT_EQ(out.lines, "again, again destroyed");
}

TEST(post_inbox, cancel_removes_a_waiting_post_anywhere_in_the_queue) {
  log out; // outlives the inbox, whose close destroys what still waits
  opened box;
  const std::uint64_t a = post(*box.inbox, out, "a");
  const std::uint64_t b = post(*box.inbox, out, "b");
  const std::uint64_t c = post(*box.inbox, out, "c");
  EXPECT_TRUE(box.inbox->cancel(b));
  EXPECT_EQ(out.lines, "b destroyed");
  EXPECT_FALSE(box.inbox->cancel(b));
  EXPECT_TRUE(box.inbox->cancel(c)); // the last: a post made after it still queues behind a
  EXPECT_EQ(post(*box.inbox, out, "d"), 4U);
  out.lines.clear();
  box.inbox->apply_posts(&out);
  EXPECT_EQ(out.lines, "a, a destroyed, d, d destroyed");
  EXPECT_FALSE(box.inbox->cancel(a));
  EXPECT_TRUE(box.inbox->cancel(post(*box.inbox, out, "e"))); // the only one
  EXPECT_FALSE(box.inbox->has_posts());
}

#ifndef STRATA_NO_EXCEPTIONS
TEST(post_inbox, a_callable_that_throws_is_destroyed_and_the_rest_stay_first_in_line) {
  log out; // outlives the inbox, whose close destroys what still waits
  opened box;
  post(*box.inbox, out, "a");
  post(*box.inbox, out, "thrower", [](log& /*l*/) { throw std::runtime_error("no"); });
  post(*box.inbox, out, "b");
  EXPECT_THROW(box.inbox->apply_posts(&out), std::runtime_error);
  EXPECT_EQ(out.lines, "a, a destroyed, thrower destroyed");
  post(*box.inbox, out, "c");
  out.lines.clear();
  box.inbox->apply_posts(&out);
  EXPECT_EQ(out.lines, "b, b destroyed, c, c destroyed");
}

TEST(post_inbox, a_callable_whose_construction_throws_posts_nothing) {
  log out; // outlives the inbox, whose close destroys what still waits
  opened box;
  EXPECT_THROW(
      box.inbox->post([](void* /*storage*/) -> const post_ops* { throw std::runtime_error("no"); }),
      std::runtime_error);
  EXPECT_FALSE(box.inbox->has_posts());
  EXPECT_EQ(post(*box.inbox, out, "a"), 1U); // no ticket was taken
}
#endif

TEST(post_inbox, close_destroys_the_waiting_posts_unrun_and_refuses_the_next) {
  log out;
  post_inbox* const inbox = post_inbox::open();
  inbox->share(); // a poster's share
  post(*inbox, out, "a");
  post(*inbox, out, "b", [&](log& /*l*/) { post(*inbox, out, "never"); });
  inbox->close(); // the stack's share goes
  EXPECT_EQ(out.lines, "a destroyed, b destroyed");
  EXPECT_FALSE(inbox->has_posts());
  bool made = false;
  EXPECT_EQ(inbox->post([&](void* /*storage*/) {
    made = true;
    return &step_ops;
  }),
            post_inbox::refused);
  EXPECT_FALSE(made);
  EXPECT_FALSE(inbox->cancel(1));
  inbox->release(); // the last share: the inbox is freed (ASan and valgrind check)
}

TEST(post_inbox, nodes_are_recycled_so_that_posting_allocates_nothing_once_warm) {
  log out; // outlives the inbox, whose close destroys what still waits
  opened box;
  const auto round = [&] {
    for (int i = 0; i < 8; ++i) {
      post(*box.inbox, out, "p", [](log& /*l*/) {});
    }
    box.inbox->cancel(post(*box.inbox, out, "q", [](log& /*l*/) {}));
    box.inbox->apply_posts(&out);
    out.lines.clear();
  };
  round();
  // The callables' std::function and std::string fit their small buffers; only nodes could
  // allocate.
  const std::size_t before = strata_test::global_allocations;
  for (int i = 0; i < 100; ++i) {
    round();
  }
  EXPECT_EQ(strata_test::global_allocations, before);
}

} // namespace
