// tests/support/model_probes.hpp: the state types of the model test's real side, told apart by
// the hooks they have. Each records its hooks into the trace through the world that made it
// (tests/support/model_real.hpp), which also runs the requests armed for them.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include <strata/stack.hpp>
#include <strata/state.hpp>

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
  bool lent = false; // one of the two long-lived objects programs borrow

private:
  std::string label_storage_;

protected:
  void fire(hook_kind hook) const;
  // The name lives in the state, as a game's often does, so that the stack must not read it
  // after the state is gone (issue 10 item 5); the destructor scribbles over it to make such a
  // read show.
  [[nodiscard]] std::string_view label_text() const { return label_storage_; }
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

} // namespace strata_model
