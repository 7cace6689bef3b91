// model/strata_model/model.hpp: a reference model of strata::stack, written from the rules of the
// specification (R1-R10, R19, R22-R26, R29-R32) and the faults of issue 10 (`issues show 10`),
// not from stack.hpp. The committed and the staged stack are two plain vectors of state ids
// (model_staging.hpp); every commit step compares them afresh and takes the one step the rules call
// for (model_commit.hpp). This file holds the requests and the passes. Slow and obvious on purpose:
// tests/model_test.cpp and the fuzzer play the same programs on it and on the real stack and
// compare everything after each operation.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include <strata/error.hpp>
#include <strata/modality.hpp>
#include <strata/observer.hpp>

#include "model_commit.hpp"
#include "model_program.hpp"
#include "model_types.hpp"

namespace strata_model {

class reference_stack : public model_commit {
public:
  explicit reference_stack(model_events& events)
      : model_commit(events) {}

  // ---- requests (R1): they change the staged stack only and run no hook ----

  outcome push(const model_entry& state, bool& staged) {
    staged = false;
    bool go = false;
    if (const outcome admitted = admit(go); !go) {
      return admitted;
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

  // R10, issue 10 item 9: the first item ends on top. All or nothing: every item is checked (from
  // the last on, the order they are staged in) before the first is staged. The batch is staged as
  // one block, then the observer is told each push from the bottom up, except for an entry that its
  // requests unstaged before its turn. `taken` counts the items the stack took over, from the
  // last one on (the harness destroys the others); when a check fails, `prepared` counts those
  // checked before it, which the stack took over and drops (see drop_taken).
  outcome push_first_on_top(std::span<const model_entry> items, std::size_t& taken,
                            std::size_t& prepared) {
    taken = 0;
    prepared = 0;
    bool go = false;
    if (const outcome admitted = admit(go); !go) {
      return admitted;
    }
    if (staged_.size() + items.size() > max_depth_) {
      return fail(strata::errc::depth_limit);
    }
    for (std::size_t i = items.size(); i-- > 0; ++prepared) {
      if (const outcome checked = check_stageable(items[i]); checked != outcome::ok) {
        return checked;
      }
      for (std::size_t later = i + 1; later < items.size(); ++later) {
        if (items[i].borrow_slot >= 0 && items[i].borrow_slot == items[later].borrow_slot) {
          return fail(strata::errc::borrowed_twice);
        }
      }
    }
    prepared = 0;
    for (std::size_t i = items.size(); i-- > 0;) {
      stage_silently(items[i]);
      ++taken;
    }
    for (std::size_t i = items.size(); i-- > 0;) {
      tell_pushed_if_staged(items[i].id);
    }
    return outcome::ok;
  }

  // pop() then push() as one request, checked before anything is unstaged.
  outcome replace(const model_entry& state, bool& staged) {
    staged = false;
    bool go = false;
    if (const outcome admitted = admit(go); !go) {
      return admitted;
    }
    if (staged_.empty()) {
      return fail(strata::errc::empty_stack);
    }
    if (const outcome checked = check_stageable(state); checked != outcome::ok) {
      return checked;
    }
    // R1, R22: the old top goes and the new one comes, then the observer hears of both; of the
    // push only if its reaction to the pop left the new state staged.
    const int old = staged_.back();
    staged_.pop_back();
    stage_silently(state);
    tell_gone(old, staged_.size() - 1);
    tell_pushed_if_staged(state.id);
    staged = true;
    return outcome::ok;
  }

  // What push(...).name(), .modality(), .on_exit() and .time_scale() change: the entry that push
  // staged, if a request made in between (by the observer) did not unstage it. False when it did:
  // the harness then still holds what it passed. Issue 10 item 6: a second .on_exit() destroys
  // the first callback as code of the request. `result` is how .time_scale() ended.
  bool finish_push(int id, const item& how, outcome& result) {
    result = outcome::ok;
    if (!is_staged(id)) {
      return false;
    }
    model_entry& state = entry(id);
    if (how.rename != no_choice) {
      state.shown_name = how.rename;
    }
    if (how.modality != no_choice) {
      state.mode = modalities[how.modality];
    }
    state.on_exit = how.on_exit;
    if (how.on_exit == on_exit_replaced) {
      const request_scope replacing(*this);
      events_.replaced_on_exit(id);
    }
    if (how.scale != no_choice) {
      result = set_time_scale(id, time_scales[how.scale]);
    }
    return true;
  }

  // R32: .time_scale() on the handle of state `id` (-1: a handle of a push that failed). It acts
  // only while the entry is staged, and never during destruction (R26: the staged stack is empty
  // then); a scale that is negative, infinite or not a number is refused and changes nothing. An
  // entered state's new scale counts from the next pass.
  outcome set_time_scale(int id, float scale) {
    if (id < 0 || destroying() || !is_staged(id)) {
      return outcome::ok;
    }
    if (!std::isfinite(scale) || scale < 0.0F) {
      return fail(strata::errc::bad_time_scale);
    }
    entry(id).scale = scale;
    return outcome::ok;
  }

  // R31: the staged entry with id `eid` goes, with every state staged above it; `closed` says
  // whether there was one. A request like the others, except that not finding it is no error.
  outcome close(std::uint64_t eid, bool& closed) {
    closed = false;
    bool go = false;
    if (const outcome admitted = admit(go); !go) {
      return admitted;
    }
    for (std::size_t depth = staged_.size(); depth-- > 0;) {
      if (entry(staged_[depth]).eid == eid) {
        closed = true;
        pop_down_to(depth);
        break;
      }
    }
    return outcome::ok;
  }

  // R31: the id of the entry holding state `id` (the object as pushed): only entries that hold
  // it are staged or committed, and each stay of an object has an id of its own.
  [[nodiscard]] std::uint64_t id_of(int id) const {
    return is_staged(id) || is_committed(id) ? entry(id).eid : 0;
  }

  outcome pop() {
    bool go = false;
    if (const outcome admitted = admit(go); !go) {
      return admitted;
    }
    if (staged_.empty()) {
      return fail(strata::errc::empty_stack);
    }
    unstage_top();
    return outcome::ok;
  }

  outcome clear() {
    bool go = false;
    if (const outcome admitted = admit(go); !go) {
      return admitted;
    }
    pop_down_to(0);
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
    bool go = false;
    if (const outcome admitted = admit(go); !go) {
      return admitted;
    }
    if (depth > staged_.size()) {
      return fail(strata::errc::bad_depth);
    }
    pop_down_to(depth);
    return outcome::ok;
  }

  // Runs `destroy` as code of the request that just failed: a state that push() or
  // push_first_on_top() took over and then could not stage is dropped by the stack itself.
  template <class Destroy>
  void drop_taken(Destroy destroy) {
    const request_scope dropping(*this);
    destroy();
  }

  // ---- passes over the committed stack (R11-R15, R30, R32) ----

  // R30: first every update_always, bottom to top, with the frame's dt; then the states the pass
  // reaches (R12, R16): a scale of 0 lets no update through (R32), and a covered state's dt is
  // multiplied by the factor of the states above it. What the pass reaches and by which factors
  // is read as it starts: a scale changed by its hooks counts from the next pass.
  outcome update(double dt) {
    return pass([&](std::size_t top) {
      // R32: the factor of a covered state is the float product of the scales above it, taken
      // from the top down: s[top], then times s[top - 1], and so on.
      const std::size_t lowest = lowest_updated();
      std::vector<double>& dts = pass_dts_;
      dts.assign(top + 1, dt);
      float factor = 1.0F;
      for (std::size_t depth = top; depth-- > lowest;) {
        factor *= entry(committed_[depth + 1]).scale;
        dts[depth] = dt * static_cast<double>(factor);
      }
      outcome result = outcome::ok;
      for (std::size_t depth = 0; depth <= top && result == outcome::ok; ++depth) {
        result = run(depth, hook_kind::update_always, dt);
      }
      for (std::size_t depth = lowest; depth <= top && result == outcome::ok; ++depth) {
        result =
            run(depth, depth == top ? hook_kind::update : hook_kind::update_covered, dts[depth]);
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
  outcome frame(std::size_t events, double dt) {
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
      result = update(dt);
    }
    if (!stops(result)) {
      result = commit();
    }
    return stops(result) ? result : draw();
  }

private:
  template <class Matches>
  outcome pop_until(Matches matches) {
    bool go = false;
    if (const outcome admitted = admit(go); !go) {
      return admitted;
    }
    for (std::size_t depth = staged_.size(); depth-- > 0;) {
      if (matches(depth)) {
        pop_down_to(depth + 1);
        return outcome::ok;
      }
    }
    return fail(strata::errc::not_found);
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
  // The same for updates, which a scale of 0 stops too (R32).
  [[nodiscard]] std::size_t lowest_updated() const {
    std::size_t depth = committed_.size() - 1;
    while (depth > 0 && entry(committed_[depth]).mode.update_below &&
           entry(committed_[depth]).scale != 0.0F) {
      --depth;
    }
    return depth;
  }

  std::vector<double> pass_dts_; // update()'s, kept for its capacity: passes never nest
};

} // namespace strata_model
