// model/src/model_real_world.cpp: how the world of model_real_world.hpp records hooks and observer
// steps, fires what programs arm, and plays requests on the real stack; and the real_side of
// model_real.hpp that owns them. Compiled once into strata_model (and into the libFuzzer target),
// so that the tests and fuzzers built on the harness do not each instantiate the real stack anew.
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <span>
#include <string>
#include <utility>

#include <strata/stack.hpp>

#include "strata_model/model_death.hpp"
#include "strata_model/model_real.hpp"

namespace strata_model {

// Makes `self` the state whose hook (or observer call) runs, until the end of the scope.
class world::self_scope {
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

void world::hook(const probe_core& state, hook_kind kind, double dt, const self_ref& self,
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

void world::observe(const strata::step_info& info) {
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

void world::install_observer() {
  stack->set_observer([this, tag = std::string(40, 'o')](const strata::step_info& info) {
    observe(info);
    check_tag(tag, 'o');
  });
}

#ifdef STRATA_NO_EXCEPTIONS
void world::install_error_handler() {
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

void world::destroying(std::uint8_t label) {
  request armed;
  if (stack != nullptr && core.arms.take_destructor_request(label, armed)) {
    const self_scope destroyed(*this, {});
    perform(armed, false);
  }
}

void world::perform(const request& r, bool top_level) {
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

int world::id_of(const strata::entry_view<world, input>& e) {
  int id = -1;
  any_probe_type([&](auto type) {
    const auto* state = e.get<typename decltype(type)::type>();
    id = state != nullptr ? state->id : id;
    return state != nullptr;
  });
  return id;
}

int world::id_as(const strata::entry_view<world, input>& e, probe_type type, std::uint8_t declared,
                 const real_stack& s, strata::entry_id* found) {
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

void world::check_tag(const std::string& tag, char fill) {
  if (tag != std::string(40, fill)) {
    std::fputs("model test: a callback's capture was destroyed while it ran\n", stderr);
    std::abort();
  }
}

void world::let_errors_escape(const probe_core& state, hook_kind kind, const request& r) {
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

void world::execute(const request& r, bool top_level) {
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

strata::entry_id world::close_id(const request& r) const {
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

real_side::real_side(strata::memory memory)
    : first_(w, -1, lender(0))
    , second_(w, -1, lender(1)) {
  w.lenders = {&first_, &second_};
  strata::options settings;
  settings.memory = memory;
  stack_.emplace(w, settings);
  w.stack = &*stack_;
  w.install_observer();
#ifdef STRATA_NO_EXCEPTIONS
  w.install_error_handler();
#endif
  first_.lent = true;
  second_.lent = true;
}

real_side::~real_side() {
  destroy();
}

void real_side::destroy() {
  if (stack_) {
    w.core.arms.disarm_throws();
    w.core.trace.teardown();
    stack_.reset();
    w.stack = nullptr;
  }
}

} // namespace strata_model
