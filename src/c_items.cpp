// src/c_items.cpp: a push's items before and after the core stages them (c_items.hpp).
#include "c_items.hpp"

#include <algorithm>
#include <cstdint>

#include <strata/detail/scope_guard.hpp>

#include "c_state.hpp"

namespace strata::capi {

problem check_items(const strata_item* items, std::size_t count) {
  if (items == nullptr) {
    return {STRATA_E_BAD_ARGUMENT, " with a null item"};
  }
  if (count > STRATA_PUSH_SEVERAL_MAX) {
    return {STRATA_E_BAD_ARGUMENT, " with more items than STRATA_PUSH_SEVERAL_MAX"};
  }
  for (std::size_t i = 0; i < count; ++i) {
    const strata_item& item = items[i];
    if (item.state == nullptr) {
      return {STRATA_E_NULL_STATE, " with a null strata_state"};
    }
    if (!valid_modality(item.modality) || !valid_modality(item.state->modality)) {
      return {STRATA_E_BAD_ARGUMENT, " with an invalid modality"};
    }
    if (!valid_transition_bits(item.transition) || !valid_transition_bits(item.state->transition)) {
      return {STRATA_E_BAD_ARGUMENT, " with invalid transition bits"};
    }
    if (!valid_time_scale(item.time_scale) || !valid_time_scale(item.state->time_scale)) {
      return {STRATA_E_BAD_TIME_SCALE,
              " with a time scale that is negative, infinite or not a number"};
    }
    if (!valid_durations(item.arrive, item.leave) ||
        !valid_durations(item.state->arrive, item.state->leave)) {
      return {STRATA_E_BAD_TRANSITION,
              " with a transition that lasts a negative, infinite or not-a-number time"};
    }
  }
  return {STRATA_OK, {}};
}

void release_data(const strata_item* items, std::size_t count, void* env) {
  for (std::size_t i = 0; i < count; ++i) {
    if (items[i].state != nullptr && items[i].state->destroy != nullptr) {
      items[i].state->destroy(env, items[i].data);
    }
  }
}

void claim(strata_stack& stack, std::size_t first, strata::entry_id newer_than,
           const strata_item* items, push_ids& ids) noexcept {
  for (std::size_t depth = first; depth < stack.core().staged().size(); ++depth) {
    const auto entry = stack.core().staged()[depth];
    c_state& state = state_of(entry);
    // An entry staged before this push (the top a refused replace left, which an outer push
    // may not have claimed yet) is not this push's, whatever its state says.
    if (!state.unclaimed() ||
        static_cast<std::uint64_t>(entry.id()) <= static_cast<std::uint64_t>(newer_than)) {
      continue;
    }
    const std::size_t position = state.claim();
    const strata::entry_id id = entry.id();
    ids[position] = to_id(id);
    if (const float scale = time_scale_asked_by(items[position]); scale != 1.0F) {
      staged_handle(stack.core(), depth, id).time_scale(scale);
    }
  }
}

void give_transitions(strata_stack& stack, std::size_t first, const strata_item* items,
                      const push_ids& ids) {
  core_stack& core = stack.core();
  // The position of the staged entry `id` among the push's items (a staged entry always has an
  // id, the unused places none); ids.size() if it is not the push's.
  const auto position_of = [&](strata::entry_id id) {
    return static_cast<std::size_t>(std::find(ids.begin(), ids.end(), to_id(id)) - ids.begin());
  };
  const auto ours = [&](strata::entry_id id) { return position_of(id) < ids.size(); };
  // No commit runs inside a request, so none of these entries has entered: each pop drops one.
  strata::detail::on_unwind take_back{[&] {
    while (!core.staged().empty() && ours(core.staged()[core.staged().size() - 1].id())) {
      core.pop();
    }
  }};
  for (std::size_t depth = first; depth < core.staged().size(); ++depth) {
    const strata::entry_id id = core.staged()[depth].id();
    const std::size_t position = position_of(id);
    if (position == ids.size()) {
      continue;
    }
    // Without durations nothing moves, and input_passes means nothing: the core's default, so
    // no extras are made for it.
    if (const strata::transition asked = transition_asked_by(items[position]); asked.animated()) {
      staged_handle(core, depth, id).transition(asked);
    }
  }
  take_back.dismiss();
}

} // namespace strata::capi
