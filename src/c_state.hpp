// src/c_state.hpp: how a state made of C callbacks lives on a strata::stack. One C++ type serves
// every C state (four: see c_state_with): its hooks call the callbacks of the strata_state it
// was pushed with, each as the callback strata_fail() may fail (c_failure.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <type_traits>
#include <utility>

#include <strata/modality.hpp>
#include <strata/strata.h>
#include <strata/transition.hpp>

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
// R32: the time scale an item asks for: 0 means the default, as for modality: the item's own,
// else its state's, else 1.
[[nodiscard]] float time_scale_asked_by(const strata_item& item);

// R33: whether `bits` holds no other bits than STRATA_INPUT_PASSES and STRATA_TRANSITION_SET.
[[nodiscard]] bool valid_transition_bits(unsigned bits);
// R33: whether a push accepts these durations: finite, 0 or more.
[[nodiscard]] bool valid_durations(float arrive, float leave);
// R33: the transition an item asks for: its own with STRATA_TRANSITION_SET, else its state's.
[[nodiscard]] strata::transition transition_asked_by(const strata_item& item);
// R33: what a draw_seen callback and strata_presence_of() read.
[[nodiscard]] strata_presence to_presence(const strata::presence& seen);

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
  // The stack's env, which its callbacks get.
  [[nodiscard]] void* env() const { return env_; }

  // Until the push that made this state has read the id of its entry and given the entry the
  // time scale and the transition its item asks for (the core sets all three only once the
  // entry is staged: c_items.hpp).
  [[nodiscard]] bool unclaimed() const { return position_ != claimed; }
  // Marks it claimed and returns its position in its push's items.
  std::size_t claim() { return std::exchange(position_, claimed); }

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
  std::size_t position_; // see unclaimed()
};

// A C state whose strata_state has an `always` callback (R30), or a `draw_seen` one (R33), or
// both. Types of their own, so that the update pass of a stack whose states have no `always`
// takes the core's path for stacks without update_always, and the draw pass of a stack whose
// states have no `draw_seen` the core's path for draws that read no presence: a stack without
// them costs nothing more per frame. Which type a state gets is decided at its push.
template <bool Always, bool Seen>
class c_state_with final : public c_state {
public:
  using c_state::c_state;
  using c_state::draw;
  void update_always(c_context& context, double dt) requires Always {
    run(kind()->always, "always", context, dt);
  }
  // A batch with one state that has draw_seen is made of this type whole (push_batch in
  // c_api_requests.cpp): its other states are drawn with their `draw`.
  void draw(c_context& context, const strata::presence& seen) requires Seen {
    if (kind()->draw_seen == nullptr) {
      draw(context);
      return;
    }
    const strata_presence presence = to_presence(seen);
    run(kind()->draw_seen, "draw_seen", context, &presence);
  }
};
using c_state_always = c_state_with<true, false>;

// Calls body.template operator()<State>() with the type of a C state that has an `always`
// callback or not, and a `draw_seen` one or not: the one place that maps them to types.
template <class Body>
void as_state_type(bool always, bool seen, Body&& body) {
  if (always && seen) {
    body.template operator()<c_state_with<true, true>>();
  } else if (always) {
    body.template operator()<c_state_with<true, false>>();
  } else if (seen) {
    body.template operator()<c_state_with<false, true>>();
  } else {
    body.template operator()<c_state>();
  }
}

} // namespace strata::capi
