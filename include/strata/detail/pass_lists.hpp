// strata/detail/pass_lists.hpp: the per-frame passes (update, draw, handle) and what they walk.
// The committed stack only ever changes at its top, so the lists of calls each pass makes are
// stacks too: entering a state appends its calls, removing it truncates them, and a pass finds
// where it starts in O(1) from the top's layer (R16, R28). A missing hook is never walked.
#pragma once

#include <cstddef>
#include <cstdint>

#include "../entry.hpp"
#include "../memory.hpp"
#include "../probe.hpp"
#include "flat_array.hpp"
#include "hooks.hpp"

namespace strata::detail {

template <class Context, class Event>
class pass_lists {
  using entry = detail::entry<Context, Event>;

public:
  // Like the arrays it is made of, it keeps no pointer to the memory it allocates from: the
  // stack hands it to remember(), and calls release() before it goes.
  pass_lists() = default;
  pass_lists(const pass_lists&) = delete;
  pass_lists& operator=(const pass_lists&) = delete;
  ~pass_lists() = default;
  void release(const memory& memory) noexcept {
    covered_calls_.release(memory);
    draw_calls_.release(memory);
    handle_calls_.release(memory);
    layers_.release(memory);
    always_calls_.release(memory);
  }

  // One test for the empty stack, R30/R32's general path and starts not refreshed since the
  // committed stack changed, so that none costs a frame of an unchanged stack anything.
  [[nodiscard]] bool plain_update() const { return update_plain_; }

  // Where each plain pass starts in its call list, and the top's update, are kept here so that a
  // pass reads no layer and no entry: a frame of a stack that did not change touches the call
  // lists and the states alone (bench S1, S5). A commit only marks them stale; the first pass
  // after it refreshes them from the top's layer (`top`: the committed top, null on an empty
  // stack), which a commit of several steps does once.
  [[nodiscard]] bool starts_fresh() const { return starts_fresh_; }
  void refresh_starts(const entry* top) noexcept {
    starts_fresh_ = true;
    update_plain_ = update_extras_ == 0 && top != nullptr;
    if (top == nullptr) {
      top_update_ = {&no_update, nullptr};
      covered_begin_ = covered_end_ = nullptr;
      draws_from_ = handlers_from_ = 0;
      return;
    }
    const layer& top_layer = layers_.back();
    top_update_ = {top->ops->update != nullptr ? top->ops->update : &no_update, top->object};
    // The top's own update_covered call, if any, lies at or above its covered_below. Pointers,
    // not indexes, so that a pass adds nothing to them: the list cannot grow before the next
    // refresh, since only a commit changes it, and a commit makes the starts stale.
    covered_begin_ = covered_calls_.data() + layers_[top_layer.update_floor].covered_below;
    covered_end_ = covered_calls_.data() + top_layer.covered_below;
    draws_from_ = layers_[top_layer.draw_floor].draws_below;
    handlers_from_ = layers_[top_layer.input_floor].handlers_below;
  }
  [[nodiscard]] bool empty() const { return layers_.empty(); }
  // R33: whether draw() and handle() must take the walk of detail/motion_passes.hpp instead: an
  // entry arrives or leaves, or a committed state's draw reads its presence.
  [[nodiscard]] bool plain_draw() const { return draw_extras_ == 0; }
  [[nodiscard]] bool plain_handle() const { return !general_handle_; }

  // R33: entries arrive or leave (or no longer do). The update pass leaves its plain path while
  // they do, so that it moves them on.
  void set_in_motion(bool on) { switch_general(in_motion_, on); }

  // R36: a probe is installed (or no longer is): every pass leaves its plain path, so that the
  // hook calls of the general ones are told to it, and plain stacks pay nothing for the probe.
  void set_probed(bool on) { switch_general(probed_, on); }

  // Bottom to top: `update` on the top state, `update_covered` on each state below it that the
  // states above let updates through to. Only while plain_update().
  void update(Context& context, double dt) const {
    // A pass cannot change the call lists or the starts (hooks only stage requests, and only a
    // pass refreshes the starts, never one inside another): walk local pointers, and read the
    // top's call after the others, so that it is not held across their calls.
    const update_call* call = covered_begin_;
    const update_call* const end = covered_end_;
    for (; call != end; ++call) {
      call->fn(call->object, context, dt);
    }
    top_update_.fn(top_update_.object, context, dt);
  }

  // R30, R32: the update pass of a stack with a background state or a time scale other than 1
  // among its committed states: every update_always bottom to top (with the frame's dt), then
  // the reach walk as in update(), each covered state's dt multiplied by the scales above it.
  // Out of line, so that stacks without them do not carry it. Not on an empty stack.
  // `committed_at(depth)` is read for each call, whose requests may have moved the entries; each
  // call goes through `around(hook, entry, depth, call)` (R36: the probe's, if one is installed).
  template <class CommittedAt, class Around>
  [[gnu::noinline]] void update_with_extras(Context& context, double dt, CommittedAt committed_at,
                                            Around around) {
    // The reach and the factors are taken before any call: a kept handle's .modality() or
    // .time_scale() made during the pass counts from the next one (R16, R32). The factors go top
    // down into the layers' scratch, so that the calls can go bottom up.
    const std::size_t top_depth = layers_.size() - 1;
    const std::size_t floor = layers_[top_depth].update_floor;
    float factor = 1.0F;
    for (std::size_t depth = top_depth; depth-- > floor;) {
      factor *= layers_[depth + 1].time_scale;
      layers_[depth].dt_factor = factor;
    }
    for (std::size_t i = 0; i < always_calls_.size(); ++i) {
      const always_call call = always_calls_[i];
      around(hook::update_always, committed_at(call.depth), call.depth,
             [&] { call.fn(call.object, context, dt); });
    }
    for (std::size_t depth = floor; depth < top_depth; ++depth) {
      const std::uint32_t own = layers_[depth].covered_below;
      if (layers_[depth + 1].covered_below > own) {
        const update_call call = covered_calls_[own];
        const double scaled = dt * static_cast<double>(layers_[depth].dt_factor);
        around(hook::update_covered, committed_at(depth), depth,
               [&] { call.fn(call.object, context, scaled); });
      }
    }
    const entry& top = committed_at(top_depth);
    if (top.ops->update != nullptr) {
      const update_call call{top.ops->update, top.object};
      around(hook::update, top, top_depth, [&] { call.fn(call.object, context, dt); });
    }
  }

  // Bottom to top over the states visible through the ones above. Only with fresh starts.
  void draw(Context& context) const {
    for (std::size_t i = draws_from_; i < draw_calls_.size(); ++i) {
      draw_calls_[i].fn(draw_calls_[i].object, context);
    }
  }

  // Top to bottom until a state consumes the event; returns whether one did. Only with fresh
  // starts.
  bool handle(Context& context, const Event& event) const {
    for (std::size_t i = handle_calls_.size(); i-- > handlers_from_;) {
      if (handle_calls_[i].fn(handle_calls_[i].object, context, event)) {
        return true;
      }
    }
    return false;
  }

  // `e` becomes the committed top. Allocates first, so a failure leaves the lists as they were,
  // though perhaps in new blocks: the starts go stale before any list grows, since the update
  // pass keeps pointers into its list. Inlined into the commit's enter step: g++ 12 stopped doing
  // so on its own once the steps had watched copies (R36), which cost bench S2 1.5%.
  [[gnu::always_inline]] void remember(const memory& memory, const entry& e) {
    const type_ops<Context, Event>& type = *e.ops;
    stale();
    make_room(memory, layers_);
    if (type.update_covered != nullptr) {
      make_room(memory, covered_calls_);
    }
    if (type.draw != nullptr) {
      make_room(memory, draw_calls_);
    }
    if (type.handle != nullptr) {
      make_room(memory, handle_calls_);
    }
    if (uses_extras(e)) [[unlikely]] {
      remember_extras(memory, e); // the last that may fail, and it changes nothing when it does
    }
    layer added{0,
                0,
                0,
                static_cast<std::uint32_t>(covered_calls_.size()),
                static_cast<std::uint32_t>(draw_calls_.size()),
                static_cast<std::uint32_t>(handle_calls_.size()),
                1.0F,
                1.0F};
    set_floors(added, e, layers_.size());
    layers_.append_reserved(added);
    if (type.update_covered != nullptr) {
      covered_calls_.append_reserved({type.update_covered, e.object});
    }
    if (type.draw != nullptr) {
      draw_calls_.append_reserved({type.draw, e.object});
    }
    if (type.handle != nullptr) {
      handle_calls_.append_reserved({type.handle, e.object});
    }
  }

  // `top`, the committed top, is no longer committed.
  void forget(const entry& top) noexcept {
    const layer& top_layer = layers_.back();
    if (update_extras_ != 0) [[unlikely]] {
      forget_extras(top);
    }
    // Each depth added at most one call to each list.
    if (covered_calls_.size() > top_layer.covered_below) {
      covered_calls_.pop_back();
    }
    if (draw_calls_.size() > top_layer.draws_below) {
      draw_calls_.pop_back();
    }
    if (handle_calls_.size() > top_layer.handlers_below) {
      handle_calls_.pop_back();
    }
    layers_.pop_back();
    stale();
  }

  // R16, R32: the committed entry at `depth` changed its modality or time scale (`was_extra`:
  // whether it used R30/R32's general path before); the passes follow from the next one.
  // `committed_at(depth)` reads the committed entries at and above it.
  template <class CommittedAt>
  void changed_from(std::size_t depth, bool was_extra, CommittedAt committed_at) {
    update_extras_ -= was_extra ? 1U : 0U;
    update_extras_ += uses_extras(committed_at(depth)) ? 1U : 0U;
    for (; depth < layers_.size(); ++depth) {
      set_floors(layers_[depth], committed_at(depth), depth);
    }
    stale();
  }

  // R30, R32: whether `e` takes the update pass off its plain path; R33: a draw that reads its
  // presence takes the draw pass off its own, and is counted here to keep it off the hot path.
  [[nodiscard]] static bool uses_extras(const entry& e) {
    return e.ops->needs_general_passes || e.time_scale() != 1.0F;
  }

private:
  // Turns one reason for the general paths (`flag`: in_motion_ or probed_) on or off; each counts
  // once among the update and draw extras, and either one sends handle() the general way.
  void switch_general(bool& flag, bool on) {
    if (on == flag) {
      return;
    }
    flag = on;
    if (on) {
      ++update_extras_;
      ++draw_extras_;
    } else {
      --update_extras_;
      --draw_extras_;
    }
    general_handle_ = in_motion_ || probed_;
    update_plain_ = starts_fresh_ && update_extras_ == 0 && !layers_.empty();
  }
  struct update_call {
    update_fn<Context> fn;
    void* object;
  };
  // The top's update when it has none: a frame calls it rather than testing for it, as a test
  // costs every frame of every stack two instructions and a top without update is rare (S1).
  static void no_update(void* /*object*/, Context& /*context*/, double /*dt*/) {}
  struct draw_call {
    draw_fn<Context> fn;
    void* object;
  };
  struct handle_call {
    handle_fn<Context, Event> fn;
    void* object;
  };
  struct always_call { // R30
    update_fn<Context> fn;
    void* object;
    std::size_t depth; // R36: whose call it is, for the probe
  };

  // What the passes need to know about one committed depth.
  struct layer {
    // The lowest depth each pass reaches while this depth is the top.
    std::uint32_t update_floor;
    std::uint32_t draw_floor;
    std::uint32_t input_floor;
    // The sizes of the call lists before this depth's own calls.
    std::uint32_t covered_below;
    std::uint32_t draws_below;
    std::uint32_t handlers_below;
    float time_scale; // R32: this depth's entry's, kept with the floors it decides
    // R32: scratch of update_with_extras(): the factor on the dt of this depth's covered update.
    float dt_factor;
  };

  // R16: how far down each pass reaches while `depth` is the top, from the layer below it. R32: a
  // time scale of 0 lets no update through.
  void set_floors(layer& at, const entry& e, std::size_t depth) const {
    const strata::modality mode = e.mode();
    const float time_scale = e.time_scale();
    const auto here = static_cast<std::uint32_t>(depth);
    const auto floor = [&](bool lets_through, std::uint32_t layer::*below_floor) {
      return lets_through && depth > 0 ? layers_[depth - 1].*below_floor : here;
    };
    at.update_floor = floor(mode.update_below && time_scale != 0.0F, &layer::update_floor);
    at.draw_floor = floor(mode.draw_below, &layer::draw_floor);
    at.input_floor = floor(mode.input_below, &layer::input_floor);
    at.time_scale = time_scale;
  }

  [[gnu::cold, gnu::noinline]] void remember_extras(const memory& memory, const entry& e) {
    if (e.ops->update_always != nullptr) {
      make_room(memory, always_calls_);
      always_calls_.append_reserved({e.ops->update_always, e.object, layers_.size()});
    }
    ++update_extras_;
    if (e.ops->seen_draw != nullptr) {
      ++draw_extras_;
    }
  }
  // The committed top's always call, if any, is the last one.
  void forget_extras(const entry& e) noexcept {
    if (uses_extras(e)) {
      --update_extras_;
    }
    if (e.ops->seen_draw != nullptr) {
      --draw_extras_;
    }
    if (e.ops->update_always != nullptr) {
      always_calls_.pop_back();
    }
  }

  // The committed stack changed: the plain passes' starts wait for refresh_starts().
  void stale() noexcept {
    starts_fresh_ = false;
    update_plain_ = false;
  }

  // Room for one more, first for four: most games' stacks are a few states deep, and each list
  // is a block of its own in every stack (bench S5 holds 100,000 of them).
  template <class T>
  [[gnu::always_inline]] static void make_room(const memory& memory, flat_array<T>& calls) {
    if (calls.size() == calls.capacity()) [[unlikely]] {
      calls.reserve(memory, calls.empty() ? 4 : 2 * calls.capacity());
    }
  }

  // The plain passes' starts (refresh_starts()), first: with update_plain_ and the call lists'
  // pointers, all a frame of an unchanged stack reads of this object.
  update_call top_update_{&no_update, nullptr}; // no_update for a top without update
  const update_call* covered_begin_ = nullptr;
  const update_call* covered_end_ = nullptr;
  std::uint32_t draws_from_ = 0;
  std::uint32_t handlers_from_ = 0;
  bool starts_fresh_ = false; // the starts above follow the committed top
  // starts_fresh_ && update_extras_ == 0 && !layers_.empty(), kept so that a frame tests one
  // flag; each place that sets it writes what it knows of the three (one helper computing all
  // three cost bench S2F 6 instructions).
  bool update_plain_ = false;
  bool in_motion_ = false;      // R33: counted once in update_extras_ and draw_extras_
  bool probed_ = false;         // R36: likewise
  bool general_handle_ = false; // in motion or probed: handle() takes its general path
  flat_array<update_call> covered_calls_;
  flat_array<draw_call> draw_calls_;
  flat_array<handle_call> handle_calls_;
  flat_array<layer> layers_;             // one per committed depth
  flat_array<always_call> always_calls_; // R30
  // Counts of committed states, 32 bits as the lists' own counts are (8 bytes of sizeof(stack)).
  // R30, R32: committed states with update_always or a time scale other than 1.
  std::uint32_t update_extras_ = 0;
  // R33: committed states whose draw reads its presence, plus one while entries are in motion.
  std::uint32_t draw_extras_ = 0;
};

} // namespace strata::detail
