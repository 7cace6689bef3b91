// tests/checked_test.cpp: the checked configuration (STRATA_CHECKED=1, on for every test program):
// each misuse it catches aborts with its exact message, and a valid program runs as it does
// without the checks. The misuses: an entry_view used after a request or a commit step, a view
// index out of range, and a call on a stack from a thread other than the one that made it.
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>

#include "support/expect_error.hpp"
#include "support/trace.hpp"

static_assert(STRATA_CHECKED, "tests/CMakeLists.txt builds every test with STRATA_CHECKED=1");

namespace strata_test {
namespace {

std::string stale_view(std::string_view call, int depth) {
  return literally("strata: checked: entry_view::" + std::string(call) +
                   " called on a view (depth " + std::to_string(depth) +
                   ") made before the stack changed; a view is valid until the next request or "
                   "commit\n");
}

std::string other_thread(std::string_view call) {
  return literally("strata: checked: " + std::string(call) +
                   " called from a thread other than the one that constructed the stack; a stack "
                   "belongs to the thread that made it\n");
}

// Runs `use` on a stack made on this thread, from a second thread.
template <class Use>
void from_another_thread(Use use) {
  recorder ctx;
  test_stack s{ctx};
  s.push<logged<"title">>();
  s.commit();
  std::thread other{[&] { use(s); }};
  other.join();
}

TEST(checked_death, an_entry_view_kept_across_a_push_aborts) {
  const auto keep_the_top_across_a_push = [] {
    recorder ctx;
    test_stack s{ctx};
    s.push<logged<"title">>();
    const auto title = *s.staged().top();
    s.push<logged<"world">>(); // may move the staged entries
    (void)title.name();
  };
  EXPECT_DEATH(keep_the_top_across_a_push(), stale_view("name()", 0));
}

// Any request ends a view's life, also one that changes nothing that view shows.
TEST(checked_death, an_entry_view_kept_across_a_failed_request_aborts) {
  const auto keep_a_view_across_pop_to = [] {
    recorder ctx;
    test_stack s{ctx};
    s.push<logged<"title">>();
    const auto title = s.staged()[0];
    expect_error(s, strata::errc::bad_depth,
                 "strata: pop_to(5) is above the staged stack, which holds 1",
                 [&] { s.pop_to(5); });
    (void)title.modality();
  };
  EXPECT_DEATH(keep_a_view_across_pop_to(), stale_view("modality()", 0));
}

TEST(checked_death, an_entry_view_kept_across_a_commit_aborts) {
  const auto keep_a_view_across_a_commit = [] {
    recorder ctx;
    test_stack s{ctx};
    s.push<logged<"title">>();
    s.push<logged<"world">>();
    const auto world = s.staged()[1];
    s.commit();
    (void)world.paused();
  };
  EXPECT_DEATH(keep_a_view_across_a_commit(), stale_view("paused()", 1));
}

// A view taken before a commit and read by a hook that the commit runs: the commit has taken a
// step (title's enter) since.
TEST(checked_death, an_entry_view_read_by_a_later_step_of_the_commit_aborts) {
  const auto read_an_old_view_in_a_hook = [] {
    recorder ctx;
    test_stack s{ctx};
    s.push<logged<"title">>();
    const auto title = s.staged()[0];
    s.push<logged<"world">>(actions{.enter = [&] { (void)title.is<logged<"title">>(); }});
    s.commit();
  };
  EXPECT_DEATH(read_an_old_view_in_a_hook(), stale_view("is()", 0));
}

// The state whose enter throws is destroyed before commit() returns: a view of it taken in that
// enter must not outlive the commit.
#ifndef STRATA_NO_EXCEPTIONS
TEST(checked_death, a_view_of_a_state_whose_enter_threw_aborts) {
  const auto read_the_view_after_the_throw = [] {
    recorder ctx;
    test_stack s{ctx};
    std::optional<test_stack::view::value_type> taken;
    s.push<logged<"doomed">>(actions{.enter = [&] {
      taken = s.committed().top();
      throw std::runtime_error("enter failed");
    }});
    EXPECT_THROW(s.commit(), std::runtime_error);
    (void)taken->get<logged<"doomed">>();
  };
  EXPECT_DEATH(read_the_view_after_the_throw(), stale_view("get()", 0));
}
#endif

TEST(checked_death, an_index_out_of_range_aborts) {
  const auto staged_past_the_top = [] {
    recorder ctx;
    test_stack s{ctx};
    s.push<logged<"title">>();
    (void)s.staged()[1];
  };
  EXPECT_DEATH(staged_past_the_top(),
               literally("strata: checked: staged()[1] is out of range: the staged stack holds 1 "
                         "state\n"));
  const auto committed_of_an_empty_stack = [] {
    recorder ctx;
    test_stack s{ctx};
    s.push<logged<"title">>();
    (void)s.committed()[0];
  };
  EXPECT_DEATH(committed_of_an_empty_stack(),
               literally("strata: checked: committed()[0] is out of range: the committed stack "
                         "holds 0 states\n"));
}

TEST(checked_death, an_iterator_read_past_the_end_aborts) {
  const auto read_end = [] {
    recorder ctx;
    test_stack s{ctx};
    s.push<logged<"title">>();
    s.push<logged<"world">>();
    (void)*s.staged().end();
  };
  EXPECT_DEATH(read_end(), literally("strata: checked: staged()[2] is out of range: the staged "
                                     "stack holds 2 states\n"));
}

TEST(checked_death, a_push_from_another_thread_aborts) {
  EXPECT_DEATH(from_another_thread([](test_stack& s) { s.push<logged<"world">>(); }),
               other_thread("push()"));
}

TEST(checked_death, a_commit_pass_query_or_setting_from_another_thread_aborts) {
  EXPECT_DEATH(from_another_thread([](test_stack& s) { s.commit(); }), other_thread("commit()"));
  EXPECT_DEATH(from_another_thread([](test_stack& s) { s.frame(0.1); }), other_thread("frame()"));
  EXPECT_DEATH(from_another_thread([](test_stack& s) { (void)s.size(); }), other_thread("size()"));
  EXPECT_DEATH(from_another_thread([](test_stack& s) { (void)s.staged(); }),
               other_thread("staged()"));
  EXPECT_DEATH(from_another_thread([](test_stack& s) { s.set_max_depth(3); }),
               other_thread("set_max_depth()"));
}

TEST(checked_death, a_view_used_from_another_thread_aborts) {
  const auto read_a_view_elsewhere = [] {
    recorder ctx;
    test_stack s{ctx};
    s.push<logged<"title">>();
    const test_stack::view staged = s.staged();
    const auto title = staged[0];
    std::thread{[&] { (void)title.name(); }}.join();
  };
  EXPECT_DEATH(read_a_view_elsewhere(), other_thread("entry_view::name()"));
  const auto index_a_view_elsewhere = [] {
    recorder ctx;
    test_stack s{ctx};
    s.push<logged<"title">>();
    const test_stack::view staged = s.staged();
    std::thread{[&] { (void)staged[0]; }}.join();
  };
  EXPECT_DEATH(index_a_view_elsewhere(), other_thread("staged()[]"));
}

// A valid program that reads views in every place it may (between requests, in hooks, in the
// observer, in a pop_until predicate) runs exactly as it would without the checks.
class checked : public stack_fixture {};

TEST_F(checked, a_valid_program_runs_unchanged) {
  s.set_observer([&](const strata::step_info& info) {
    const auto top = s.staged().top();
    ctx.note(std::string(strata::to_string(info.step)) + " " + std::string(info.state) +
             " (staged top " + (top ? std::string(top->name()) : "none") + ")");
  });
  s.push<logged<"title">>(actions{.enter = [&] {
    ctx.note("title sees " + std::string(s.committed()[0].name()) + ", paused " +
             (s.committed()[0].paused() ? "yes" : "no"));
  }});
  s.push<logged<"world">>(actions{.pause = [&] {
    for (const auto entry : s.committed()) {
      ctx.note("world.pause sees " + std::string(entry.name()));
    }
  }});
  s.commit();
  s.push<logged<"menu">>();
  s.commit();
  EXPECT_TRUE(s.committed().top()->is<logged<"menu">>());
  s.pop_until([](const auto& entry) { return entry.name() == "world"; });
  s.commit();
  EXPECT_EQ(trace(), "push title (staged top title), push world (staged top world), "
                     "title.enter, title sees title, paused no, enter title (staged top world), "
                     "title.pause, pause title (staged top world), world.enter, "
                     "enter world (staged top world), focus world (staged top world), "
                     "push menu (staged top menu), "
                     "world.pause, world.pause sees title, world.pause sees world, "
                     "pause world (staged top menu), menu.enter, enter menu (staged top menu), "
                     "unfocus world (staged top menu), focus menu (staged top menu), "
                     "pop menu (staged top world), unfocus menu (staged top world), menu.exit, "
                     "exit menu (staged top world), world.resume, resume world (staged top world), "
                     "focus world (staged top world)");
  EXPECT_EQ(s.describe(), "title | world*");
}

// A stack belongs to the thread that made it, whichever that is; stacks on different threads
// share nothing.
TEST(checked_threads, stacks_made_and_used_on_their_own_threads_run) {
  std::string traces[2];
  const auto play = [](std::string& trace) {
    recorder ctx;
    test_stack s{ctx};
    s.push<logged<"title">>();
    s.push<logged<"world">>();
    s.frame(0.1);
    trace = ctx.take() + " / " + s.describe();
  };
  std::thread first{play, std::ref(traces[0])};
  std::thread second{play, std::ref(traces[1])};
  first.join();
  second.join();
  for (const std::string& trace : traces) {
    EXPECT_EQ(trace, "title.enter, title.pause, world.enter, title.update_covered, world.update, "
                     "world.draw / title | world*");
  }
}

} // namespace
} // namespace strata_test
