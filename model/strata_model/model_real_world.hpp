// model/strata_model/model_real_world.hpp: the context of the model test's real stack, a
// strata::stack<world, input>: it records what happens, runs what programs arm in hooks
// (model_probes.hpp), the observer, destructors and on_exit callbacks, and plays requests on the
// stack. Its functions are compiled once, into the strata_model library: how it plays requests is
// in model/src/model_real_world.cpp, how it stages states in model/src/model_real_push.cpp.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <strata/stack.hpp>
#include <strata/state.hpp>

#include "model_harness.hpp"
#include "model_probes.hpp"
#include "model_program.hpp"

namespace strata_model {

// The stack's context: records, fires arms, and plays requests on the stack.
class world {
public:
  harness_core core;
  real_stack* stack = nullptr;
  std::array<full_probe*, 2> lenders{}; // the borrowed objects, owned by real_side
  long live = 0;                        // probes alive, counted by probe_core

  // A probe's hook ran (`seen`: the presence its draw reads): records it, then runs what the
  // program armed for it, which may throw.
  void hook(const probe_core& state, hook_kind kind, double dt, const self_ref& self,
            const strata::presence* seen);
  void observe(const strata::step_info& info);

  // The observer and the error handler carry a capture on the heap that they read after their
  // work, so that one destroyed while it runs (issue 10 item 4) is a use after free that the
  // sanitizers see.
  void install_observer();
#ifdef STRATA_NO_EXCEPTIONS
  // In builds without exceptions the handler replaces itself at every error (issue 10 item 4).
  // A commit that never ends shows as errors without end: the run stops with a message.
  void install_error_handler();
#endif

  // The destructor of a state (of the stack's, or of the harness's) whose own name() is `label`.
  void destroying(std::uint8_t label);

  // A request from outside (top_level), or one armed in a hook or the observer. An exception
  // from a hook stops here: the observer must not throw, and a request inside a hook cannot
  // reach another hook (a commit there fails with errc::reentrant_call).
  void perform(const request& r, bool top_level);

  // The id of the probe behind an entry.
  static int id_of(const strata::entry_view<world, input>& e);
  // The id of the probe behind an entry if it is of the given type (the model's), else -1; and
  // R31: what stack::id_of() says of that object, looked up as that type, into `found` if given.
  // One lookup instead of id_of()'s search through every type.
  // `declared` is a scaled_probe's declared scale or a moving_probe's declared transition.
  static int id_as(const strata::entry_view<world, input>& e, probe_type type,
                   std::uint8_t declared, const real_stack& s, strata::entry_id* found = nullptr);

private:
  class self_scope;

  // The handle of a push or replace, kept for later .time_scale() and close() requests. Its T is
  // irrelevant to .time_scale(), and every pushed<T> of the stack holds the same data, so each is
  // kept as a pushed<full_probe> (no allocation, which the model test would pay a million times).
  using kept_handle = real_stack::pushed<full_probe>;

  static void check_tag(const std::string& tag, char fill);
  // A hook that does not catch what its request throws: the error leaves the hook (R25).
  void let_errors_escape(const probe_core& state, hook_kind kind, const request& r);
  void execute(const request& r, bool top_level);
  // R31: the id a close request names (see close_target).
  [[nodiscard]] strata::entry_id close_id(const request& r) const;

  // ---- staging (model/src/model_real_push.cpp) ----

  bool prepare(const request& r, std::array<int, 4>& ids);
  [[nodiscard]] slot_use use_of(std::size_t slot) const;
  void stage_one(const request& r);
  void stage_batch(const request& r);
  template <class T>
  void stage_typed(const request& r, int id);
  template <class T>
  void finish(typename real_stack::template pushed<T>&& handle, const item& what);
  template <std::size_t N, class... Built>
  void stage_several(const request& r, const std::array<int, 4>& ids, Built&... built);

  self_ref self_;                 // whose hook makes the request under way
  std::vector<kept_handle> kept_; // the newest first
  std::size_t errors_in_operation_ = 0;
};

} // namespace strata_model
