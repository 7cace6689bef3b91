// tests/threads/separate_stacks_test.cpp: stacks on separate threads share nothing ("One stack, one
// thread" in the README). Two threads each build their own stacks, each stack with its own
// observer and error handler, and play a random program of a few thousand requests, commits,
// frames and passes on them at the same time; each thread's trace must be the one that the same
// program records on one thread alone. tests/threads/CMakeLists.txt builds it twice, both in the
// checked configuration (which aborts on a call from a thread other than the stack's own): with
// errors thrown as exceptions, and with STRATA_NO_EXCEPTIONS defined, errors going to the handler.
// .ci/steps/25-tsan.sh runs both under ThreadSanitizer, which reports memory that the two threads
// reach without ordering.
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <random>
#include <span>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include <gtest/gtest.h>
#include <strata/strata.hpp>

#include "../support/thread_flag.hpp"

namespace strata_threads_test {
namespace {

#ifndef STRATA_NO_EXCEPTIONS
constexpr bool exceptions_on = true;
#else
constexpr bool exceptions_on = false;
#endif

struct key {
  int code = 0;
};

struct table;
using game_stack = strata::stack<table, key>;

// What one thread records from all its stacks, in order: every hook, observer step and error,
// each line prefixed with the number of its stack.
using trace = std::vector<std::string>;

// The context of one stack: the trace of its thread, the stack's number, and the stack itself,
// so that a state can make requests from its hooks.
struct table {
  trace* lines = nullptr;
  std::size_t number = 0;
  game_stack* stack = nullptr;

  void note(std::string_view who, std::string_view what) const {
    lines->push_back(std::to_string(number) + " " + std::string(who) + "." + std::string(what));
  }
};

// A state that records its hooks. A 'dialog' closes itself (and whatever is staged above it) on
// its first update; every state consumes the key of its own letter.
template <char Letter, strata::modality Mode = strata::modality::screen, bool Dialog = false>
class traced {
public:
  static constexpr std::array<char, 1> letter{Letter};
  static constexpr std::string_view name{letter.data(), letter.size()};
  static constexpr strata::modality modality = Mode;

  void enter(table& t) { t.note(name, "enter"); }
  void exit(table& t) { t.note(name, "exit"); }
  void pause(table& t) { t.note(name, "pause"); }
  void resume(table& t) { t.note(name, "resume"); }
  void update(table& t, double /*dt*/) {
    t.note(name, "update");
    if (Dialog && !closing_) {
      closing_ = true;
      t.stack->close(t.stack->id_of(*this));
    }
  }
  void update_covered(table& t, double /*dt*/) { t.note(name, "update_covered"); }
  void draw(table& t) { t.note(name, "draw"); }
  bool handle(table& t, const key& k) {
    t.note(name, "handle(" + std::to_string(k.code) + ")");
    return k.code == Letter;
  }

private:
  bool closing_ = false;
};

using world = traced<'w'>;
using menu = traced<'m', strata::modality::freeze>;
using hud = traced<'h', strata::modality::transparent>;
using dialog = traced<'d', strata::modality::live, true>;

void note_error(const table& t, const strata::error& e) {
  t.note("error", std::to_string(static_cast<int>(e.code())) + " " + e.what());
}

// Runs `request` on the stack; an error it reports lands in the trace, whether it is thrown (and
// caught here) or handed to the error handler.
template <class Request>
void attempt(const table& t, Request&& request) {
#ifndef STRATA_NO_EXCEPTIONS
  try {
    request();
  } catch (const strata::error& e) {
    note_error(t, e);
  }
#else
  (void)t;
  request();
#endif
}

constexpr std::size_t stacks_per_thread = 4;
constexpr int operations_per_thread = 4'000;
constexpr std::size_t max_depth = 6; // low, so that the program meets errc::depth_limit too

// One thread's program: builds its stacks, waits at `start` (when given) for the other thread,
// then makes `operations_per_thread` random calls on them, chosen by `seed`; empties and
// destroys them. Returns what it recorded.
trace play(std::uint32_t seed, strata_test::start_line* start) {
  trace lines;
  std::array<table, stacks_per_thread> tables{};
  std::vector<std::unique_ptr<game_stack>> stacks;
  for (std::size_t i = 0; i < stacks_per_thread; ++i) {
    table& t = tables[i];
    t.lines = &lines;
    t.number = i;
    stacks.push_back(std::make_unique<game_stack>(t));
    t.stack = stacks.back().get();
    t.stack->set_max_depth(max_depth);
    t.stack->set_observer([&t](const strata::step_info& info) {
      t.note("observer", std::string(strata::to_string(info.step)) + " " + std::string(info.state) +
                             "@" + std::to_string(info.depth));
    });
    t.stack->set_error_handler([&t](const strata::error& e) { note_error(t, e); });
  }
  if (start != nullptr) {
    start->arrive_and_wait();
  }

  std::mt19937 random(seed);
  const auto pick = [&random](std::uint32_t count) { return random() % count; };
  for (int step = 0; step < operations_per_thread; ++step) {
    table& t = tables[pick(stacks_per_thread)];
    game_stack& s = *t.stack;
    const double dt = 0.25 * (1 + pick(4));
    switch (pick(14)) {
    case 0: attempt(t, [&] { s.push<world>(); }); break;
    case 1: attempt(t, [&] { s.push<menu>(); }); break;
    case 2: attempt(t, [&] { s.push<hud>().name("overlay"); }); break;
    case 3:
      attempt(t, [&] {
        s.push<dialog>().on_exit([&t](dialog& /*d*/) { t.note("dialog", "on_exit"); });
      });
      break;
    case 4:
    case 5: attempt(t, [&] { s.pop(); }); break;
    case 6: attempt(t, [&] { s.replace<world>(); }); break;
    case 7: attempt(t, [&] { s.pop_to(pick(max_depth)); }); break;
    case 8: attempt(t, [&] { s.clear(); }); break;
    case 9: attempt(t, [&] { s.commit(); }); break;
    case 10: attempt(t, [&] { s.update(dt); }); break;
    case 11: attempt(t, [&] { s.draw(); }); break;
    case 12: attempt(t, [&] { s.frame(dt); }); break;
    default: {
      const std::array<key, 2> keys{key{static_cast<int>(pick(128))}, key{'m'}};
      attempt(t, [&] { s.frame(dt, std::span<const key>{keys}); });
      break;
    }
    }
  }
  for (table& t : tables) {
    t.note("thread", "describe " + t.stack->describe());
    attempt(t, [&] { t.stack->clear(); });
    attempt(t, [&] { t.stack->commit(); });
  }
  stacks.clear(); // on this thread, which made them
  return lines;
}

// Where two traces part, for a failure message that does not print thousands of lines.
std::string first_difference(const trace& got, const trace& alone) {
  for (std::size_t i = 0; i < got.size() && i < alone.size(); ++i) {
    if (got[i] != alone[i]) {
      return "line " + std::to_string(i) + ": '" + got[i] + "', alone: '" + alone[i] + "'";
    }
  }
  return "lengths " + std::to_string(got.size()) + " and " + std::to_string(alone.size());
}

std::size_t lines_with(const trace& lines, std::string_view part) {
  std::size_t count = 0;
  for (const std::string& line : lines) {
    count += line.find(part) != std::string::npos ? 1 : 0;
  }
  return count;
}

// Plays the programs of `seeds` alone on this thread, then together on two threads started at
// the same moment, and compares each thread's trace with its program's trace alone.
void expect_same_traces(const std::array<std::uint32_t, 2>& seeds) {
  std::array<trace, 2> alone;
  for (std::size_t i = 0; i < seeds.size(); ++i) {
    alone[i] = play(seeds[i], nullptr);
  }
  std::array<trace, 2> together;
  {
    // std::thread, not std::jthread: libc++ 14 has no jthread (CI builds the tests with it).
    strata_test::start_line start(2);
    std::thread first([&] { together[0] = play(seeds[0], &start); });
    std::thread second([&] { together[1] = play(seeds[1], &start); });
    first.join();
    second.join();
  }
  for (std::size_t i = 0; i < seeds.size(); ++i) {
    EXPECT_TRUE(together[i] == alone[i]) << "thread " << i << " (seed " << seeds[i]
                                         << "): " << first_difference(together[i], alone[i]);
    // The programs reach what they are meant to: hooks of every kind, the observer, requests
    // from hooks (a dialog closing itself), and errors.
    for (const std::string_view part :
         {".enter", ".exit", ".pause", ".resume", ".update", ".update_covered", ".draw", ".handle(",
          "dialog.on_exit", "observer.push", "observer.discard", "error.1 ", "error.6 ",
          "error.8 "}) {
      EXPECT_GT(lines_with(alone[i], part), 0U) << "seed " << seeds[i] << " never records " << part;
    }
  }
}

TEST(separate_stacks, two_threads_with_different_programs_record_what_each_would_alone) {
  expect_same_traces({1, 2});
}

TEST(separate_stacks, two_threads_with_the_same_program_record_what_it_would_alone) {
  expect_same_traces({7, 7});
}

TEST(separate_stacks, errors_reach_the_trace_as_the_build_reports_them) {
  trace lines;
  table t{&lines, 0, nullptr};
  game_stack s{t};
  t.stack = &s;
  s.set_error_handler([&t](const strata::error& e) { note_error(t, e); });
  attempt(t, [&] { s.pop(); });
  ASSERT_EQ(lines.size(), 1U);
  EXPECT_EQ(lines[0], "0 error.1 strata: pop() on an empty stack")
      << (exceptions_on ? "thrown" : "handed to the handler");
}

} // namespace
} // namespace strata_threads_test
