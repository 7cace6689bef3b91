// tests/support/model_commit.hpp: the commit of the reference model (tests/support/model.hpp):
// one step at a time, each chosen afresh from the committed and the staged stack (R2-R9), with
// the transition limit (R23, issue 10 item 1), exceptions (R25, issue 10 item 11) and the
// destructor's teardown (R26).
#pragma once

#include <algorithm>
#include <cstddef>
#include <vector>

#include <strata/error.hpp>
#include <strata/observer.hpp>

#include "model_program.hpp"
#include "model_staging.hpp"
#include "model_types.hpp"

namespace strata_model {

class model_commit : public model_staging {
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
    bool done = false;
    outcome result = outcome::ok;
    while (!done && result == outcome::ok) {
      result = step(done);
    }
    activity_ = activity::idle;
    return result;
  }

  // ---- the destructor (R8, R26) ----

  void destroy() {
    activity_ = activity::destroying;
    pop_down_to(0);
    bool done = false;
    while (!done) {
      step(done);
    }
  }

protected:
  explicit model_commit(model_events& events)
      : model_staging(events) {}

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
      return exit_top(); // R3
    }
    if (advance) {
      return size > 0 && !entry(committed_.back()).paused ? pause_top() : enter_next(); // R2
    }
    done = true;
    return outcome::ok;
  }

  outcome run(std::size_t depth, hook_kind hook) {
    const model_entry& state = entry(committed_[depth]);
    if (!has_hook(state.type, hook)) {
      return outcome::ok; // R17: a missing hook is never called
    }
    return events_.call(state.id, state.base_name, hook);
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
    notify(strata::step::resume, entry(committed_[depth]).shown_name, depth);
    return outcome::ok;
  }

  outcome pause_top() {
    const std::size_t depth = committed_.size() - 1;
    entry(committed_[depth]).paused = true;
    paused_by_this_advance_ = true;
    if (const outcome result = run(depth, hook_kind::pause); result != outcome::ok) {
      return result;
    }
    notify(strata::step::pause, entry(committed_[depth]).shown_name, depth);
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
    if (const outcome result = run(depth, hook_kind::enter); result != outcome::ok) {
      // R25: it never entered, so it leaves without exit and unreported; the state below stays
      // paused. Issue 10 item 2: its destructor runs as part of the commit, no hook running.
      committed_.pop_back();
      if (const auto it = std::find(staged_.begin(), staged_.end(), id); it != staged_.end()) {
        staged_.erase(it);
      }
      release(id);
      return result;
    }
    notify(strata::step::enter, entry(id).shown_name, depth);
    return outcome::ok;
  }

  // R19, R25, issue 10 item 11: a state whose exit or on_exit throws has left all the same: the
  // observer is told its exit, then it is destroyed (without its on_exit when exit threw).
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
    notify(strata::step::exit, entry(id).shown_name, depth);
    release(id);
    return result;
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
