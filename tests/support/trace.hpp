// tests/support/trace.hpp: the recording context and states of the lifecycle tests. Every hook
// a logged state receives is written to the trace as "name.hook", so a test compares the exact
// sequence as one string: EXPECT_EQ(trace(), "world.exit, title.resume, title.pause, ...").
#pragma once

#include <algorithm>
#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <gtest/gtest.h>
#include <strata/strata.hpp>

namespace strata_test {

// The context of every test stack: what happened so far, in order.
class recorder {
public:
  void log(std::string_view who, std::string_view what) {
    lines_.push_back(std::string(who) + "." + std::string(what));
  }
  void note(std::string line) { lines_.push_back(std::move(line)); }

  // The trace so far as "a.enter, a.pause, b.enter"; the next trace starts empty.
  std::string take() {
    std::string joined;
    for (const std::string& line : lines_) {
      joined += (joined.empty() ? "" : ", ") + line;
    }
    lines_.clear();
    return joined;
  }

private:
  std::vector<std::string> lines_;
};

struct event {
  int code = 0;
};

using test_stack = strata::stack<recorder, event>;

// "a b | a b c": the names of the committed view, then of the staged one.
inline std::string views(const test_stack& s) {
  std::string line;
  for (const auto entry : s.committed()) {
    line += std::string(entry.name()) + " ";
  }
  line += "|";
  for (const auto entry : s.staged()) {
    line += " " + std::string(entry.name());
  }
  return line;
}

// Counts the state objects alive, so that a test proves each was destroyed exactly once.
class counted {
public:
  counted() { ++live_; }
  counted(const counted& /*other*/) { ++live_; }
  counted& operator=(const counted&) = default;
  ~counted() { --live_; }
  static int live() { return live_; }

private:
  static inline int live_ = 0;
};

// A string literal usable as a template argument: logged<"title">.
template <std::size_t N>
struct fixed_name {
  // Implicit, so that a string literal converts to it as a template argument.
  constexpr fixed_name(const char (&text)[N]) { std::copy_n(text, N, chars); }
  [[nodiscard]] constexpr std::string_view view() const { return {chars, N - 1}; }
  char chars[N]{};
};

// What a logged state does in each hook, after logging it: requests, mostly, or a throw.
struct actions {
  // Each has an initializer so that designated initializers may name any subset.
  std::function<void()> enter{};
  std::function<void()> exit{};
  std::function<void()> pause{};
  std::function<void()> resume{};
  std::function<void()> update{};
  std::function<void()> update_covered{};
  std::function<void()> draw{};
  std::function<bool(const event&)> handle{}; // whether the event is consumed (default: not)
};

// An action that runs only the first time: a hook that misbehaves once, then behaves.
inline std::function<void()> once(std::function<void()> action) {
  return [action = std::move(action), done = false]() mutable {
    if (!done) {
      done = true;
      action();
    }
  };
}

// A state that logs every hook it gets into the context, then runs the matching action.
// Constructed with a recorder, it also logs "name.destroyed" there when it dies.
template <fixed_name Name, strata::modality Mode = strata::modality::screen>
class logged : public counted {
public:
  static constexpr std::string_view name = Name.view();
  static constexpr strata::modality modality = Mode;

  logged() = default;
  explicit logged(actions then)
      : then_(std::move(then)) {}
  explicit logged(recorder& destruction_log, actions then = {})
      : then_(std::move(then))
      , destruction_log_(&destruction_log) {}
  // Only the moved-to object reports its destruction.
  logged(logged&& other) noexcept
      : counted(other)
      , then_(std::move(other.then_))
      , destruction_log_(std::exchange(other.destruction_log_, nullptr)) {}
  logged& operator=(logged&&) = delete;
  ~logged() {
    if (destruction_log_ != nullptr) {
      destruction_log_->log(name, "destroyed");
    }
  }

  void enter(recorder& r) { log_and_act(r, "enter", then_.enter); }
  void exit(recorder& r) { log_and_act(r, "exit", then_.exit); }
  void pause(recorder& r) { log_and_act(r, "pause", then_.pause); }
  void resume(recorder& r) { log_and_act(r, "resume", then_.resume); }
  void update(recorder& r, double /*dt*/) { log_and_act(r, "update", then_.update); }
  void update_covered(recorder& r, double /*dt*/) {
    log_and_act(r, "update_covered", then_.update_covered);
  }
  void draw(recorder& r) { log_and_act(r, "draw", then_.draw); }
  bool handle(recorder& r, const event& e) {
    r.log(name, "handle(" + std::to_string(e.code) + ")");
    return then_.handle ? then_.handle(e) : false;
  }

private:
  // Not named `record`: a savable state derived from this one names strata::record.
  static void log_and_act(recorder& r, std::string_view hook, const std::function<void()>& action) {
    r.log(name, hook);
    if (action) {
      action();
    }
  }

  actions then_;
  recorder* destruction_log_ = nullptr;
};

// Writes each observer step into the trace among the hooks, as "push options@2" (depth).
template <class Stack>
void watch(Stack& stack, recorder& into) {
  stack.set_observer([&into](const strata::step_info& info) {
    into.note(std::string(strata::to_string(info.step)) + " " + std::string(info.state) + "@" +
              std::to_string(info.depth));
  });
}

// Fails the test that ends with fewer or more state objects alive than it started with.
class leak_check {
public:
  leak_check() = default;
  leak_check(const leak_check&) = delete;
  leak_check& operator=(const leak_check&) = delete;
  ~leak_check() { EXPECT_EQ(counted::live(), before_) << "a state was leaked or destroyed twice"; }

private:
  int before_ = counted::live();
};

// A recording stack per test. Members are destroyed in reverse order: the stack first (its
// exits still reach the recorder), then the leak check.
class stack_fixture : public testing::Test {
protected:
  // The trace since the last call.
  std::string trace() { return ctx.take(); }
  // Commits a test's starting position and forgets its trace.
  void commit_setup() {
    s.commit();
    ctx.take();
  }

  leak_check leaks;
  recorder ctx;
  test_stack s{ctx};
};

} // namespace strata_test
