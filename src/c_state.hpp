// src/c_state.hpp: how a state made of C callbacks lives on a strata::stack. One C++ type serves
// every C state (two: see c_state_always): its hooks call the callbacks of the strata_state it
// was pushed with, each as the callback strata_fail() may fail (c_failure.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <type_traits>
#include <utility>

#include <strata/modality.hpp>
#include <strata/strata.h>

#include "c_failure.hpp"

namespace strata::capi {

class name_pool; // c_memory.hpp

// The context of a C stack: what each callback is handed besides its state's data, and where
// strata_fail() records a failure.
struct c_context {
  strata_stack* stack;
  void* env;
  callback_failures* failures;
};

// The event type of a C stack: the caller's pointer, handed to the callbacks as is.
using c_event = const void*;

// Whether `bits` holds no other bits than the three switches and STRATA_MODALITY_SET.
[[nodiscard]] bool valid_modality(unsigned bits);
// 0 reads as STRATA_SCREEN.
[[nodiscard]] strata::modality to_modality(unsigned bits);
[[nodiscard]] unsigned to_bits(strata::modality mode);

// R32: whether a push or strata_set_time_scale() accepts `scale`.
[[nodiscard]] bool valid_time_scale(float scale);

class c_state {
public:
  // Owns item.data from here on: its destroy callback runs with `env` (the stack's) when this
  // state dies. `position` is the item's place in the list its push was given, where the push
  // reports the entry's id.
  c_state(const strata_item& item, std::size_t position, void* env) noexcept;
  c_state(c_state&& other) noexcept;
  c_state(const c_state&) = delete;
  c_state& operator=(const c_state&) = delete;
  c_state& operator=(c_state&&) = delete;
  ~c_state();

  // Gives the state a copy of `name` instead of the name of its strata_state.
  void copy_name(const char* name, name_pool& memory);

  // Each hook calls its callback, if any; a callback that called strata_fail() throws
  // callback_failed once it has returned.
  void enter(c_context& context) { run(kind_->enter, "enter", context); }
  void exit(c_context& context) { run(kind_->exit, "exit", context); }
  void pause(c_context& context) { run(kind_->pause, "pause", context); }
  void resume(c_context& context) { run(kind_->resume, "resume", context); }
  void focus(c_context& context) { run(kind_->focus, "focus", context); }
  void unfocus(c_context& context) { run(kind_->unfocus, "unfocus", context); }
  void update(c_context& context, double dt) { run(kind_->active, "active", context, dt); }
  void update_covered(c_context& context, double dt) {
    run(kind_->inactive, "inactive", context, dt);
  }
  void draw(c_context& context) { run(kind_->draw, "draw", context); }
  bool handle(c_context& context, c_event event) {
    return run(kind_->event, "event", context, event);
  }

  // Null-terminated, for C.
  [[nodiscard]] const char* c_name() const;
  [[nodiscard]] std::string_view name() const { return c_name(); }
  [[nodiscard]] strata::modality modality() const { return mode_; }
  [[nodiscard]] const strata_state* kind() const { return kind_; }
  [[nodiscard]] void* data() const { return data_; }

  // Until the push that made this state has read the id of its entry and given the entry the
  // time scale its item asked for (the core sets both only once the entry is staged).
  [[nodiscard]] bool unclaimed() const { return position_ != claimed; }
  // Marks it claimed and returns its position in its push's items.
  std::size_t claim() { return std::exchange(position_, claimed); }
  [[nodiscard]] float asked_time_scale() const { return time_scale_; }

protected:
  // Runs `callback`, if set, as the one strata_fail() may fail. Returns whether an event
  // callback consumed its event (false for the others).
  template <class Callback, class... Args>
  bool run(Callback callback, const char* hook_name, c_context& context, Args... args) {
    if (callback == nullptr) {
      return false;
    }
    const callback_failures::running failable(*context.failures);
    bool consumed = false;
    if constexpr (std::is_void_v<decltype(callback(context.stack, context.env, data_, args...))>) {
      callback(context.stack, context.env, data_, args...);
    } else {
      consumed = callback(context.stack, context.env, data_, args...) != 0;
    }
    failable.finish(name(), hook_name);
    return consumed;
  }

private:
  static constexpr std::size_t claimed = SIZE_MAX;

  void release_name() noexcept;

  const strata_state* kind_; // null once moved from: the data went with it
  void* data_;
  void* env_; // the stack's, for the destroy callback (which gets no context)
  strata::modality mode_;
  char* name_ = nullptr;
  name_pool* name_memory_ = nullptr;
  float time_scale_;     // what the item asked for, 1 by default
  std::size_t position_; // see unclaimed()
};

// A C state whose strata_state has an `always` callback (R30). A type of its own, so that the
// update pass of a stack whose states have none takes the core's path for stacks without
// update_always, and costs nothing more per frame; which type a state gets is decided at its
// push.
class c_state_always final : public c_state {
public:
  using c_state::c_state;
  void update_always(c_context& context, double dt) { run(kind()->always, "always", context, dt); }
};

} // namespace strata::capi
