// model/strata_model/model_types.hpp: what the reference model (model.hpp) is made of: how an
// operation ends, one entry of its stacks (with its transition, R33), and its window on the
// harness around it.
#pragma once

#include <cstddef>
#include <cstdint>

#include <strata/error.hpp>
#include <strata/modality.hpp>
#include <strata/observer.hpp>
#include <strata/transition.hpp>

#include "model_program.hpp"

namespace strata_model {

// How an operation of the model ended: normally, with a strata::error (thrown, or handed to the
// error handler in builds without exceptions), or with an exception from a hook going through.
enum class outcome : std::uint8_t { ok, failed, thrown };

// R33: where an entry of the drawing order stands. Committed entries are still or arriving; an
// entry that exited is leaving, or has left (it left at once, or its presence reached 0) and
// waits, undrawn, for the states leaving above it before it is destroyed.
enum class motion : std::uint8_t { still, arriving, leaving, left };

struct model_entry {
  int id = -1;
  probe_type type = probe_type::full;
  std::uint8_t base_name = 0;  // what the state's own name() says; armed hooks match it
  std::uint8_t shown_name = 0; // what the stack shows: base_name, or the name given at push
  strata::modality mode;
  int borrow_slot = -1;     // the borrowed object this is, or -1 when the stack owns the state
  std::uint8_t on_exit = 0; // the item's on_exit kind (see item::on_exit)
  bool consumes = false;    // what its handle() returns
  bool null = false;        // an empty std::unique_ptr
  bool paused = false;
  // The parameter of its C++ type: a scaled_probe's declared scale, a moving_probe's declared
  // transition.
  std::uint8_t type_parameter = 0;
  std::uint64_t eid = 0; // R31: the entry's id, the number of its staging (from 1)
  float scale = 1.0F;    // R32: the factor on the dt of the covered updates below it
  // R33: the transition in force (the type's, or the handle's), and the requests that staged
  // and unstaged the entry.
  strata::transition transition;
  strata::cause staged_by = strata::cause::push;
  strata::cause unstaged_by = strata::cause::pop;
  // R33: its arrival or departure under way, with what it started with: the duration, whether
  // events pass it, the request that started it.
  motion moving = motion::still;
  float presence = 1.0F;
  float seconds = 0.0F;
  bool passes_input = false;
  strata::cause started_by = strata::cause::none;
};

// The model's window on the harness around it.
class model_events {
public:
  // Runs one hook of a state (one that has it), with the dt an update hook receives, or the
  // presence a draw that reads it receives (R33); thrown when the hook throws.
  virtual outcome call(int id, std::uint8_t base_name, hook_kind hook, double dt,
                       const strata::presence* seen) = 0;
  // `eid` is the id of the entry the step is about (R31).
  virtual void observe(strata::step step, std::uint8_t name, std::size_t depth,
                       std::uint64_t eid) = 0;
  // Runs the on_exit callback of a state; thrown when it throws.
  virtual outcome ran_on_exit(int id) = 0;
  // A second .on_exit() replaced the first callback of a state, which is destroyed now.
  virtual void replaced_on_exit(int id) = 0;
  virtual void destroyed(int id) = 0;
  // An error the moment it happens, in builds without exceptions (the error handler).
  virtual void error(strata::errc code) = 0;

protected:
  model_events() = default;
  model_events(const model_events&) = default;
  model_events& operator=(const model_events&) = default;
  ~model_events() = default;
};

} // namespace strata_model
