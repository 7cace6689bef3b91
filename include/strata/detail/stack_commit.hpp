// strata/detail/stack_commit.hpp: how a commit brings the committed stack in line with the
// staged one, one hook per step (R2-R9, R23, R25, R26, R29). The staged stack is read again
// before every step, because any hook may have made requests; the order of the checks in
// step_towards_staged() is the specification in docs/semantics.md.
#pragma once

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "../probe.hpp"
#include "stack_motion.hpp"

// clang 14 keeps step_towards_staged() out of line and pays a call, with its register saves, for
// every step (six per push/pop cycle): inlined, bench S2 fell from 933 to 794 instructions per
// cycle and S4 from 481 to 390 per pop. g++ 12 inlines it on its own, and forced to, it spent
// 5% more (its inlining of the rest of the commit changed).
#if defined(__clang__)
#define STRATA_DETAIL_CLANG_INLINE [[gnu::always_inline]]
#else
#define STRATA_DETAIL_CLANG_INLINE
#endif

namespace strata::detail {

template <class Context, class Event>
class stack_commit : protected stack_motion<Context, Event> {
  using base = stack_motion<Context, Event>;

protected:
  using base::base;
  using base::dispose;
  using base::entries_;
  using base::fail;
  using base::focused_;
  using base::focused_type_;
  using base::guard_;
  using base::just_paused_;
  using base::notify;
  using base::options_;
  using base::passes_;
  using base::release;
  using base::start_arriving;
  using base::transitions_;
  using base::unstage_top;
  using typename base::entry;

  // Runs steps until the committed stack is the staged one and its top has the focus (R29).
  void run_commit() {
    just_paused_ = false;
    transitions_ = 0;
    if (cold_members* const cold = this->cold_.find(); cold != nullptr) {
      cold->log.clear();
    }
    do {
      while (step_towards_staged()) {
      }
    } while (settle_focus());
  }

  // One step; false when there is none left (or the transition limit stopped the commit).
  // `Destroying`: ~stack is taking every state off (R26), so whatever is committed retreats.
  // The committed top is found once per step and handed to the step that acts on it.
  template <bool Destroying = false>
  STRATA_DETAIL_CLANG_INLINE bool step_towards_staged() {
    STRATA_IF_CHECKED(this->checks_.stack_changed();)
    const std::size_t prefix = entries_.committed_prefix();
    const bool retiring = entries_.retiring_count() > 0;
    entry* const top = retiring || prefix > 0 ? &entries_.committed_top() : nullptr;
    const bool must_retreat = retiring || (Destroying && top != nullptr);
    const bool can_advance = !Destroying && !retiring && prefix < entries_.staged().size();
    if (top != nullptr && top->paused()) {
      // R4, R5, R9: a revealed state is resumed, unless coalescing skips the resume because the
      // commit covers or exits it again; a state paused by this very advance stays paused for
      // the enter.
      const bool stays_paused =
          options_.coalesced ? (can_advance || must_retreat) : (can_advance && just_paused_);
      if (!stays_paused) {
        // R23: a resume right after this commit paused the top means the enter it paused for
        // was cancelled. It counts as a transition, so that a pause that pops and a resume that
        // pushes again cannot loop for ever.
        if (just_paused_ && !within_transition_limit()) {
          return false;
        }
        if (this->observed()) [[unlikely]] {
          run_watched<&stack_commit::resume_top<true>>(*top);
        } else {
          resume_top<false>(*top);
        }
        return true;
      }
    }
    if (must_retreat) {
      if (top->id() == focused_) [[unlikely]] {
        if (unfocus_is_heard()) {
          unfocus(entries_.committed_size() - 1); // R29: a step of its own, right before the exit
          return true;
        }
        focused_ = entry_id::none; // nothing runs and nobody listens: no step needed
      }
      if (!within_transition_limit()) {
        return false;
      }
      if (this->observed()) [[unlikely]] {
        run_watched<&stack_commit::exit_top<true>>();
      } else {
        exit_top<false>();
      }
      return true;
    }
    if (can_advance) {
      if (top != nullptr && !top->paused()) {
        if (this->observed()) [[unlikely]] {
          run_watched<&stack_commit::pause_top<true>>(*top);
        } else {
          pause_top<false>(*top);
        }
      } else {
        if (!within_transition_limit()) {
          return false;
        }
        if (this->observed()) [[unlikely]] {
          run_watched<&stack_commit::enter_next<true>>();
        } else {
          enter_next<false>();
        }
      }
      return true;
    }
    return false;
  }

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
    passes_.remember(next);
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
    return entries_.take_committed_top();
  }

  // ---- R29: focus, settled once the commit has nothing left to do ----

  // Whether the top is where a finished commit leaves it: not paused, and focused. A commit
  // that ran out of steps has no entry waiting to exit (or, stopped by its transition limit, has
  // put them back), so the committed stack is the staged prefix.
  [[nodiscard]] bool top_settled() const {
    if (entries_.committed_size() == 0) {
      return true; // an exit unfocuses its state first, so nothing is focused here
    }
    return !entries_.committed_top().paused() && entries_.committed_top().id() == focused_;
  }

  // Moves the focus to the committed top: unfocus on the state that had it, if it is still
  // committed (a state that leaves is unfocused before its exit), then focus on the top. Each
  // hook may make requests, which the commit carries out before the focus moves on; returns
  // whether there are such steps to take. Runs when the commit has no step left, so the
  // committed stack is the staged prefix. A commit stopped by its transition limit moves no
  // focus: without exceptions the error handler returns into it, and focus hooks that push and
  // pop for ever would otherwise keep it going; nor does one that leaves the top paused. Their
  // focus waits for the next commit.
  bool settle_focus() {
    const std::size_t size = entries_.committed_prefix();
    auto& staged = entries_.staged();
    if (size > 0 && staged[size - 1].id() == focused_) [[likely]] {
      return false; // the common case: the top kept the focus
    }
    if (transitions_ > options_.max_transitions || (size > 0 && staged[size - 1].paused())) {
      return false;
    }
    if (focused_ != entry_id::none) {
      if (!unfocus_is_heard()) {
        focused_ = entry_id::none; // nobody to tell: no need to find it
      } else {
        std::size_t depth = size;
        while (depth-- > 0 && staged[depth].id() != focused_) {
        }
        if (depth < size) { // always: a state that leaves is unfocused before its exit
          unfocus(depth);
        }
        focused_ = entry_id::none;
        if (entries_.has_steps()) {
          return true;
        }
      }
    }
    if (size == 0) {
      return false;
    }
    entry& top = staged[size - 1];
    focused_ = top.id(); // counts as focused even if the hook throws
    focused_type_ = top.ops;
    if (this->observed()) [[unlikely]] {
      focus_watched(top, size - 1);
      return entries_.has_steps();
    }
    if (top.ops->focus == nullptr) {
      return false;
    }
    run_hook<false, hook::focus>(top.ops->focus, top, size - 1);
    return entries_.has_steps();
  }
  [[gnu::noinline]] void focus_watched(entry& top, std::size_t depth) {
    if (top.ops->focus != nullptr) {
      run_hook<true, hook::focus>(top.ops->focus, top, depth);
    }
    // The hook's requests may have unstaged it (to retiring): it is still the committed top.
    tell<true>(step::focus, depth);
  }

  // Whether the focused state's unfocus calls anything: its hook or the observer.
  [[nodiscard]] bool unfocus_is_heard() const {
    return focused_type_->unfocus != nullptr || this->observed();
  }

  // The focused state is the committed top when it exits, otherwise still committed below it.
  // Only when unfocus_is_heard(): otherwise clearing focused_ is all there is to do.
  void unfocus(std::size_t depth) {
    if (this->observed()) [[unlikely]] {
      run_watched<&stack_commit::unfocus_at<true>>(depth);
    } else {
      unfocus_at<false>(depth);
    }
  }
  template <bool Watched>
  void unfocus_at(std::size_t depth) {
    focused_ = entry_id::none; // counts as unfocused even if the hook throws
    const entry& had_it = entries_.committed_at(depth);
    if (had_it.ops->unfocus != nullptr) {
      const marked<std::size_t> owner{guard_.unfocusing, depth};
      run_hook<Watched, hook::unfocus>(had_it.ops->unfocus, had_it, depth);
    }
    tell<Watched>(step::unfocus, depth);
  }

  // R26: what ~stack does.
  void leave_on_destruction() {
    STRATA_IF_CHECKED(this->checks_.check_thread("~stack()");)
    if (!guard_.may_end()) {
      // Written whole: a state's name may hold a NUL byte (R21).
      const std::string message =
          join({"strata: stack destroyed ", this->where(), "; a stack must outlive its hooks\n"});
      std::fwrite(message.data(), 1, message.size(), stderr);
      std::abort();
    }
    guard_.now = activity::destroying;
    // R26: everything leaves, as under clear(): the staged view reads empty from here on, and the
    // observer is told each pop, top first. The states stay where they are rather than move to
    // retiring or dropping, which could need memory that a destructor cannot fail to get;
    // requests are ignored now, so the observer cannot prolong these loops.
    auto& staged = entries_.staged();
    while (staged.size() > entries_.committed_prefix()) {
      unstage_top();
    }
    for (std::size_t depth = entries_.committed_prefix(); depth-- > 0;) {
      notify(step::pop, staged[depth], depth);
    }
    while (step_towards_staged<true>()) {
    }
    this->release_all_leaving(); // R33: what was leaving below everything that exited
  }

  // ---- R23: the transition limit ----

  bool within_transition_limit() {
    if (guard_.now != activity::committing || ++transitions_ <= options_.max_transitions)
        [[likely]] {
      return true;
    }
    transition_limit_reached();
    return false;
  }
  [[gnu::cold, gnu::noinline]] void transition_limit_reached() {
    const std::string limit = std::to_string(options_.max_transitions);
    const cold_members* const cold = this->cold_.find();
    const std::string culprits = cold != nullptr ? cold->log.describe() : std::string{};
    std::string message = join({"strata: commit exceeded ", limit, " transitions", culprits,
                                "; the requests still pending were dropped"});
    drop_pending_requests();
    fail(errc::transition_limit, message);
  }

  // Leaves the staged stack equal to the committed one, so a runaway commit does not resume.
  void drop_pending_requests() {
    // Nothing of the user's runs until the stack is whole again: the dropped states are taken
    // out first and destroyed last, since their destructors may make requests.
    flat_array<entry> dropped(&options_.memory);
    const std::size_t prefix = entries_.committed_prefix();
    entries_.restore_committed(dropped);
    if (this->observed()) {
      // R36: no request did this: the probe alone is told, so that its staged view follows.
      for (std::size_t i = dropped.size(); i-- > 0;) {
        this->tell_probe_only(step::pop, dropped[i], prefix + i);
      }
      for (std::size_t depth = prefix; depth < entries_.committed_prefix(); ++depth) {
        this->tell_probe_only(step::push, entries_.staged()[depth], depth);
      }
    }
    for (std::size_t i = dropped.size(); i-- > 0;) {
      release(dropped[i]);
    }
  }
};

} // namespace strata::detail

#undef STRATA_DETAIL_CLANG_INLINE
