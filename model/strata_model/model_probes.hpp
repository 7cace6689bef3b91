// model/strata_model/model_probes.hpp: the state types of the model test's real side, told apart by
// the hooks they have (model_program.hpp lists them). Each records its hooks, the dt its update
// hooks receive and the presence its draw reads (R33), into the trace through the world that made
// it (model_real.hpp), which also runs the requests armed for them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

#include <strata/stack.hpp>
#include <strata/state.hpp>
#include <strata/transition.hpp>

#include "model_program.hpp"

namespace strata_model {
struct input {};
class world;
using real_stack = strata::stack<world, input>;

// What a probe's hook throws when a program arms it to.
struct injected_failure {};

// The state whose hook runs, for a request that closes it by its own id (R31): found with
// stack::id_of() of the object as the type it was pushed as, or the observer's step_info::id.
struct self_ref {
  const void* object = nullptr;
  strata::entry_id (*find)(const real_stack&, const void*) = nullptr;
  strata::entry_id id = strata::entry_id::none;

  [[nodiscard]] strata::entry_id resolve(const real_stack& stack) const {
    return find != nullptr ? find(stack, object) : id;
  }
};

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
  bool lent = false; // one of the two long-lived objects programs borrow

private:
  std::string label_storage_;

protected:
  // `self` is the state as the type it was pushed as; `dt` what an update hook received, `seen`
  // what a draw that reads its presence received.
  template <class Self>
  void fire(const Self& self, hook_kind hook, double dt = 0,
            const strata::presence* seen = nullptr) const;
  // The name lives in the state, as a game's often does, so that the stack must not read it
  // after the state is gone (issue 10 item 5); the destructor scribbles over it to make such a
  // read show.
  [[nodiscard]] std::string_view label_text() const { return label_storage_; }
  [[nodiscard]] strata::modality declared_modality() const { return modalities[declared]; }
};

// Every hook but update_always; some take the context and some do not (R17).
struct full_probe : probe_core {
  using probe_core::probe_core;
  void enter(world& /*context*/) { fire(*this, hook_kind::enter); }
  void exit() { fire(*this, hook_kind::exit); }
  void pause(world& /*context*/) { fire(*this, hook_kind::pause); }
  void resume() { fire(*this, hook_kind::resume); }
  void focus(world& /*context*/) { fire(*this, hook_kind::focus); }
  void unfocus() { fire(*this, hook_kind::unfocus); }
  void update(world& /*context*/, double dt) { fire(*this, hook_kind::update, dt); }
  void update_covered(double dt) { fire(*this, hook_kind::update_covered, dt); }
  void draw(world& /*context*/) { fire(*this, hook_kind::draw); }
  bool handle(const input& /*event*/) {
    fire(*this, hook_kind::handle);
    return consumes;
  }
  [[nodiscard]] std::string_view name() const { return label_text(); }
  [[nodiscard]] strata::modality modality() const { return declared_modality(); }
};

// Lifecycle hooks only, so that the passes skip it while its modality still counts.
struct lifecycle_probe : probe_core {
  using probe_core::probe_core;
  void enter() { fire(*this, hook_kind::enter); }
  void exit(world& /*context*/) { fire(*this, hook_kind::exit); }
  void pause() { fire(*this, hook_kind::pause); }
  void resume(world& /*context*/) { fire(*this, hook_kind::resume); }
  [[nodiscard]] std::string_view name() const { return label_text(); }
  [[nodiscard]] strata::modality modality() const { return declared_modality(); }
};

// R18: through the optional virtual base.
struct virtual_probe : strata::state<world, input>, probe_core {
  virtual_probe(world& w, int id, const item& what)
      : probe_core(w, id, what) {}
  void enter(world& /*context*/) override { fire(*this, hook_kind::enter); }
  void exit(world& /*context*/) override { fire(*this, hook_kind::exit); }
  void pause(world& /*context*/) override { fire(*this, hook_kind::pause); }
  void resume(world& /*context*/) override { fire(*this, hook_kind::resume); }
  void focus(world& /*context*/) override { fire(*this, hook_kind::focus); }
  void unfocus(world& /*context*/) override { fire(*this, hook_kind::unfocus); }
  void update(world& /*context*/, double dt) override { fire(*this, hook_kind::update, dt); }
  void update_covered(world& /*context*/, double dt) override {
    fire(*this, hook_kind::update_covered, dt);
  }
  void update_always(world& /*context*/, double dt) override {
    fire(*this, hook_kind::update_always, dt);
  }
  void draw(world& /*context*/) override { fire(*this, hook_kind::draw); }
  bool handle(world& /*context*/, const input& /*event*/) override {
    fire(*this, hook_kind::handle);
    return consumes;
  }
  [[nodiscard]] std::string_view name() const override { return label_text(); }
  [[nodiscard]] strata::modality modality() const override { return declared_modality(); }
};

// No hook, no name (strata derives "bare_probe"), the default modality.
struct bare_probe : probe_core {
  using probe_core::probe_core;
};

// R30: updates whatever covers it; R29: focus without unfocus.
struct background_probe : probe_core {
  using probe_core::probe_core;
  void enter() { fire(*this, hook_kind::enter); }
  void exit() { fire(*this, hook_kind::exit); }
  void pause(world& /*context*/) { fire(*this, hook_kind::pause); }
  void resume() { fire(*this, hook_kind::resume); }
  void focus() { fire(*this, hook_kind::focus); }
  void update(world& /*context*/, double dt) { fire(*this, hook_kind::update, dt); }
  void update_always(double dt) { fire(*this, hook_kind::update_always, dt); }
  [[nodiscard]] std::string_view name() const { return label_text(); }
  [[nodiscard]] strata::modality modality() const { return declared_modality(); }
};

// R32: full_probe's hooks, and the time scale time_scales[S] declared by the type.
template <std::uint8_t S>
struct scaled_probe : full_probe {
  using full_probe::full_probe;
  static constexpr float time_scale = time_scales[S];
};

// R33: full_probe's hooks, a draw that reads its presence, and the transition transitions[T]
// declared by the type.
template <std::uint8_t T>
struct moving_probe : full_probe {
  using full_probe::full_probe;
  static constexpr strata::transition transition = transitions[T];
  void draw(world& /*context*/, const strata::presence& seen) {
    fire(*this, hook_kind::draw, 0, &seen);
  }
};

// Calls `visit(type_tag<T>{})` for the state types of the harness, the most common first, until
// one call returns true.
template <class T>
struct type_tag {
  using type = T;
};
template <class Visit>
bool any_probe_type(Visit visit) {
  return visit(type_tag<full_probe>{}) || visit(type_tag<virtual_probe>{}) ||
         visit(type_tag<lifecycle_probe>{}) || visit(type_tag<bare_probe>{}) ||
         visit(type_tag<background_probe>{}) || [&]<std::size_t... I>(std::index_sequence<I...>) {
    return (visit(type_tag<scaled_probe<declared_scales[I]>>{}) || ...);
  }
  (std::make_index_sequence<declared_scales.size()>{}) || [&]<std::uint8_t... T>(
                                                              std::integer_sequence<std::uint8_t,
                                                                                    T...>) {
    return (visit(type_tag<moving_probe<T>>{}) || ...);
  }
  (std::make_integer_sequence<std::uint8_t, declared_transitions>{});
}

} // namespace strata_model
