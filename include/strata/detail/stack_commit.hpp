// strata/detail/stack_commit.hpp: how a commit brings the committed stack in line with the
// staged one, one hook per step (R2-R9, R23, R25, R26, R29). The staged stack is read again
// before every step, because any hook may have made requests; the order of the checks in
// step_towards_staged() is the specification in docs/semantics.md.
#pragma once

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <utility>

#include "scope_guard.hpp"
#include "stack_steps.hpp"

namespace strata::detail {

template <class Context, class Event>
class stack_commit : protected stack_steps<Context, Event> {
  using base = stack_steps<Context, Event>;

protected:
  using base::base;
  using base::entries_;
  using base::fail;
  using base::focused_;
  using base::focused_has_unfocus_;
  using base::guard_;
  using base::just_paused_;
  using base::notify;
  using base::passes_;
  using base::release;
  using base::settings_;
  using base::take_committed_top;
  using base::transitions_;
  using base::unstage_top;
  using typename base::entry;

  // The steps of a commit that has some (stack::commit()). Most frames' commits have none: with
  // g++ 12 they return from commit() inlined into the game's loop, with no call and no registers
  // saved, once this is out of line (bench S5: 111 to 89 instructions per stack stepped; S2 695
  // to 688 per cycle). clang 14 made that return cheap already (S5: 84), and with this out of
  // line, or with it and run_commit() as one, stopped inlining push() and pop() into their caller
  // (S2 795 to 870 or more): for clang it stays as it was.
  STRATA_DETAIL_GCC_NOINLINE void commit_steps() {
    const activity_scope scope{guard_, activity::committing};
    // pending() reads this flag: it holds the truth again however the commit ends.
    on_unwind settled_or_not{[this] { this->top_unsettled_ = !top_settled(); }};
    run_commit();
    settled_or_not.dismiss();
    // Only a commit stopped by its transition limit ends without settling the top (R29).
    this->top_unsettled_ = transitions_ > settings_.max_transitions && !top_settled();
  }

  // Runs steps until the committed stack is the staged one and its top has the focus (R29).
  void run_commit() {
    just_paused_ = false;
    transitions_ = 0;
    if (const cold_members* const cold = this->cold_.find();
        cold != nullptr && cold->log != nullptr) {
      cold->log->clear();
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
          this->coalesced_ ? (can_advance || must_retreat) : (can_advance && just_paused_);
      if (!stays_paused) {
        // R23: a resume right after this commit paused the top means the enter it paused for
        // was cancelled. It counts as a transition, so that a pause that pops and a resume that
        // pushes again cannot loop for ever.
        if (just_paused_ && !within_transition_limit()) {
          return false;
        }
        if (this->observed()) [[unlikely]] {
          this->template run_watched<&stack_commit::template resume_top<true>>(*top);
        } else {
          this->template resume_top<false>(*top);
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
        this->template run_watched<&stack_commit::template exit_top<true>>();
      } else {
        this->template exit_top<false>();
      }
      return true;
    }
    if (can_advance) {
      if (top != nullptr && !top->paused()) {
        if (this->observed()) [[unlikely]] {
          this->template run_watched<&stack_commit::template pause_top<true>>(*top);
        } else {
          this->template pause_top<false>(*top);
        }
      } else {
        if (!within_transition_limit()) {
          return false;
        }
        if (this->observed()) [[unlikely]] {
          this->template run_watched<&stack_commit::template enter_next<true>>();
        } else {
          this->template enter_next<false>();
        }
      }
      return true;
    }
    return false;
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
    if (transitions_ > settings_.max_transitions || (size > 0 && staged[size - 1].paused())) {
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
    focused_has_unfocus_ = top.ops->unfocus != nullptr;
    if (this->observed()) [[unlikely]] {
      focus_watched(top, size - 1);
      return entries_.has_steps();
    }
    if (top.ops->focus == nullptr) {
      return false;
    }
    this->template run_hook<false, hook::focus>(top.ops->focus, top, size - 1);
    return entries_.has_steps();
  }
  [[gnu::noinline]] void focus_watched(entry& top, std::size_t depth) {
    if (top.ops->focus != nullptr) {
      this->template run_hook<true, hook::focus>(top.ops->focus, top, depth);
    }
    // The hook's requests may have unstaged it (to retiring): it is still the committed top.
    this->template tell<true>(step::focus, depth);
  }

  // Whether the focused state's unfocus calls anything: its hook or the observer.
  [[nodiscard]] bool unfocus_is_heard() const { return focused_has_unfocus_ || this->observed(); }

  // The focused state is the committed top when it exits, otherwise still committed below it.
  // Only when unfocus_is_heard(): otherwise clearing focused_ is all there is to do.
  void unfocus(std::size_t depth) {
    if (this->observed()) [[unlikely]] {
      this->template run_watched<&stack_commit::template unfocus_at<true>>(depth);
    } else {
      this->template unfocus_at<false>(depth);
    }
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
    if (this->has_inbox_) {
      // R35: the posts waiting are destroyed, never applied, and posts are refused from here on.
      // Their destructors' requests are ignored, as those of the hooks below.
      this->has_inbox_ = false;
      std::exchange(this->cold_.find()->inbox, nullptr)->close();
    }
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
    if (guard_.now != activity::committing || ++transitions_ <= settings_.max_transitions)
        [[likely]] {
      return true;
    }
    transition_limit_reached();
    return false;
  }
  [[gnu::cold, gnu::noinline]] void transition_limit_reached() {
    const std::string limit = std::to_string(settings_.max_transitions);
    const cold_members* const cold = this->cold_.find();
    const std::string culprits =
        cold != nullptr && cold->log != nullptr ? cold->log->describe() : std::string{};
    std::string message = join({"strata: commit exceeded ", limit, " transitions", culprits,
                                "; the requests still pending were dropped"});
    drop_pending_requests();
    fail(errc::transition_limit, message);
  }

  // Leaves the staged stack equal to the committed one, so a runaway commit does not resume.
  void drop_pending_requests() {
    // Nothing of the user's runs until the stack is whole again: the dropped states are taken
    // out first and destroyed last, since their destructors may make requests.
    flat_array<entry> dropped;
    const at_scope_exit give_back{[&] { dropped.release(settings_.memory); }};
    const std::size_t prefix = entries_.committed_prefix();
    entries_.restore_committed(settings_.memory, dropped);
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
#undef STRATA_DETAIL_GCC_NOINLINE
