// model/strata_model/model_passes.hpp: the passes of the reference model (model.hpp): update (R12,
// R30, R32), draw (R13), handle (R14), frame (R15) and finish_transitions(), over the committed
// stack and, for R33, the drawing order of model_motion.hpp. Nothing that moves, the drawing order
// is the committed stack and every rule of R33 leaves the passes as R12-R14 say.
#pragma once

#include <cstddef>
#include <vector>

#include <strata/error.hpp>
#include <strata/modality.hpp>
#include <strata/transition.hpp>

#include "model_commit.hpp"
#include "model_program.hpp"
#include "model_types.hpp"

namespace strata_model {

class model_passes : public model_commit {
public:
  // R30: first every update_always, bottom to top, with the frame's dt; then the states the pass
  // reaches (R12, R16): a scale of 0 lets no update through (R32), and a covered state's dt is
  // multiplied by the factor of the states above it. What the pass reaches and by which factors
  // is read as it starts: a scale changed by its hooks counts from the next pass. R33: then the
  // transitions move, by the factors read as it started; a hook that throws ends the pass before.
  outcome update(double dt) {
    return pass([&] {
      const bool moving = in_transition(); // else there is nothing to move, nor a factor to read
      const std::vector<float> moving_by = moving ? factors() : std::vector<float>{};
      const outcome result = committed_.empty() ? outcome::ok : update_hooks(dt);
      if (result == outcome::ok && moving) {
        advance(dt, moving_by);
      }
      return result;
    });
  }

  // R13, R33: bottom to top over the states reached from the top of the drawing order, going on
  // below a state that lets drawing through or moves (nothing vanishes early). What each draw
  // reads is taken as the pass starts.
  outcome draw() {
    return pass([&] {
      std::size_t lowest = drawn_.size();
      for (std::size_t at = drawn_.size(); at-- > 0;) {
        const model_entry& reached = entry(drawn_[at]);
        if (reached.moving == motion::left) {
          continue; // neither drawn nor in the way
        }
        lowest = at;
        if (!reached.mode.draw_below && !moves(reached)) {
          break;
        }
      }
      if (lowest == drawn_.size()) {
        return outcome::ok;
      }
      const std::vector<shown_entry> drawn = shown_from(lowest);
      outcome result = outcome::ok;
      for (std::size_t i = 0; i < drawn.size() && result == outcome::ok; ++i) {
        const bool reads_it = reads_presence(entry(drawn[i].id).type);
        result = run_on(drawn[i].id, hook_kind::draw, 0, reads_it ? &drawn[i].read : nullptr);
      }
      return result;
    });
  }

  // R14, R33: top to bottom over the drawing order. An event that reaches a state that moves
  // stops there, consumed, without calling it, unless its transition lets events pass (then
  // neither the state nor its modality stops it); a state fully there gets it as R14 says.
  outcome handle(bool& used) {
    used = false;
    return pass([&] {
      for (std::size_t at = drawn_.size(); at-- > 0;) {
        // A copy: the hook's requests may grow the table.
        const model_entry state = entry(drawn_[at]);
        if (state.moving == motion::left) {
          continue; // neither drawn nor in the way
        }
        if (moves(state)) {
          if (state.passes_input) {
            continue;
          }
          used = true;
          return outcome::ok;
        }
        if (has_hook(state.type, hook_kind::handle)) {
          if (const outcome result = run_on(drawn_[at], hook_kind::handle); result != outcome::ok) {
            return result;
          }
          if (state.consumes) {
            used = true;
            return outcome::ok;
          }
        }
        if (!state.mode.input_below) {
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

  // R33: every arrival complete and every leaving state destroyed, top first. Like a pass, it
  // starts only from outside (R24); the destructors it runs may make requests, not start one.
  outcome finish_transitions() {
    if (!may_start()) {
      return fail(strata::errc::reentrant_call);
    }
    activity_ = activity::passing;
    finish_all();
    activity_ = activity::idle;
    return outcome::ok;
  }

protected:
  explicit model_passes(model_events& events)
      : model_commit(events) {}

private:
  template <class Walk>
  outcome pass(Walk walk) {
    if (!may_start()) {
      return fail(strata::errc::reentrant_call);
    }
    if (drawn_.empty()) {
      return outcome::ok;
    }
    activity_ = activity::passing;
    const outcome result = walk();
    activity_ = activity::idle;
    return result;
  }

  // R12, R30, R32 on a committed stack that is not empty.
  outcome update_hooks(double dt) {
    // R32: the factor of a covered state is the float product of the scales above it, taken
    // from the top down: s[top], then times s[top - 1], and so on.
    const std::size_t top = committed_.size() - 1;
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
      result = run(depth, depth == top ? hook_kind::update : hook_kind::update_covered, dts[depth]);
    }
    return result;
  }

  // The lowest state updates reach: from the top down while the state above lets them through,
  // which a scale of 0 does not (R32).
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
