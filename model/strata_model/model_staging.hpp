// model/strata_model/model_staging.hpp: the data of the reference model (model.hpp) and what every
// request and commit step of it shares: the committed and the staged stack as two plain vectors of
// state ids, the drawing order (R33), the focused state (R29), staging and unstaging one entry
// (with the observer told), entry ids (R31), errors, the queries, and what is running at the
// moment (which decides whether a request is refused).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include <strata/error.hpp>
#include <strata/observer.hpp>
#include <strata/transition.hpp>

#include "model_program.hpp"
#include "model_types.hpp"

namespace strata_model {

class model_staging {
public:
  void set_coalesced(bool on) { coalesced_ = on; }
  void set_max_transitions(std::size_t limit) { max_transitions_ = limit; }
  void set_max_depth(std::size_t limit) { max_depth_ = limit; }

  [[nodiscard]] const std::vector<int>& committed() const { return committed_; }
  [[nodiscard]] const std::vector<int>& staged() const { return staged_; }
  // R33: the committed states and those that exited but are not destroyed yet, bottom to top.
  [[nodiscard]] const std::vector<int>& drawing_order() const { return drawn_; }
  [[nodiscard]] const model_entry& entry(int id) const {
    return table_[static_cast<std::size_t>(id)];
  }
  // What the stack is doing, which the message of a destruction from inside a hook names.
  [[nodiscard]] bool committing() const { return activity_ == activity::committing; }
  [[nodiscard]] bool tearing_down() const { return destroying(); }
  // R26 (issue 10 item 10): the destructor is a clear() and a commit(), so these answer as they
  // would then. R29: a commit also has work while the committed top is not focused.
  [[nodiscard]] bool pending() const {
    if (committed_ != staged_) {
      return true;
    }
    return !committed_.empty() &&
           (entry(committed_.back()).paused || focused_ != committed_.back());
  }
  // A committed state no longer staged waits for its exit.
  [[nodiscard]] bool leaving() const {
    return std::any_of(committed_.begin(), committed_.end(),
                       [&](int id) { return !is_staged(id); });
  }
  [[nodiscard]] std::string describe() const {
    if (committed_.empty()) {
      return "(empty)";
    }
    std::string line;
    for (const int id : committed_) {
      line += (id == committed_.front() ? "" : " | ") +
              shown_in_line(state_names[entry(id).shown_name]);
    }
    return line + "*";
  }
  // R21: a name as describe() shows it, on one line: C's escapes for a quote, a backslash, a
  // newline and a tab, \x and two lowercase hex digits for the other bytes below 0x20 and 0x7F.
  static std::string shown_in_line(std::string_view name) {
    std::string shown;
    for (const char c : name) {
      const auto byte = static_cast<unsigned>(static_cast<unsigned char>(c));
      if (c == '"' || c == '\\') {
        shown += {'\\', c};
      } else if (c == '\n') {
        shown += "\\n";
      } else if (c == '\t') {
        shown += "\\t";
      } else if (byte < 0x20U || byte == 0x7FU) {
        shown += "\\x";
        shown += "0123456789abcdef"[byte / 16];
        shown += "0123456789abcdef"[byte % 16];
      } else {
        shown += c;
      }
    }
    return shown;
  }
  // States the stack owns, on either stack or leaving (each once).
  [[nodiscard]] std::size_t owned_count() const {
    std::vector<bool> counted(table_.size());
    std::size_t count = 0;
    for (const std::vector<int>* ids : {&staged_, &drawn_}) {
      for (const int id : *ids) {
        const auto at = static_cast<std::size_t>(id);
        count += entry(id).borrow_slot < 0 && !counted[at] ? 1 : 0;
        counted[at] = true;
      }
    }
    return count;
  }
  // The error of the last failed operation, for the harness to report where it is caught.
  [[nodiscard]] strata::errc last_error() const { return error_; }
  // After a request made inside an operation: the operation's error is still its own.
  void restore_error(strata::errc code) { error_ = code; }

protected:
  enum class activity : std::uint8_t { idle, committing, passing, destroying };

  explicit model_staging(model_events& events)
      : events_(events) {}

  // Marks the code a request runs (a dropped state's destructor, a replaced on_exit callback):
  // requests and commits from there are refused (R24). The observer's requests are requests of
  // their own, so notify() lifts the mark for the observer's call.
  class request_scope {
  public:
    explicit request_scope(model_staging& stack)
        : stack_(stack)
        , outer_(stack.in_request_) {
      stack.in_request_ = true;
    }
    request_scope(const request_scope&) = delete;
    request_scope& operator=(const request_scope&) = delete;
    ~request_scope() { stack_.in_request_ = outer_; }

  private:
    model_staging& stack_;
    bool outer_;
  };

  model_entry& entry(int id) { return table_[static_cast<std::size_t>(id)]; }
  [[nodiscard]] bool destroying() const { return activity_ == activity::destroying; }
  // Commits and passes start only from outside: not from a hook, a pass, the observer (R22) or
  // code a request runs (R24).
  [[nodiscard]] bool may_start() const {
    return activity_ == activity::idle && observing_ == 0 && !in_request_;
  }
  [[nodiscard]] bool is_committed(int id) const {
    return std::find(committed_.begin(), committed_.end(), id) != committed_.end();
  }
  [[nodiscard]] bool is_staged(int id) const {
    return std::find(staged_.begin(), staged_.end(), id) != staged_.end();
  }

  // Whether a request goes ahead: ignored during destruction (R26), refused from code another
  // request runs (R24).
  outcome admit(bool& go) {
    go = false;
    if (destroying()) {
      return outcome::ok;
    }
    if (in_request_) {
      return fail(strata::errc::reentrant_call);
    }
    if (observing_ >= 64) {
      return fail(strata::errc::transition_limit); // R23: an observer feeding on its own steps
    }
    go = true;
    return outcome::ok;
  }

  void notify(strata::step step, int id, std::size_t depth) {
    const bool outer = in_request_;
    in_request_ = false;
    ++observing_;
    events_.observe(step, entry(id).shown_name, depth, entry(id).eid);
    --observing_;
    in_request_ = outer;
  }

  outcome fail(strata::errc code) {
    error_ = code;
    if constexpr (!exceptions_on) {
      events_.error(code); // the handler runs where the error happens
    }
    return outcome::failed;
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

  // Stages without telling the observer (push_first_on_top tells it once the batch is in). R31:
  // every staging gives a new id, counted from 1. R33: `by` is the request, the cause of the
  // state's arrival.
  void stage_silently(model_entry state, strata::cause by) {
    state.shown_name = state.base_name;
    state.paused = false;
    state.eid = ++stagings_;
    state.staged_by = by;
    if (table_.size() <= static_cast<std::size_t>(state.id)) {
      table_.resize(static_cast<std::size_t>(state.id) + 1);
    }
    entry(state.id) = state;
    staged_.push_back(state.id);
  }

  void stage(const model_entry& state) {
    stage_silently(state, strata::cause::push);
    notify(strata::step::push, state.id, staged_.size() - 1);
  }

  // Tells the observer of the push of a state staged silently, at the depth it has now; not at
  // all if a request the observer made meanwhile unstaged it (its pop was told then).
  void tell_pushed_if_staged(int id) {
    const auto at = std::find(staged_.begin(), staged_.end(), id);
    if (at != staged_.end()) {
      notify(strata::step::push, id, static_cast<std::size_t>(at - staged_.begin()));
    }
  }

  // R6: a state never entered leaves without hooks; an entered one waits for its exit. A
  // destructor the drop runs is code of the request.
  void unstage_top() { pop_down_to(staged_.size() - 1, strata::cause::pop); }

  // R1, R22: the request takes every state off first, then the observer hears of each, top first,
  // and what it requests applies to the stack as the request left it. R33: `by` is the request,
  // the cause of the departures to come.
  void pop_down_to(std::size_t depth, strata::cause by) {
    std::vector<int> gone(staged_.rbegin(),
                          staged_.rbegin() + static_cast<std::ptrdiff_t>(staged_.size() - depth));
    staged_.resize(depth);
    for (const int id : gone) {
      entry(id).unstaged_by = by;
    }
    std::size_t at = depth + gone.size();
    for (const int id : gone) {
      tell_gone(id, --at);
    }
  }

  void tell_gone(int id, std::size_t depth) {
    notify(strata::step::pop, id, depth);
    if (!is_committed(id)) {
      notify(strata::step::discard, id, depth);
      const request_scope dropping(*this);
      release(id);
    }
  }

  void release(int id) {
    if (entry(id).borrow_slot < 0) {
      events_.destroyed(id);
    }
  }

  model_events& events_;
  std::vector<model_entry> table_; // by id
  std::vector<int> committed_;     // bottom to top
  std::vector<int> staged_;        // bottom to top
  std::vector<int> drawn_;         // R33: the drawing order, bottom to top
  int focused_ = -1;               // R29: got focus and not yet unfocus
  std::uint64_t stagings_ = 0;     // R31: the last entry id given
  activity activity_ = activity::idle;
  bool coalesced_ = false;
  std::size_t max_transitions_ = 10'000;
  std::size_t max_depth_ = 1'000;
  int observing_ = 0;       // observer calls under way
  bool in_request_ = false; // code that a request runs is running
  strata::errc error_ = strata::errc::empty_stack;
};

} // namespace strata_model
