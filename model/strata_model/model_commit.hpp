// model/strata_model/model_commit.hpp: the commit of the reference model (model.hpp): one step at a
// time, each chosen afresh from the committed and the staged stack (R2-R9), then the focus settled
// (R29), with the transition limit (R23, issue 10 item 1), exceptions (R25, issue 10 item 11) and
// the destructor's teardown (R26); arrivals start at the enters and departures at the exits (R33,
// model_motion.hpp).
#pragma once

#include <algorithm>
#include <cstddef>
#include <vector>

#include <strata/error.hpp>
#include <strata/observer.hpp>

#include "model_motion.hpp"
#include "model_program.hpp"
#include "model_types.hpp"

namespace strata_model {

class model_commit : public model_motion {
public:
  // ---- commit (R2-R9, R23, R25) ----

  outcome commit() {
    if (!may_start()) {
      return fail(strata::errc::reentrant_call); // R22, R24
    }
    if (!pending()) {
      return outcome::ok;
    }
    activity_ = activity::committing;
    paused_by_this_advance_ = false;
    transitions_ = 0;
    outcome result = outcome::ok;
    bool moved = true;
    while (moved && result == outcome::ok) {
      bool done = false;
      while (!done && result == outcome::ok) {
        result = step(done);
      }
      // R29: once no step is left, the focus moves to the top, one hook at a time; what a focus
      // hook requests is carried out before the focus moves on. A commit that failed (an
      // exception, or the transition limit even where the error handler returns) does nothing
      // further: the next commit settles the focus.
      moved = false;
      if (result == outcome::ok) {
        result = settle_focus(moved);
      }
    }
    activity_ = activity::idle;
    return result;
  }

  // ---- the destructor (R8, R26) ----

  void destroy() {
    activity_ = activity::destroying;
    pop_down_to(0, strata::cause::clear);
    bool done = false;
    while (!done) {
      step(done);
    }
    release_all(); // R33: what still leaves below them
  }

protected:
  explicit model_commit(model_events& events)
      : model_motion(events) {}

  // Whether an outcome ends the operation around it: exceptions leave it, while an error handed
  // to the handler only ends the operation that failed.
  static bool stops(outcome result) {
    return result == outcome::thrown || (result == outcome::failed && exceptions_on);
  }

  // The one step the rules call for next. The staged stack is read afresh every time: the hook
  // of the previous step may have made requests (R7).
  outcome step(bool& done) {
    done = false;
    const std::size_t size = committed_.size();
    std::size_t common = 0;
    while (common < size && common < staged_.size() && committed_[common] == staged_[common]) {
      ++common;
    }
    const bool retreat = common < size;
    const bool advance = !retreat && staged_.size() > size;
    if (size > 0 && entry(committed_.back()).paused) {
      // A paused top was revealed (R3), unless this very advance paused it for the next enter
      // (R2). R5: revealed for a moment, it still gets resume then pause; R9: coalesced, a state
      // revealed only to be covered or exited again stays paused.
      const bool stays_paused =
          coalesced_ ? (retreat || advance) : (advance && paused_by_this_advance_);
      if (!stays_paused) {
        return resume_top();
      }
    }
    if (retreat) {
      // R29: the focused top gets unfocus right before its exit, as a step of its own that is no
      // transition; the staged stack is read again after it.
      return focused_ == committed_.back() ? unfocus(size - 1) : exit_top(); // R3
    }
    if (advance) {
      return size > 0 && !entry(committed_.back()).paused ? pause_top() : enter_next(); // R2
    }
    done = true;
    return outcome::ok;
  }

  outcome run(std::size_t depth, hook_kind hook, double dt = 0) {
    return run_on(committed_[depth], hook, dt);
  }
  outcome run_on(int id, hook_kind hook, double dt = 0, const strata::presence* seen = nullptr) {
    const model_entry& state = entry(id);
    if (!has_hook(state.type, hook)) {
      return outcome::ok; // R17: a missing hook is never called
    }
    return events_.call(state.id, state.base_name, hook, dt, seen);
  }

  // Issue 10 item 1: resuming the top this very advance paused cancels that advance, which counts
  // as a transition, checked before the resume (the top stays paused if the limit stops the
  // commit).
  outcome resume_top() {
    if (paused_by_this_advance_ && !within_transition_limit()) {
      return outcome::failed;
    }
    const std::size_t depth = committed_.size() - 1;
    entry(committed_[depth]).paused = false; // R25: counts as done even if the hook throws
    paused_by_this_advance_ = false;
    if (const outcome result = run(depth, hook_kind::resume); result != outcome::ok) {
      return result;
    }
    notify(strata::step::resume, committed_[depth], depth);
    return outcome::ok;
  }

  outcome pause_top() {
    const std::size_t depth = committed_.size() - 1;
    entry(committed_[depth]).paused = true;
    paused_by_this_advance_ = true;
    if (const outcome result = run(depth, hook_kind::pause); result != outcome::ok) {
      return result;
    }
    notify(strata::step::pause, committed_[depth], depth);
    return outcome::ok;
  }

  outcome enter_next() {
    if (!within_transition_limit()) {
      return outcome::failed;
    }
    const std::size_t depth = committed_.size();
    const int id = staged_[depth];
    committed_.push_back(id);
    entry(id).paused = false;
    paused_by_this_advance_ = false;
    arrive(id); // R33: it arrives during its own enter
    if (const outcome result = run(depth, hook_kind::enter); result != outcome::ok) {
      // R25: it never entered, so it leaves without exit and unreported; the state below stays
      // paused. Issue 10 item 2: its destructor runs as part of the commit, no hook running.
      committed_.pop_back();
      never_arrived();
      if (const auto it = std::find(staged_.begin(), staged_.end(), id); it != staged_.end()) {
        staged_.erase(it);
      }
      release(id);
      return result;
    }
    notify(strata::step::enter, id, depth);
    return outcome::ok;
  }

  // R19, R25, issue 10 item 11: a state whose exit or on_exit throws has left all the same: the
  // observer is told its exit, then it departs (without its on_exit when exit threw): destroyed,
  // or leaving over its time (R33).
  outcome exit_top() {
    if (!within_transition_limit()) {
      return outcome::failed;
    }
    const std::size_t depth = committed_.size() - 1;
    const int id = committed_[depth];
    outcome result = run(depth, hook_kind::exit);
    committed_.pop_back();
    paused_by_this_advance_ = false;
    if (result == outcome::ok && entry(id).on_exit != 0) {
      result = events_.ran_on_exit(id); // after exit, before the state is destroyed
    }
    notify(strata::step::exit, id, depth);
    depart(id);
    return result;
  }

  // R29: where the focus goes once a commit has no step left: the focused state, if the top no
  // longer is, gets unfocus, and then the top gets focus (never a paused top: the commit that
  // resumes it moves the focus). `moved` tells whether a hook step was taken (its requests may
  // give the commit work).
  outcome settle_focus(bool& moved) {
    moved = false;
    if (committed_.empty() || entry(committed_.back()).paused) {
      return outcome::ok;
    }
    const int top = committed_.back();
    if (focused_ == top) {
      return outcome::ok;
    }
    moved = true;
    if (focused_ >= 0) {
      // Always still committed: a focused state that leaves gets unfocus before its exit (the
      // invariant checker would see a state that left focused).
      const auto at = std::find(committed_.begin(), committed_.end(), focused_);
      if (at == committed_.end()) {
        focused_ = -1;
        return outcome::ok;
      }
      return unfocus(static_cast<std::size_t>(at - committed_.begin()));
    }
    focused_ = top; // R25: counts as focused even if the hook throws
    const std::size_t depth = committed_.size() - 1;
    if (const outcome result = run(depth, hook_kind::focus); result != outcome::ok) {
      return result;
    }
    notify(strata::step::focus, top, depth);
    return outcome::ok;
  }

  outcome unfocus(std::size_t depth) {
    const int id = committed_[depth];
    focused_ = -1; // R25: counts as unfocused even if the hook throws
    if (const outcome result = run(depth, hook_kind::unfocus); result != outcome::ok) {
      return result;
    }
    notify(strata::step::unfocus, id, depth);
    return outcome::ok;
  }

  // R23: past the limit the requests still pending are dropped: the staged stack becomes the
  // committed one first, then the dropped states are destroyed, top first (their destructors
  // may make requests, ordinary ones of the commit).
  bool within_transition_limit() {
    if (activity_ != activity::committing || ++transitions_ <= max_transitions_) {
      return true;
    }
    std::vector<int> dropped;
    for (std::size_t depth = staged_.size(); depth-- > 0;) {
      if (!is_committed(staged_[depth])) {
        dropped.push_back(staged_[depth]);
      }
    }
    staged_ = committed_;
    for (const int id : dropped) {
      release(id);
    }
    fail(strata::errc::transition_limit);
    return false;
  }

private:
  bool paused_by_this_advance_ = false;
  std::size_t transitions_ = 0;
};

} // namespace strata_model
