// tests/support/model_real.hpp: the real side of the model test: state types that record every
// hook into the trace (and run armed requests, or throw), and the harness that plays requests on
// a strata::stack<world, input> with every ownership and push_first_on_top combination.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <type_traits>
#include <utility>

#include <strata/stack.hpp>
#include <strata/state.hpp>

#include "model_death.hpp"
#include "model_harness.hpp"
#include "model_program.hpp"

namespace strata_model {

struct input {};
class world;
using real_stack = strata::stack<world, input>;

// What a probe's hook throws when a program arms it to.
struct injected_failure {};

// The fields every state type of the harness shares. It declares no member named like a hook,
// name or modality, so bare_probe, which adds none, really has none.
class probe_core {
public:
  probe_core(world& w, int id, const item& what);
  probe_core(probe_core&& other) noexcept;
  probe_core(const probe_core&) = delete;
  probe_core& operator=(const probe_core&) = delete;
  probe_core& operator=(probe_core&&) = delete;
  ~probe_core();

  world* owner;
  int id;             // -1 once moved from, which records nothing; a borrowed one's changes
  std::uint8_t label; // what name() says
  std::uint8_t declared;
  bool consumes;

protected:
  void fire(hook_kind hook) const;
  [[nodiscard]] std::string_view label_text() const { return state_names[label]; }
  [[nodiscard]] strata::modality declared_modality() const { return modalities[declared]; }
};

// Every hook; some take the context and some do not (R17).
struct full_probe : probe_core {
  using probe_core::probe_core;
  void enter(world& /*context*/) { fire(hook_kind::enter); }
  void exit() { fire(hook_kind::exit); }
  void pause(world& /*context*/) { fire(hook_kind::pause); }
  void resume() { fire(hook_kind::resume); }
  void update(world& /*context*/, double /*dt*/) { fire(hook_kind::update); }
  void update_covered(double /*dt*/) { fire(hook_kind::update_covered); }
  void draw(world& /*context*/) { fire(hook_kind::draw); }
  bool handle(const input& /*event*/) {
    fire(hook_kind::handle);
    return consumes;
  }
  [[nodiscard]] std::string_view name() const { return label_text(); }
  [[nodiscard]] strata::modality modality() const { return declared_modality(); }
};

// Lifecycle hooks only, so that the passes skip it while its modality still counts.
struct lifecycle_probe : probe_core {
  using probe_core::probe_core;
  void enter() { fire(hook_kind::enter); }
  void exit(world& /*context*/) { fire(hook_kind::exit); }
  void pause() { fire(hook_kind::pause); }
  void resume(world& /*context*/) { fire(hook_kind::resume); }
  [[nodiscard]] std::string_view name() const { return label_text(); }
  [[nodiscard]] strata::modality modality() const { return declared_modality(); }
};

// R18: through the optional virtual base.
struct virtual_probe : strata::state<world, input>, probe_core {
  virtual_probe(world& w, int id, const item& what)
      : probe_core(w, id, what) {}
  void enter(world& /*context*/) override { fire(hook_kind::enter); }
  void exit(world& /*context*/) override { fire(hook_kind::exit); }
  void pause(world& /*context*/) override { fire(hook_kind::pause); }
  void resume(world& /*context*/) override { fire(hook_kind::resume); }
  void update(world& /*context*/, double /*dt*/) override { fire(hook_kind::update); }
  void update_covered(world& /*context*/, double /*dt*/) override {
    fire(hook_kind::update_covered);
  }
  void draw(world& /*context*/) override { fire(hook_kind::draw); }
  bool handle(world& /*context*/, const input& /*event*/) override {
    fire(hook_kind::handle);
    return consumes;
  }
  [[nodiscard]] std::string_view name() const override { return label_text(); }
  [[nodiscard]] strata::modality modality() const override { return declared_modality(); }
};

// No hook, no name (strata derives "bare_probe"), the default modality.
struct bare_probe : probe_core {
  using probe_core::probe_core;
};

// The stack's context: records, fires arms, and plays requests on the stack.
class world {
public:
  harness_core core;
  real_stack* stack = nullptr;
  std::array<full_probe*, 2> lenders{}; // the borrowed objects, owned by real_side
  long live = 0;                        // probes alive, counted by probe_core

  void hook(const probe_core& state, hook_kind kind) {
    core.trace.hook(kind, state.id);
    request armed;
    bool escapes = false;
    if (core.arms.take_hook_request(kind, state.label, armed, escapes)) {
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
    core.trace.observed(info.step, name, info.depth);
    request armed;
    if (core.arms.take_observer_request(info.step, name, armed)) {
      perform(armed, false);
    }
  }

  // A request from outside (top_level), or one armed in a hook or the observer. An exception
  // from a hook stops here: the observer must not throw, and a request inside a hook cannot
  // reach another hook (a commit there fails with errc::reentrant_call).
  void perform(const request& r, bool top_level) {
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
    if (const auto* s = e.get<full_probe>()) {
      return s->id;
    }
    if (const auto* s = e.get<lifecycle_probe>()) {
      return s->id;
    }
    if (const auto* s = e.get<virtual_probe>()) {
      return s->id;
    }
    if (const auto* s = e.get<bare_probe>()) {
      return s->id;
    }
    return -1;
  }

private:
  static constexpr double dt = 1.0 / 60;

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
    case request_kind::push_first_on_top: {
      std::array<int, 4> ids{};
      if (prepare(r, ids)) {
        const lender_claim claim(core, r);
        stage_several<0>(r, ids);
      }
      break;
    }
    case request_kind::pop: stack->pop(); break;
    case request_kind::clear: stack->clear(); break;
    case request_kind::pop_until_name: stack->pop_until(state_names[r.name]); break;
    case request_kind::pop_until_depth: {
      const std::size_t wanted = r.depth;
      stack->pop_until(
          [wanted](const strata::entry_view<world, input>& e) { return e.depth() == wanted; });
      break;
    }
    case request_kind::pop_to: stack->pop_to(r.depth); break;
    case request_kind::commit: stack->commit(); break;
    case request_kind::update: stack->update(dt); break;
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
      stack->frame(dt, std::span<const input>(events.data(), r.depth % 3U));
      break;
    }
    case request_kind::destroy:
      core.trace.aborted(where_destruction_aborts([this] { std::destroy_at(stack); }));
      break;
    }
  }

  bool prepare(const request& r, std::array<int, 4>& ids) {
    return core.prepare(
        r, ids, [&](std::size_t slot) { return use_of(slot); },
        [&](std::size_t slot) { lenders[slot]->id = core.lender_ids[slot]; });
  }

  [[nodiscard]] slot_use use_of(std::size_t slot) const {
    const auto holds = [&](const real_stack::view& v) {
      for (const auto e : v) {
        if (e.get<full_probe>() == lenders[slot]) {
          return true;
        }
      }
      return false;
    };
    if (holds(stack->staged())) {
      return slot_use::staged;
    }
    return holds(stack->committed()) ? slot_use::retiring : slot_use::free;
  }

  void stage_one(const request& r) {
    std::array<int, 4> ids{};
    if (!prepare(r, ids)) {
      return;
    }
    const lender_claim claim(core, r);
    switch (r.items[0].type) {
    case probe_type::full: stage_typed<full_probe>(r, ids[0]); break;
    case probe_type::lifecycle: stage_typed<lifecycle_probe>(r, ids[0]); break;
    case probe_type::virtual_base: stage_typed<virtual_probe>(r, ids[0]); break;
    case probe_type::bare: stage_typed<bare_probe>(r, ids[0]); break;
    }
  }

  template <class T, class Made>
  auto push_or_replace(bool replacing, Made&& made) {
    return replacing ? stack->template replace<T>(std::forward<Made>(made))
                     : stack->template push<T>(std::forward<Made>(made));
  }

  template <class T>
  void stage_typed(const request& r, int id) {
    const item& what = r.items[0];
    const bool replacing = r.kind == request_kind::replace;
    switch (what.own) {
    case ownership::pooled:
      finish<T>(replacing ? stack->template replace<T>(*this, id, what)
                          : stack->template push<T>(*this, id, what),
                what);
      break;
    case ownership::adopted:
      finish<T>(push_or_replace<T>(replacing, std::make_unique<T>(*this, id, what)), what);
      break;
    case ownership::null:
      finish<T>(push_or_replace<T>(replacing, std::unique_ptr<T>{}), what);
      break;
    case ownership::borrowed:
      if constexpr (std::is_same_v<T, full_probe>) {
        finish<T>(push_or_replace<T>(replacing, strata::borrow(*lenders[what.borrow_slot])), what);
      }
      break;
    }
  }

  template <class T>
  void finish(typename real_stack::template pushed<T>&& handle, const item& what) {
    if (what.rename != no_choice) {
      std::move(handle).name(state_names[what.rename]);
    }
    if (what.modality != no_choice) {
      std::move(handle).modality(modalities[what.modality]);
    }
    if (what.on_exit == 1) {
      std::move(handle).on_exit([this](T& s) { core.trace.on_exit(s.id); });
    } else if (what.on_exit == 2) {
      std::move(handle).on_exit([](world& w, T& s) { w.core.trace.on_exit(s.id); });
    }
  }

  // Builds the items one local at a time (one C++ type per ownership), then hands them all to
  // push_first_on_top; the locals the stack did not take die last first on the way back.
  template <std::size_t N, class... Built>
  void stage_several([[maybe_unused]] const request& r,
                     [[maybe_unused]] const std::array<int, 4>& ids, Built&... built) {
    if constexpr (N < 4) {
      if (N < r.count) {
        const item& what = r.items[N];
        switch (what.own) {
        case ownership::pooled: {
          full_probe made(*this, ids[N], what);
          stage_several<N + 1>(r, ids, built..., made);
          return;
        }
        case ownership::adopted:
        case ownership::null: {
          std::unique_ptr<virtual_probe> made;
          if (what.own == ownership::adopted) {
            made = std::make_unique<virtual_probe>(*this, ids[N], what);
          }
          stage_several<N + 1>(r, ids, built..., made);
          return;
        }
        case ownership::borrowed: {
          strata::borrowed<full_probe> made = strata::borrow(*lenders[what.borrow_slot]);
          stage_several<N + 1>(r, ids, built..., made);
          return;
        }
        }
      }
    }
    if constexpr (sizeof...(Built) > 0) {
      stack->push_first_on_top(std::move(built)...);
    }
  }
};

inline probe_core::probe_core(world& w, int id_, const item& what)
    : owner(&w)
    , id(id_)
    , label(what.name)
    , declared(what.declared)
    , consumes(what.consumes) {
  ++owner->live;
}

inline probe_core::probe_core(probe_core&& other) noexcept
    : owner(other.owner)
    , id(other.id)
    , label(other.label)
    , declared(other.declared)
    , consumes(other.consumes) {
  other.id = -1;
  ++owner->live;
}

inline probe_core::~probe_core() {
  --owner->live;
  if (id >= 0) {
    owner->core.trace.destroyed(id);
  }
}

inline void probe_core::fire(hook_kind hook) const {
  owner->hook(*this, hook);
}

// A stack with its context and the two objects programs borrow, which outlive it.
class real_side {
public:
  real_side()
      : first_(w, -1, lender(0))
      , second_(w, -1, lender(1)) {
    w.lenders = {&first_, &second_};
    stack_.emplace(w);
    w.stack = &*stack_;
    stack_->set_observer([this](const strata::step_info& info) { w.observe(info); });
#ifdef STRATA_NO_EXCEPTIONS
    stack_->set_error_handler([this](const strata::error& e) { w.core.trace.failed(e.code()); });
#endif
  }
  real_side(const real_side&) = delete;
  real_side& operator=(const real_side&) = delete;
  ~real_side() {
    destroy();
  }

  [[nodiscard]] real_stack& stack() {
    return *stack_;
  }
  [[nodiscard]] bool alive() const {
    return stack_.has_value();
  }
  // Probes alive besides the borrowed ones.
  [[nodiscard]] long owned_alive() const {
    return w.live - 2;
  }

  void destroy() {
    if (stack_) {
      w.core.arms.disarm_throws();
      w.core.trace.teardown();
      stack_.reset();
      w.stack = nullptr;
    }
  }

  world w;

private:
  full_probe first_;
  full_probe second_;
  std::optional<real_stack> stack_;
};

} // namespace strata_model
