// strata/detail/stack_steps.hpp: the steps a commit takes, one hook each (R2-R8, R19, R25):
// resume, pause, enter and exit of the committed top, and how a step runs its hook: plainly, or
// with the probe told around it and the probe and the observer told of the step after it (R22,
// R36). Which step comes next is the commit's (stack_commit.hpp), as are focus and the limits.
#pragma once

#include <cstddef>
#include <cstdint>

#include "../probe.hpp"
#include "stack_motion.hpp"

// clang 14 keeps step_towards_staged() out of line and pays a call, with its register saves, for
// every step (six per push/pop cycle): inlined, bench S2 fell from 933 to 794 instructions per
// cycle and S4 from 481 to 390 per pop. g++ 12 inlines it on its own, and forced to, it spent
// 5% more (its inlining of the rest of the commit changed). stack_commit.hpp undefines it.
#ifndef STRATA_DETAIL_CLANG_INLINE
#if defined(__clang__)
#define STRATA_DETAIL_CLANG_INLINE [[gnu::always_inline]]
#else
#define STRATA_DETAIL_CLANG_INLINE
#endif
#endif
// The other way round for stack_commit::commit_steps(), whose comment says why. Undefined there
// too.
#ifndef STRATA_DETAIL_GCC_NOINLINE
#if defined(__clang__)
#define STRATA_DETAIL_GCC_NOINLINE
#else
#define STRATA_DETAIL_GCC_NOINLINE [[gnu::noinline]]
#endif
#endif

namespace strata::detail {

template <class Context, class Event>
class stack_steps : protected stack_motion<Context, Event> {
  using base = stack_motion<Context, Event>;

protected:
  using base::base;
  using base::dispose;
  using base::entries_;
  using base::focused_;
  using base::guard_;
  using base::just_paused_;
  using base::passes_;
  using base::release;
  using base::start_arriving;
  using typename base::entry;

  // R36: one test of observed() per step, where notify() made it after the step: the step runs
  // `Watched`, with the probe told around its hook and then the probe and the observer told of
  // the step, or without either (a watcher installed by the step's own hook hears of the next
  // step). The watched ones out of line, so that they do not weigh on the inlining of the plain.
  template <auto Step, class... Args>
  [[gnu::noinline]] void run_watched(Args&... args) {
    (this->*Step)(args...);
  }

  // The hook is over however it ends: a state destroyed because its enter or exit threw (R25)
  // runs its destructor with no hook marked as running, so the destructor's requests are
  // ordinary ones (R24).
  template <bool Watched, strata::hook Which>
  void run_hook(lifecycle_fn<Context> hook, const entry& e, std::size_t depth) {
    constexpr const char* name = to_string(Which).data();
    const marked<const char*> running{guard_.hook, name};
    void* const object = e.object;
    if constexpr (Watched) {
      this->probed(Which, e, depth, [&] { hook(object, *this->context_); });
    } else {
      hook(object, *this->context_);
    }
  }

  // The step `what` of the committed entry at `depth` is over: the probe and the observer hear
  // of it (the entry is found again: the hook's requests may have moved it).
  template <bool Watched>
  void tell(step what, std::size_t depth) {
    if constexpr (Watched) {
      this->tell_observer(what, entries_.committed_at(depth), depth);
    }
  }

  template <bool Watched>
  void resume_top(entry& top) {
    top.set_paused(false); // counts as resumed even if the hook throws
    just_paused_ = false;
    const std::size_t depth = entries_.committed_size() - 1;
    if (top.ops->resume != nullptr) {
      run_hook<Watched, hook::resume>(top.ops->resume, top, depth);
    }
    tell<Watched>(step::resume, depth);
  }

  template <bool Watched>
  void pause_top(entry& top) {
    top.set_paused(true); // counts as paused even if the hook throws
    just_paused_ = true;
    const std::size_t depth = entries_.committed_size() - 1;
    if (top.ops->pause != nullptr) {
      run_hook<Watched, hook::pause>(top.ops->pause, top, depth);
    }
    tell<Watched>(step::pause, depth);
  }

  template <bool Watched>
  void enter_next() {
    // The entering state is committed while its enter runs, so a request that unstages it then
    // schedules its exit instead of destroying it under its own feet.
    const entry& next = entries_.staged()[entries_.committed_prefix()];
    passes_.remember(this->settings_.memory, next);
    if (next.arrives()) [[unlikely]] {
      start_arriving(next); // R33: arriving from its enter on
    }
    entry& entering = entries_.commit_next();
    just_paused_ = false;
    entering.set_paused(false);
    if (entering.ops->enter != nullptr) {
      // R25: a state whose enter throws never entered: it leaves without exit, like an object
      // whose constructor threw. The state below stays paused until the next commit resumes it.
      on_unwind forget{[this] { enter_failed(); }};
      run_hook<Watched, hook::enter>(entering.ops->enter, entering, entries_.committed_size() - 1);
      forget.dismiss();
    }
    tell<Watched>(step::enter, entries_.committed_size() - 1);
  }

  template <bool Watched>
  STRATA_DETAIL_CLANG_INLINE void exit_top() {
    const std::size_t depth = entries_.committed_size() - 1;
    just_paused_ = false; // R23: a resume after an exit undoes no pause of this commit
    {
      const entry& leaving = entries_.committed_top();
      if (leaving.ops->exit != nullptr) {
        // R25: a state whose exit throws has still left: the observer is told, it is destroyed,
        // and its on_exit is not run.
        on_unwind finish{[this, depth] { exit_interrupted(take_committed_top(), depth); }};
        run_hook<Watched, hook::exit>(leaving.ops->exit, leaving, depth);
        finish.dismiss();
      }
    }
    const entry left = take_committed_top();
    if (left.on_exit() != nullptr) {
      run_on_exit(left, depth);
    }
    report_exit_and_dispose(left, depth, Watched);
  }

  // R19: the on_exit of the state `left` that just left `depth`, with the state now below it
  // (strata::to_below). Out of line, so that the commit's hot steps inline as they did before.
  [[gnu::noinline]] void run_on_exit(const entry& left, std::size_t depth) {
    // R25: an on_exit that throws comes after the exit: the state has left all the same.
    on_unwind finish{[&] { exit_interrupted(left, depth); }};
    exit_callback<Context>* const on_exit = left.on_exit();
    on_exit->run(on_exit, *this->context_, left.object, below_top());
    finish.dismiss();
  }

  // The state that the one just taken off is over, for its on_exit (strata::to_below).
  [[nodiscard]] state_below below_top() const {
    if (entries_.committed_size() == 0) {
      return {};
    }
    const entry& below = entries_.committed_top();
    return {below.ops, below.object};
  }

  // The committed top has left: the observer is told (if `watched`), then the state is
  // destroyed, or leaves.
  void report_exit_and_dispose(const entry& left, std::size_t depth, bool watched) {
    at_scope_exit destroy{[&] { dispose(left); }};
    if (watched) {
      this->tell_observer(step::exit, left, depth);
    }
  }

  // R25: an exit or on_exit threw: the state has left all the same. Out of line, so that the
  // unwinding paths do not weigh on the inlining of the commit's hot steps.
  [[gnu::cold, gnu::noinline]] void exit_interrupted(const entry& left, std::size_t depth) {
    report_exit_and_dispose(left, depth, this->observed());
  }

  // R25: the committed top's enter threw: it never entered, and leaves without exit at once.
  [[gnu::cold, gnu::noinline]] void enter_failed() noexcept {
    this->end_arrival_of_top(); // R33
    // R36: still staged (its enter did not pop it), it leaves the staged stack with no request:
    // the probe alone is told, so that its staged view follows.
    const bool staged = entries_.retiring_count() == 0;
    const std::size_t depth = entries_.committed_size() - 1;
    const entry failed = take_committed_top();
    if (staged && this->observed()) {
      this->tell_probe_only(step::pop, failed, depth);
    }
    release(failed);
  }

  // The committed top leaves (its exit ran, or its enter threw).
  entry take_committed_top() {
    passes_.forget(entries_.committed_top());
    return entries_.take_committed_top(this->settings_.memory);
  }

  // R29: the unfocus of the committed entry at `depth`: the top when it exits, otherwise still
  // committed below it.
  template <bool Watched>
  void unfocus_at(std::size_t depth) {
    focused_ = entry_id::none; // counts as unfocused even if the hook throws
    const entry& had_it = entries_.committed_at(depth);
    if (had_it.ops->unfocus != nullptr) {
      const marked<std::uint32_t> owner{guard_.unfocusing, static_cast<std::uint32_t>(depth)};
      run_hook<Watched, hook::unfocus>(had_it.ops->unfocus, had_it, depth);
    }
    tell<Watched>(step::unfocus, depth);
  }
};

} // namespace strata::detail
