// model/strata_model/model_harness.hpp: what the real side and the model side of the model test
// share besides the program: the trace, the armed requests and throws waiting for their hook, and
// the ids given to states, those of the two long-lived objects that programs borrow included.
// Sharing it makes both sides fire an arm, number a state or stamp a borrowed object at the same
// moment by construction.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include <strata/observer.hpp>

#include "model_program.hpp"
#include "model_trace.hpp"

namespace strata_model {

// Requests waiting for the hook call or observer step that makes them, and hook calls that will
// throw. Each arm fires once.
class arm_table {
public:
  void arm(const op& o) {
    const std::uint8_t times = o.times == 0 ? 1 : o.times;
    switch (o.kind) {
    case op_kind::arm_throw:
      throws_.push_back({o.trigger, o.target, {}, false, false, times});
      break;
    case op_kind::arm_hook:
      requests_.push_back({o.trigger, o.target, o.action, o.value != 0, false, times});
      break;
    case op_kind::arm_observer:
      requests_.push_back({static_cast<std::uint8_t>(o.trigger + hook_kind_count), o.target,
                           o.action, false, o.value != 0, times});
      break;
    case op_kind::arm_destructor:
      requests_.push_back({destructor_trigger, o.target, o.action, false, false, times});
      break;
    default: break;
    }
  }

  // The request armed for this hook of a state whose own name() is `name`, and whether a
  // strata::error it raises escapes the hook.
  bool take_hook_request(hook_kind hook, std::uint8_t name, request& out, bool& escapes) {
    const std::optional<armed> taken = take(requests_, static_cast<std::uint8_t>(hook), name);
    if (taken) {
      out = taken->action;
    }
    // Nothing escapes a hook where exceptions cannot, nor from the stack's destructor.
    escapes = taken && taken->escapes && exceptions_on && !tearing_down_;
    return taken.has_value();
  }
  // The request armed for this observer step of a state the stack shows as `name`, and whether
  // the observer then replaces itself.
  bool take_observer_request(strata::step step, std::uint8_t name, request& out,
                             bool& replace_observer) {
    const std::optional<armed> taken =
        take(requests_, static_cast<std::uint8_t>(hook_kind_count + static_cast<int>(step)), name);
    if (taken) {
      out = taken->action;
    }
    replace_observer = taken && taken->replaces_observer;
    return taken.has_value();
  }
  // The request armed for the destructor of a state whose own name() is `name`.
  bool take_destructor_request(std::uint8_t name, request& out) {
    const std::optional<armed> taken = take(requests_, destructor_trigger, name);
    if (taken) {
      out = taken->action;
    }
    return taken.has_value();
  }
  // Counts the hook call; whether it must throw (armed, or the n-th call of throw_at_call).
  bool take_throw(hook_kind hook, std::uint8_t name) {
    ++calls_;
    return calls_ == throw_at_ || take(throws_, static_cast<std::uint8_t>(hook), name).has_value();
  }

  void throw_at_call(std::size_t n) { throw_at_ = n; }
  [[nodiscard]] std::size_t hook_calls() const { return calls_; }
  // Hooks must not throw from the stack's destructor: no more throws, and no more errors
  // escaping hooks.
  void disarm_throws() {
    throws_.clear();
    throw_at_ = 0;
    tearing_down_ = true;
  }
  [[nodiscard]] bool tearing_down() const { return tearing_down_; }

private:
  static constexpr std::uint8_t destructor_trigger = hook_kind_count + step_count;

  struct armed {
    std::uint8_t trigger; // a hook_kind, hook_kind_count + a strata::step, or destructor_trigger
    std::uint8_t target;
    request action;
    bool escapes;           // a hook's: a strata::error from the action leaves the hook
    bool replaces_observer; // the observer's: it replaces itself after the action
    std::uint8_t times;     // firings left, or fires_forever
  };

  // The arm for this trigger and name, if any, worn by one firing (a copy: a worn-out arm is
  // erased).
  static std::optional<armed> take(std::vector<armed>& arms, std::uint8_t trigger,
                                   std::uint8_t name) {
    for (auto it = arms.begin(); it != arms.end(); ++it) {
      if (it->trigger == trigger && (it->target == any_name || it->target == name)) {
        const armed fired = *it;
        if (it->times != fires_forever && --it->times == 0) {
          arms.erase(it);
        }
        return fired;
      }
    }
    return std::nullopt;
  }

  std::vector<armed> requests_;
  std::vector<armed> throws_;
  std::size_t calls_ = 0;
  std::size_t throw_at_ = 0;  // 0: never
  bool tearing_down_ = false; // from disarm_throws() on, no error escapes a hook either
};

// Where a borrowed object is, as far as a new request to borrow it is concerned.
enum class slot_use : std::uint8_t {
  free,       // on neither stack: stamp it as a new state
  staged,     // the request fails with errc::borrowed_twice
  staged_top, // the same, except replace(), which takes the top out first (issue 10 item 12): the
              // harness skips that request, as a new stay of the object would need a new id
  retiring,   // committed but unstaged, waiting for its exit: the harness skips the request
};

struct harness_core {
  recorder trace;
  arm_table arms;
  std::array<int, 2> lender_ids{-1, -1}; // the id of each borrowed object's current stay
  int next_id = 0;

  std::array<bool, 2> lender_claimed{}; // borrowed by a request still running

  // Numbers the items of a request and gives a new id to each free object it borrows; the id of
  // a borrowed item is its object's. False when the request borrows an object that waits for
  // its exit, or that a request still running borrows (an observer's request inside it): such an
  // object carries the id of its current stay, which a new one must not replace, so the request
  // is skipped.
  template <class UseOf, class Stamp>
  bool prepare(const request& r, std::array<int, 4>& ids, UseOf use_of, Stamp stamp) {
    for (std::size_t i = 0; i < r.count; ++i) {
      ids[i] = next_id++;
    }
    for (std::size_t i = 0; i < r.count; ++i) {
      const std::uint8_t slot = r.items[i].borrow_slot;
      if (r.items[i].own != ownership::borrowed) {
        continue;
      }
      const slot_use use = use_of(slot);
      if (lender_claimed[slot] || use == slot_use::retiring ||
          (use == slot_use::staged_top && r.kind == request_kind::replace)) {
        return false;
      }
    }
    std::array<bool, 2> stamped{};
    for (std::size_t i = 0; i < r.count; ++i) {
      const std::uint8_t slot = r.items[i].borrow_slot;
      if (r.items[i].own != ownership::borrowed) {
        continue;
      }
      if (!stamped[slot] && use_of(slot) == slot_use::free) {
        lender_ids[slot] = ids[i];
        stamp(slot);
      }
      stamped[slot] = true;
      ids[i] = lender_ids[slot];
    }
    return true;
  }
};

// Marks the objects a request borrows as in use until the request returns (or throws).
class lender_claim {
public:
  lender_claim(harness_core& core, const request& r)
      : core_(core) {
    for (std::size_t i = 0; i < r.count; ++i) {
      if (r.items[i].own == ownership::borrowed && !core_.lender_claimed[r.items[i].borrow_slot]) {
        core_.lender_claimed[r.items[i].borrow_slot] = true;
        mine_[r.items[i].borrow_slot] = true;
      }
    }
  }
  lender_claim(const lender_claim&) = delete;
  lender_claim& operator=(const lender_claim&) = delete;
  ~lender_claim() {
    for (std::size_t slot = 0; slot < mine_.size(); ++slot) {
      if (mine_[slot]) {
        core_.lender_claimed[slot] = false;
      }
    }
  }

private:
  harness_core& core_;
  std::array<bool, 2> mine_{};
};

} // namespace strata_model
