// strata/state.hpp: an optional virtual base class for those who prefer inheritance. Plain
// classes need no base; with this one every hook is a virtual call, even when not overridden.
#pragma once

#include <string_view>

#include "modality.hpp"
#include "placeholders.hpp"

namespace strata {

template <class Context = no_context, class Event = no_event>
class state {
public:
  state() = default;
  state(const state&) = default;
  state(state&&) noexcept = default;
  state& operator=(const state&) = default;
  state& operator=(state&&) noexcept = default;
  virtual ~state() = default;

  virtual void enter(Context& /*context*/) {}
  virtual void exit(Context& /*context*/) {}
  virtual void pause(Context& /*context*/) {}
  virtual void resume(Context& /*context*/) {}
  virtual void focus(Context& /*context*/) {}
  virtual void unfocus(Context& /*context*/) {}
  virtual void update(Context& /*context*/, double /*dt*/) {}
  virtual void update_covered(Context& /*context*/, double /*dt*/) {}
  // Every update, whatever covers the state (R30); with this base, every state has it.
  virtual void update_always(Context& /*context*/, double /*dt*/) {}
  virtual void draw(Context& /*context*/) {}
  // Returns whether the event was consumed.
  virtual bool handle(Context& /*context*/, const Event& /*event*/) { return false; }

  // Shown by describe() and the observer; read whenever the name is needed.
  [[nodiscard]] virtual std::string_view name() const { return "state"; }
  // Read once, when the state is pushed.
  [[nodiscard]] virtual strata::modality modality() const { return modality::screen; }
};

} // namespace strata
