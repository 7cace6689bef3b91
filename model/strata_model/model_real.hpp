// model/strata_model/model_real.hpp: the real side of the model test: a strata::stack<world, input>
// (the world of model_real_world.hpp, which stages states as model/src/model_real_push.cpp says)
// with its context and the two objects programs borrow. Its construction and teardown are in
// model/src/model_real_world.cpp.
#pragma once

#include <optional>
#include <string>

#include <strata/stack.hpp>

#include "model_probes.hpp"
#include "model_program.hpp"
#include "model_real_world.hpp"

namespace strata_model {

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

template <class Self>
void probe_core::fire(const Self& self, hook_kind hook, double dt,
                      const strata::presence* seen) const {
  const self_ref me{&self, [](const real_stack& s, const void* object) {
                      return s.id_of(*static_cast<const Self*>(object));
                    }};
  owner->hook(*this, hook, dt, me, seen);
}

// A stack with its context and the two objects programs borrow, which outlive it.
class real_side {
public:
  // `memory` is where the stack gets its memory (a resource that fails on purpose: issue 10,
  // item 7).
  explicit real_side(strata::memory memory = {});
  real_side(const real_side&) = delete;
  real_side& operator=(const real_side&) = delete;
  ~real_side();

  [[nodiscard]] real_stack& stack() { return *stack_; }
  [[nodiscard]] bool alive() const { return stack_.has_value(); }
  // Probes alive besides the borrowed ones.
  [[nodiscard]] long owned_alive() const { return w.live - 2; }

  // Destroys the stack (its teardown recorded, with no armed throw left), if not done yet.
  void destroy();

  world w;

private:
  full_probe first_;
  full_probe second_;
  std::optional<real_stack> stack_;
};

} // namespace strata_model
