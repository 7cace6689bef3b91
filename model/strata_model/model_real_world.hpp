// model/strata_model/model_real_world.hpp: the context of the model test's real stack, a
// strata::stack<world, input>: it records what happens, runs what programs arm in hooks
// (model_probes.hpp), the observer, destructors and on_exit callbacks, and plays requests on the
// stack. How it stages states is in model_real_push.hpp.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include <strata/stack.hpp>
#include <strata/state.hpp>

#include "model_death.hpp"
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

  void hook(const probe_core& state, hook_kind kind, double dt, const self_ref& self,
            const strata::presence* seen) {
    if (seen != nullptr) {
      core.trace.drawn(state.id, *seen);
    } else {
      core.trace.hook(kind, state.id, dt);
    }
    if (core.arms.tearing_down()) {
      core.trace.queried(stack->pending(), stack->leaving()); // Issue 10 item 10
    }
    request armed;
    bool escapes = false;
    if (core.arms.take_hook_request(kind, state.label, armed, escapes)) {
      const self_scope running(*this, self);
      if (escapes) {
        let_errors_escape(state, kind, armed);
      } else {
        perform(armed, false);
      }
    }
    [[maybe_unused]] const bool must_throw = core.arms.take_throw(kind, state.label);
#ifndef STRATA_NO_EXCEPTIONS
    if (must_throw) {
      core.trace.throws(kind, state.id);
      throw injected_failure{};
    }
#endif
  }

  void observe(const strata::step_info& info) {
    const std::uint8_t name = name_index(info.state);
    core.trace.observed(info.step, name, info.depth, static_cast<std::uint64_t>(info.id));
    request armed;
    bool replace_observer = false;
    if (core.arms.take_observer_request(info.step, name, armed, replace_observer)) {
      const self_scope observing(*this, {nullptr, nullptr, info.id});
      perform(armed, false);
      if (replace_observer) {
        // Issue 10 item 4: this call goes on, the new observer gets the next step.
        install_observer();
      }
      // Issue 10 item 5: the name stays valid for the whole call, whatever the requests did.
      if (name_index(info.state) != name) {
        core.trace.stale_name();
      }
    }
  }

  // The observer and the error handler carry a capture on the heap that they read after their
  // work, so that one destroyed while it runs (issue 10 item 4) is a use after free that the
  // sanitizers see.
  void install_observer() {
    stack->set_observer([this, tag = std::string(40, 'o')](const strata::step_info& info) {
      observe(info);
      check_tag(tag, 'o');
    });
  }
#ifdef STRATA_NO_EXCEPTIONS
  // In builds without exceptions the handler replaces itself at every error (issue 10 item 4).
  // A commit that never ends shows as errors without end: the run stops with a message.
  void install_error_handler() {
    stack->set_error_handler([this, tag = std::string(40, 'e')](const strata::error& e) {
      core.trace.failed(e.code());
      if (++errors_in_operation_ > 1'000'000) {
        std::fputs("model test: a million errors in one operation: it never ends\n", stderr);
        std::abort();
      }
      install_error_handler();
      check_tag(tag, 'e');
    });
  }
#endif

  // The destructor of a state (of the stack's, or of the harness's) whose own name() is `label`.
  void destroying(std::uint8_t label) {
    request armed;
    if (stack != nullptr && core.arms.take_destructor_request(label, armed)) {
      const self_scope destroyed(*this, {});
      perform(armed, false);
    }
  }

  // A request from outside (top_level), or one armed in a hook or the observer. An exception
  // from a hook stops here: the observer must not throw, and a request inside a hook cannot
  // reach another hook (a commit there fails with errc::reentrant_call).
  void perform(const request& r, bool top_level) {
    if (top_level) {
      errors_in_operation_ = 0;
    }
#ifndef STRATA_NO_EXCEPTIONS
    try {
      execute(r, top_level);
    } catch (const strata::error& e) {
      core.trace.failed(e.code());
    } catch (const injected_failure&) {
      core.trace.caught();
    }
#else
    execute(r, top_level);
#endif
  }

  // The id of the probe behind an entry.
  static int id_of(const strata::entry_view<world, input>& e) {
    int id = -1;
    any_probe_type([&](auto type) {
      const auto* state = e.get<typename decltype(type)::type>();
      id = state != nullptr ? state->id : id;
      return state != nullptr;
    });
    return id;
  }
  // The id of the probe behind an entry if it is of the given type (the model's), else -1; and
  // R31: what stack::id_of() says of that object, looked up as that type, into `found` if given.
  // One lookup instead of id_of()'s search through every type.
  // `declared` is a scaled_probe's declared scale or a moving_probe's declared transition.
  static int id_as(const strata::entry_view<world, input>& e, probe_type type,
                   std::uint8_t declared, const real_stack& s, strata::entry_id* found = nullptr) {
    int id = -1;
    const auto look = [&](auto tag) {
      if (const auto* state = e.get<typename decltype(tag)::type>()) {
        id = state->id;
        if (found != nullptr) {
          *found = s.id_of(*state);
        }
      }
    };
    switch (type) {
    case probe_type::full: look(type_tag<full_probe>{}); break;
    case probe_type::lifecycle: look(type_tag<lifecycle_probe>{}); break;
    case probe_type::virtual_base: look(type_tag<virtual_probe>{}); break;
    case probe_type::bare: look(type_tag<bare_probe>{}); break;
    case probe_type::background: look(type_tag<background_probe>{}); break;
    case probe_type::scaled:
      [&]<std::size_t... I>(std::index_sequence<I...>) {
        ((declared == declared_scales[I] ? look(type_tag<scaled_probe<declared_scales[I]>>{})
                                         : void()),
         ...);
      }
      (std::make_index_sequence<declared_scales.size()>{});
      break;
    case probe_type::moving:
      [&]<std::uint8_t... T>(std::integer_sequence<std::uint8_t, T...>) {
        ((declared == T ? look(type_tag<moving_probe<T>>{}) : void()), ...);
      }
      (std::make_integer_sequence<std::uint8_t, declared_transitions>{});
      break;
    }
    return id;
  }

private:
  // Makes `self` the state whose hook (or observer call) runs, until the end of the scope.
  class self_scope {
  public:
    self_scope(world& w, const self_ref& self)
        : owner_(w)
        , outer_(std::exchange(w.self_, self)) {}
    self_scope(const self_scope&) = delete;
    self_scope& operator=(const self_scope&) = delete;
    ~self_scope() { owner_.self_ = outer_; }

  private:
    world& owner_;
    self_ref outer_;
  };

  // The handle of a push or replace, kept for later .time_scale() and close() requests. Its T is
  // irrelevant to .time_scale(), and every pushed<T> of the stack holds the same data, so each is
  // kept as a pushed<full_probe> (no allocation, which the model test would pay a million times).
  using kept_handle = real_stack::pushed<full_probe>;

  static void check_tag(const std::string& tag, char fill) {
    if (tag != std::string(40, fill)) {
      std::fputs("model test: a callback's capture was destroyed while it ran\n", stderr);
      std::abort();
    }
  }

  // A hook that does not catch what its request throws: the error leaves the hook (R25).
  void let_errors_escape(const probe_core& state, hook_kind kind, const request& r) {
#ifndef STRATA_NO_EXCEPTIONS
    try {
      execute(r, false);
    } catch (const strata::error&) {
      core.trace.throws(kind, state.id);
      throw;
    }
#else
    (void)state;
    (void)kind;
    perform(r, false);
#endif
  }

  void execute(const request& r, bool top_level) {
    switch (r.kind) {
    case request_kind::push:
    case request_kind::replace: stage_one(r); break;
    case request_kind::push_first_on_top: stage_batch(r); break;
    case request_kind::pop:
      if (r.leaving == no_choice) {
        stack->pop();
      } else {
        stack->pop(transitions[r.leaving % transitions.size()]); // R33
      }
      break;
    case request_kind::clear:
      if (r.leaving == no_choice) {
        stack->clear();
      } else {
        stack->clear(transitions[r.leaving % transitions.size()]); // R33
      }
      break;
    case request_kind::pop_until_name: stack->pop_until(state_names[r.name]); break;
    case request_kind::pop_until_depth: {
      const std::size_t wanted = r.depth;
      stack->pop_until(
          [wanted](const strata::entry_view<world, input>& e) { return e.depth() == wanted; });
      break;
    }
    case request_kind::close: core.trace.closed(stack->close(close_id(r))); break;
    case request_kind::pop_to: stack->pop_to(r.depth); break;
    case request_kind::set_time_scale:
      if (r.depth < kept_.size()) {
        kept_handle copy = kept_[r.depth];
        std::move(copy).time_scale(time_scales[r.scale]);
      }
      break;
    case request_kind::set_transition:
      if (r.depth < kept_.size()) {
        kept_handle copy = kept_[r.depth];
        std::move(copy).transition(transitions[r.transition]);
      }
      break;
    case request_kind::commit: stack->commit(); break;
    case request_kind::update: stack->update(dts[r.dt]); break;
    case request_kind::draw: stack->draw(); break;
    case request_kind::handle: {
      const bool used = stack->handle(input{});
      if (top_level) {
        core.trace.handled(used);
      }
      break;
    }
    case request_kind::frame: {
      const std::array<input, 2> events{};
      stack->frame(dts[r.dt], std::span<const input>(events.data(), r.depth % 3U));
      break;
    }
    case request_kind::finish_transitions: stack->finish_transitions(); break;
    case request_kind::destroy:
      core.trace.aborted(where_destruction_aborts([this] { std::destroy_at(stack); }));
      break;
    }
  }

  // R31: the id a close request names (see close_target).
  [[nodiscard]] strata::entry_id close_id(const request& r) const {
    const auto staged = stack->staged();
    switch (static_cast<close_target>(r.which)) {
    case close_target::kept:
      return r.depth < kept_.size() ? kept_[r.depth].id() : strata::entry_id::none;
    case close_target::staged:
      return r.depth < staged.size() ? staged[staged.size() - 1 - r.depth].id()
                                     : strata::entry_id::none;
    case close_target::self: return self_.resolve(*stack);
    case close_target::none: return strata::entry_id::none;
    case close_target::unknown: return strata::entry_id{unknown_id(r.depth)};
    }
    return strata::entry_id::none;
  }

  // ---- staging (model_real_push.hpp) ----

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
