// tests/support/model_real.hpp: the real side of the model test: the harness that plays requests
// on a strata::stack<world, input> with every ownership and push_first_on_top combination, and
// runs what programs arm in hooks (tests/support/model_probes.hpp), the observer, destructors
// and on_exit callbacks.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <memory_resource>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

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

  void hook(const probe_core& state, hook_kind kind) {
    core.trace.hook(kind, state.id);
    if (core.arms.tearing_down()) {
      core.trace.queried(stack->pending(), stack->leaving()); // Issue 10 item 10
    }
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
    bool replace_observer = false;
    if (core.arms.take_observer_request(info.step, name, armed, replace_observer)) {
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
  void install_error_handler() {
    stack->set_error_handler([this, tag = std::string(40, 'e')](const strata::error& e) {
      core.trace.failed(e.code());
      install_error_handler();
      check_tag(tag, 'e');
    });
  }
#endif

  // The destructor of a state (of the stack's, or of the harness's) whose own name() is `label`.
  void destroying(std::uint8_t label) {
    request armed;
    if (stack != nullptr && core.arms.take_destructor_request(label, armed)) {
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

  static void check_tag(const std::string& tag, char fill) {
    if (tag != std::string(40, fill)) {
      std::fputs("model test: a callback's capture was destroyed while it ran\n", stderr);
      std::abort();
    }
  }

  // The capture of an on_exit_replaced item's first callback: pushes 'audio' when destroyed,
  // unless moved from.
  class pushes_audio_when_destroyed {
  public:
    explicit pushes_audio_when_destroyed(world& w)
        : owner_(&w) {}
    pushes_audio_when_destroyed(pushes_audio_when_destroyed&& other) noexcept
        : owner_(std::exchange(other.owner_, nullptr)) {}
    pushes_audio_when_destroyed(const pushes_audio_when_destroyed&) = delete;
    pushes_audio_when_destroyed& operator=(const pushes_audio_when_destroyed&) = delete;
    pushes_audio_when_destroyed& operator=(pushes_audio_when_destroyed&&) = delete;
    ~pushes_audio_when_destroyed() {
      if (owner_ != nullptr) {
        owner_->perform(audio_push(), false);
      }
    }

  private:
    world* owner_;
  };

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
      return stack->staged().top()->get<full_probe>() == lenders[slot] ? slot_use::staged_top
                                                                       : slot_use::staged;
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
    switch (what.on_exit) {
    case on_exit_plain:
      std::move(handle).on_exit([this](T& s) { core.trace.on_exit(s.id); });
      break;
    case on_exit_context:
      std::move(handle).on_exit([](world& w, T& s) { w.core.trace.on_exit(s.id); });
      break;
    case on_exit_throws:
      std::move(handle).on_exit([this](T& s) {
        core.trace.on_exit(s.id);
#ifndef STRATA_NO_EXCEPTIONS
        if (!core.arms.tearing_down()) { // never from the noexcept destructor
          throw injected_failure{};
        }
#endif
      });
      break;
    case on_exit_replaced:
      std::move(handle)
          .on_exit([capture = pushes_audio_when_destroyed(*this)](T&) { (void)capture; })
          .on_exit([this](T& s) { core.trace.on_exit(s.id); });
      break;
    default: break;
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
    , consumes(what.consumes)
    , label_storage_(state_names[what.name]) {
  ++owner->live;
}

inline probe_core::probe_core(probe_core&& other) noexcept
    : owner(other.owner)
    , id(other.id)
    , label(other.label)
    , declared(other.declared)
    , consumes(other.consumes)
    , label_storage_(other.label_storage_) {
  other.id = -1;
  ++owner->live;
}

inline probe_core::~probe_core() {
  label_storage_.assign(label_storage_.size(), '#');
  --owner->live;
  if (id >= 0) {
    owner->core.trace.destroyed(id);
    if (!lent) {
      owner->destroying(label);
    }
  }
}

inline void probe_core::fire(hook_kind hook) const {
  owner->hook(*this, hook);
}

// A stack with its context and the two objects programs borrow, which outlive it.
class real_side {
public:
  // `memory` is where the stack gets its memory (a resource that fails on purpose: issue 10,
  // item 7).
  explicit real_side(std::pmr::memory_resource* memory = std::pmr::get_default_resource())
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
