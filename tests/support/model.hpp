// tests/support/model.hpp: a reference model of strata::stack, written from the rules of the
// specification (R1-R10, R19, R22-R26) and not from stack.hpp. The committed and the staged stack
// are two plain vectors of state ids; every commit step compares them afresh and takes the one
// step the rules call for. Slow and obvious on purpose: tests/model_test.cpp and the fuzzer play
// the same programs on it and on the real stack and compare everything after each operation.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include <strata/error.hpp>
#include <strata/modality.hpp>
#include <strata/observer.hpp>

#include "model_program.hpp"

namespace strata_model {

// How an operation of the model ended: normally, with a strata::error (thrown, or handed to the
// error handler in builds without exceptions), or with an exception from a hook going through.
enum class outcome : std::uint8_t { ok, failed, thrown };

struct model_entry {
  int id = -1;
  probe_type type = probe_type::full;
  std::uint8_t base_name = 0;  // what the state's own name() says; armed hooks match it
  std::uint8_t shown_name = 0; // what the stack shows: base_name, or the name given at push
  strata::modality mode;
  int borrow_slot = -1; // the borrowed object this is, or -1 when the stack owns the state
  bool on_exit = false;
  bool consumes = false; // what its handle() returns
  bool null = false;     // an empty std::unique_ptr
  bool paused = false;
};

// The model's window on the harness around it.
class model_events {
public:
  // Runs one hook of a state (one that has it); thrown when the hook throws.
  virtual outcome call(int id, std::uint8_t base_name, hook_kind hook) = 0;
  virtual void observe(strata::step step, std::uint8_t name, std::size_t depth) = 0;
  virtual void ran_on_exit(int id) = 0;
  virtual void destroyed(int id) = 0;
  // An error the moment it happens, in builds without exceptions (the error handler).
  virtual void error(strata::errc code) = 0;

protected:
  model_events() = default;
  model_events(const model_events&) = default;
  model_events& operator=(const model_events&) = default;
  ~model_events() = default;
};

class reference_stack {
public:
  explicit reference_stack(model_events& events)
      : events_(events) {}

  // ---- requests (R1): they change the staged stack only and run no hook ----

  outcome push(const model_entry& state, bool& staged) {
    staged = false;
    if (destroying()) {
      return outcome::ok; // R26
    }
    // The state handed over (a unique_ptr, a borrow) is looked at first, then the depth.
    if (const outcome checked = check_stageable(state); checked != outcome::ok) {
      return checked;
    }
    if (staged_.size() + 1 > max_depth_) {
      return fail(strata::errc::depth_limit); // R23
    }
    stage(state);
    staged = true;
    return outcome::ok;
  }

  // R10: the first item ends on top. All or nothing: every item is checked (from the last on,
  // the order they are staged in) before the first is staged, so a call that fails stages
  // nothing and tells the observer nothing. `taken` counts the items the stack took over, from
  // the last one on (the harness destroys the others).
  outcome push_first_on_top(std::span<const model_entry> items, std::size_t& taken) {
    taken = 0;
    if (destroying()) {
      return outcome::ok;
    }
    if (staged_.size() + items.size() > max_depth_) {
      return fail(strata::errc::depth_limit);
    }
    for (std::size_t i = items.size(); i-- > 0;) {
      if (const outcome checked = check_stageable(items[i]); checked != outcome::ok) {
        return checked;
      }
      for (std::size_t later = i + 1; later < items.size(); ++later) {
        if (items[i].borrow_slot >= 0 && items[i].borrow_slot == items[later].borrow_slot) {
          return fail(strata::errc::borrowed_twice);
        }
      }
    }
    for (std::size_t i = items.size(); i-- > 0;) {
      stage(items[i]);
      ++taken;
    }
    return outcome::ok;
  }

  // pop() then push() as one request, checked before anything is unstaged.
  outcome replace(const model_entry& state, bool& staged) {
    staged = false;
    if (destroying()) {
      return outcome::ok;
    }
    if (staged_.empty()) {
      return fail(strata::errc::empty_stack);
    }
    if (const outcome checked = check_stageable(state); checked != outcome::ok) {
      return checked;
    }
    unstage_top();
    stage(state);
    staged = true;
    return outcome::ok;
  }

  // What push(...).name(), .modality() and .on_exit() change: the entry that push staged, if a
  // request made in between (by the observer) did not unstage it.
  void finish_push(int id, const item& how) {
    if (std::find(staged_.begin(), staged_.end(), id) == staged_.end()) {
      return;
    }
    model_entry& state = entry(id);
    if (how.rename != no_choice) {
      state.shown_name = how.rename;
    }
    if (how.modality != no_choice) {
      state.mode = modalities[how.modality];
    }
    if (how.on_exit != 0) {
      state.on_exit = true;
    }
  }

  outcome pop() {
    if (destroying()) {
      return outcome::ok;
    }
    if (staged_.empty()) {
      return fail(strata::errc::empty_stack);
    }
    unstage_top();
    return outcome::ok;
  }

  outcome clear() {
    if (!destroying()) {
      pop_down_to(0);
    }
    return outcome::ok;
  }

  // The nearest staged state shown as `name` stays, those above it go.
  outcome pop_until_name(std::uint8_t name) {
    return pop_until([&](std::size_t depth) { return entry(staged_[depth]).shown_name == name; });
  }
  outcome pop_until_depth(std::size_t wanted) {
    return pop_until([&](std::size_t depth) { return depth == wanted; });
  }

  outcome pop_to(std::size_t depth) {
    if (destroying()) {
      return outcome::ok;
    }
    if (depth > staged_.size()) {
      return fail(strata::errc::bad_depth);
    }
    pop_down_to(depth);
    return outcome::ok;
  }

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
    const outcome result = settle();
    activity_ = activity::idle;
    return result;
  }

  // ---- passes over the committed stack (R11-R15) ----

  outcome update() {
    return pass([&](std::size_t top) {
      outcome result = outcome::ok;
      for (std::size_t depth = lowest_reached(&strata::modality::update_below);
           depth <= top && result == outcome::ok; ++depth) {
        result = run(depth, depth == top ? hook_kind::update : hook_kind::update_covered);
      }
      return result;
    });
  }

  outcome draw() {
    return pass([&](std::size_t top) {
      outcome result = outcome::ok;
      for (std::size_t depth = lowest_reached(&strata::modality::draw_below);
           depth <= top && result == outcome::ok; ++depth) {
        result = run(depth, hook_kind::draw);
      }
      return result;
    });
  }

  outcome handle(bool& used) {
    used = false;
    return pass([&](std::size_t top) {
      for (std::size_t depth = top + 1; depth-- > 0;) {
        const model_entry& state = entry(committed_[depth]);
        if (has_hook(state.type, hook_kind::handle)) {
          if (const outcome result = run(depth, hook_kind::handle); result != outcome::ok) {
            return result;
          }
          if (entry(committed_[depth]).consumes) {
            used = true;
            return outcome::ok;
          }
        }
        if (!entry(committed_[depth]).mode.input_below) {
          break;
        }
      }
      return outcome::ok;
    });
  }

  // R15: commit; each event: handle, commit; update; commit; draw. Without exceptions an error
  // goes to the handler and the frame goes on.
  outcome frame(std::size_t events) {
    if (!may_start()) {
      return fail(strata::errc::reentrant_call);
    }
    outcome result = commit();
    for (std::size_t i = 0; i < events && !stops(result); ++i) {
      bool used = false;
      result = handle(used);
      if (!stops(result)) {
        result = commit();
      }
    }
    if (!stops(result)) {
      result = update();
    }
    if (!stops(result)) {
      result = commit();
    }
    return stops(result) ? result : draw();
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

  // ---- settings ----

  void set_coalesced(bool on) { coalesced_ = on; }
  void set_max_transitions(std::size_t limit) { max_transitions_ = limit; }
  void set_max_depth(std::size_t limit) { max_depth_ = limit; }

  // ---- queries ----

  [[nodiscard]] const std::vector<int>& committed() const { return committed_; }
  [[nodiscard]] const std::vector<int>& staged() const { return staged_; }
  [[nodiscard]] const model_entry& entry(int id) const {
    return table_[static_cast<std::size_t>(id)];
  }
  // What the stack is doing, which the message of a destruction from inside a hook names.
  [[nodiscard]] bool committing() const { return activity_ == activity::committing; }
  [[nodiscard]] bool tearing_down() const { return destroying(); }
  [[nodiscard]] bool pending() const {
    return committed_ != staged_ || (!committed_.empty() && entry(committed_.back()).paused);
  }
  [[nodiscard]] std::string describe() const {
    if (committed_.empty()) {
      return "(empty)";
    }
    std::string line;
    for (const int id : committed_) {
      line += (line.empty() ? "" : " | ") + std::string(state_names[entry(id).shown_name]);
    }
    return line + "*";
  }
  // States the stack owns, on either stack.
  [[nodiscard]] std::size_t owned_count() const {
    std::size_t count = 0;
    for (const int id : committed_) {
      count += entry(id).borrow_slot < 0 ? 1 : 0;
    }
    for (const int id : staged_) {
      const bool also_committed =
          std::find(committed_.begin(), committed_.end(), id) != committed_.end();
      count += entry(id).borrow_slot < 0 && !also_committed ? 1 : 0;
    }
    return count;
  }
  // The error of the last failed operation, for the harness to report where it is caught.
  [[nodiscard]] strata::errc last_error() const { return error_; }

private:
  enum class activity : std::uint8_t { idle, committing, passing, destroying };

  model_entry& entry(int id) { return table_[static_cast<std::size_t>(id)]; }
  [[nodiscard]] bool destroying() const { return activity_ == activity::destroying; }
  // Commits and passes start only from outside: not from a hook, a pass, or the observer (R22).
  [[nodiscard]] bool may_start() const { return activity_ == activity::idle && observing_ == 0; }

  void notify(strata::step step, std::uint8_t name, std::size_t depth) {
    ++observing_;
    events_.observe(step, name, depth);
    --observing_;
  }
  [[nodiscard]] bool is_committed(int id) const {
    return std::find(committed_.begin(), committed_.end(), id) != committed_.end();
  }

  outcome fail(strata::errc code) {
    error_ = code;
    if constexpr (!exceptions_on) {
      events_.error(code); // the handler runs where the error happens
    }
    return outcome::failed;
  }
  // Whether an outcome ends the operation around it: exceptions leave it, while an error handed
  // to the handler only ends the operation that failed.
  static bool stops(outcome result) {
    return result == outcome::thrown || (result == outcome::failed && exceptions_on);
  }

  outcome check_stageable(const model_entry& state) {
    if (state.null) {
      return fail(strata::errc::null_state);
    }
    if (state.borrow_slot >= 0) {
      for (const int id : staged_) {
        if (entry(id).borrow_slot == state.borrow_slot) {
          return fail(strata::errc::borrowed_twice);
        }
      }
    }
    return outcome::ok;
  }

  void stage(model_entry state) {
    state.shown_name = state.base_name;
    state.paused = false;
    if (table_.size() <= static_cast<std::size_t>(state.id)) {
      table_.resize(static_cast<std::size_t>(state.id) + 1);
    }
    entry(state.id) = state;
    staged_.push_back(state.id);
    notify(strata::step::push, state.base_name, staged_.size() - 1);
  }

  // R6: a state never entered leaves without hooks; an entered one waits for its exit.
  void unstage_top() {
    const int id = staged_.back();
    const std::size_t depth = staged_.size() - 1;
    const bool entered = is_committed(id);
    staged_.pop_back();
    notify(strata::step::pop, entry(id).shown_name, depth);
    if (!entered) {
      notify(strata::step::discard, entry(id).shown_name, depth);
      release(id);
    }
  }

  void pop_down_to(std::size_t depth) {
    while (staged_.size() > depth) {
      unstage_top();
    }
  }

  template <class Matches>
  outcome pop_until(Matches matches) {
    if (destroying()) {
      return outcome::ok;
    }
    for (std::size_t depth = staged_.size(); depth-- > 0;) {
      if (matches(depth)) {
        pop_down_to(depth + 1);
        return outcome::ok;
      }
    }
    return fail(strata::errc::not_found);
  }

  void release(int id) {
    if (entry(id).borrow_slot < 0) {
      events_.destroyed(id);
    }
  }

  outcome settle() {
    bool done = false;
    outcome result = outcome::ok;
    while (!done && result == outcome::ok) {
      result = step(done);
    }
    return result;
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

  outcome resume_top() {
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
      // R25: it never entered, so it leaves without exit; the state below stays paused.
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

  outcome exit_top() {
    if (!within_transition_limit()) {
      return outcome::failed;
    }
    const std::size_t depth = committed_.size() - 1;
    const int id = committed_[depth];
    const outcome result = run(depth, hook_kind::exit);
    committed_.pop_back();
    paused_by_this_advance_ = false;
    if (result != outcome::ok) {
      release(id); // R25: gone, without on_exit
      return result;
    }
    if (entry(id).on_exit) {
      events_.ran_on_exit(id); // R19: after exit, before the state is destroyed
    }
    notify(strata::step::exit, entry(id).shown_name, depth);
    release(id);
    return outcome::ok;
  }

  // R23: counts enter and exit hooks; past the limit the requests still pending are dropped.
  bool within_transition_limit() {
    if (activity_ != activity::committing || ++transitions_ <= max_transitions_) {
      return true;
    }
    for (std::size_t depth = staged_.size(); depth-- > 0;) {
      if (!is_committed(staged_[depth])) {
        release(staged_[depth]);
      }
    }
    staged_ = committed_;
    fail(strata::errc::transition_limit);
    return false;
  }

  template <class Walk>
  outcome pass(Walk walk) {
    if (!may_start()) {
      return fail(strata::errc::reentrant_call);
    }
    if (committed_.empty()) {
      return outcome::ok;
    }
    activity_ = activity::passing;
    const outcome result = walk(committed_.size() - 1);
    activity_ = activity::idle;
    return result;
  }

  // The lowest state a pass reaches: from the top down while the state above lets it through.
  [[nodiscard]] std::size_t lowest_reached(bool strata::modality::*lets_through) const {
    std::size_t depth = committed_.size() - 1;
    while (depth > 0 && entry(committed_[depth]).mode.*lets_through) {
      --depth;
    }
    return depth;
  }

  model_events& events_;
  std::vector<model_entry> table_; // by id
  std::vector<int> committed_;     // bottom to top
  std::vector<int> staged_;        // bottom to top
  activity activity_ = activity::idle;
  bool coalesced_ = false;
  std::size_t max_transitions_ = 10'000;
  std::size_t max_depth_ = 1'000;
  bool paused_by_this_advance_ = false;
  std::size_t transitions_ = 0;
  int observing_ = 0; // observer calls under way
  strata::errc error_ = strata::errc::empty_stack;
};

} // namespace strata_model
