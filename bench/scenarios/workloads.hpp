// bench/scenarios/workloads.hpp: the measured work of scenarios S1 to S5 (and S2F), written once
// for every subject and shared by the timed benchmarks and the instruction counter. A workload is
// built from one size (a depth, k, or a count of stacks) and does its setup and warm-up then; run()
// is the measured work and units() how many of the scenario's unit one run is (states called,
// cycles, states pushed, pops, stacks). A workload whose run() changes the stack also has
// reset(), which undoes it off the clock. The constructors are out of line, for every subject
// alike: inlined into the function that times run(), the setup's code changed how the compiler
// allocated registers for the measured loop (after 24d9b15 changed the push, g++ reloaded the
// update pass's end pointer from the stack at every state of S1, on the same pass code).
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>

#include "../hook_body.hpp"
#include "../subject.hpp"

namespace bench {

template <class W>
concept resettable = requires(W& w) {
  w.reset();
};

// S1: one update pass over a stack `depth` states deep; a unit is one state called.
template <subject S>
class frame_pass {
public:
  [[gnu::noinline]] explicit frame_pass(std::size_t depth)
      : stack_(depth) {
    grow_to(stack_, depth);
    const std::uint64_t before = hook_calls;
    run(); // the first pass may build what the next ones reuse
    calls_ = hook_calls - before;
  }

  void run() { stack_.update(frame_dt); }
  [[nodiscard]] std::size_t units() const { return calls_; }

private:
  S stack_;
  std::size_t calls_ = 0;
};

// S2: a pause state pushed over a stack `depth` deep, committed, popped, committed again (pause,
// enter, exit, resume where the design has them); a unit is one such cycle. S2F
// (`churn_with_frames`) adds an update pass after each commit, as a game has: a design that
// defers work from the commit to the next pass (strata rebuilds its pass lists there) pays for
// it in S2F, not in S2.
template <subject S, bool with_frames>
class churn {
public:
  [[gnu::noinline]] explicit churn(std::size_t depth)
      : stack_(depth + 1) {
    grow_to(stack_, depth);
    for (int i = 0; i < warm_up_cycles; ++i) {
      run();
    }
  }

  void run() {
    stack_.push();
    stack_.commit();
    frame();
    stack_.pop();
    stack_.commit();
    frame();
  }
  [[nodiscard]] static std::size_t units() { return 1; }

private:
  void frame() {
    if constexpr (with_frames) {
      stack_.update(frame_dt);
    }
  }

  static constexpr int warm_up_cycles = 64;
  S stack_;
};

template <subject S>
using churn_cycle = churn<S, false>;
template <subject S>
using churn_with_frames = churn<S, true>;

// S3: k states pushed in one frame, then one commit; a unit is one state pushed.
template <subject S>
class bulk_push {
public:
  [[gnu::noinline]] explicit bulk_push(std::size_t k)
      : stack_(k)
      , k_(k) {
    run();
    reset();
  }

  void run() {
    for (std::size_t i = 0; i < k_; ++i) {
      stack_.push();
    }
    stack_.commit();
  }
  void reset() {
    for (std::size_t i = 0; i < k_; ++i) {
      stack_.pop();
    }
    stack_.commit();
  }
  [[nodiscard]] std::size_t units() const { return k_; }

private:
  S stack_;
  std::size_t k_;
};

// S4: pops from a stack `depth` deep, each followed by a commit; a unit is one pop. A run pops a
// tenth of the stack, so that one clock reading covers enough pops even for the fastest
// design, while the depth stays within 10% of the scenario's.
template <subject S>
class deep_pop {
public:
  [[gnu::noinline]] explicit deep_pop(std::size_t depth)
      : stack_(depth)
      , pops_(depth / 10 > 0 ? depth / 10 : 1) {
    grow_to(stack_, depth);
    run();
    reset();
  }

  void run() {
    for (std::size_t i = 0; i < pops_; ++i) {
      stack_.pop();
      stack_.commit();
    }
  }
  void reset() { grow_to(stack_, pops_); }
  [[nodiscard]] std::size_t units() const { return pops_; }

private:
  S stack_;
  std::size_t pops_;
};

// S5: `count` stacks 4 deep, as a server hosting one per match; a run steps each once (its
// update pass, then a commit with nothing to do); a unit is one stack stepped.
template <subject S>
class many_stacks {
public:
  static constexpr std::size_t depth = 4;

  [[gnu::noinline]] explicit many_stacks(std::size_t count) {
    for (std::size_t i = 0; i < count; ++i) {
      grow_to(stacks_.emplace_back(depth), depth);
    }
    run();
  }

  void run() {
    for (S& stack : stacks_) {
      stack.update(frame_dt);
      stack.commit();
    }
  }
  [[nodiscard]] std::size_t units() const { return stacks_.size(); }

private:
  std::deque<S> stacks_; // a deque builds in place: strata::stack cannot move
};

} // namespace bench
