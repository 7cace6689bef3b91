// model/strata_model/model_types.hpp: what the reference model (model.hpp) is made of: how an
// operation ends, one entry of its stacks, and its window on the harness around it.
#pragma once

#include <cstddef>
#include <cstdint>

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
  int borrow_slot = -1;     // the borrowed object this is, or -1 when the stack owns the state
  std::uint8_t on_exit = 0; // the item's on_exit kind (see item::on_exit)
  bool consumes = false;    // what its handle() returns
  bool null = false;        // an empty std::unique_ptr
  bool paused = false;
  std::uint8_t declared_scale = 0; // a scaled_probe's, which tells its C++ type
  std::uint64_t eid = 0;           // R31: the entry's id, the number of its staging (from 1)
  float scale = 1.0F;              // R32: the factor on the dt of the covered updates below it
};

// The model's window on the harness around it.
class model_events {
public:
  // Runs one hook of a state (one that has it), with the dt an update hook receives; thrown when
  // the hook throws.
  virtual outcome call(int id, std::uint8_t base_name, hook_kind hook, double dt) = 0;
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
