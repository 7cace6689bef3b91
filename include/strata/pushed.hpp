// strata/pushed.hpp: what push() returns, to finish describing the entry just staged: its
// name, its modality, and a typed callback that receives the state when it leaves the stack.
//
//   states.push<boss_dialog>("Join me?")
//       .modality(strata::modality::freeze)
//       .on_exit([this](boss_dialog& d) { joined = d.accepted(); });
#pragma once

#include <concepts>
#include <cstddef>
#include <string_view>
#include <utility>

#include "modality.hpp"

namespace strata {

// Each call is only usable on the temporary push() returns, so the handle cannot be kept
// beyond the expression that pushed (the slot it holds is valid only until the next request).
template <class Stack, class T>
class pushed {
public:
  // An inert handle, returned when the push failed in a build without exceptions.
  pushed() = default;
  pushed(Stack* owner, typename Stack::staged_slot slot)
      : owner_(owner)
      , slot_(slot) {}

  // The name the stack shows for this entry instead of the one its type declares (copied).
  pushed&& name(std::string_view name) && {
    if (auto* target = entry()) {
      owner_->rename(*target, name);
    }
    return std::move(*this);
  }

  // What this entry lets through to the states below, instead of its type's declaration. The
  // entry has not entered yet (nothing can commit between a push and its handle, not even an
  // observer), so the passes' call lists, built at enter, need no update.
  pushed&& modality(strata::modality mode) && {
    if (auto* target = entry()) {
      target->mode = mode;
    }
    return std::move(*this);
  }

  // Runs right after the state's exit hook, before it is destroyed, with the state itself:
  // f(T&) or f(Context&, T&). A state that never entered (dropped before a commit reached it,
  // or whose enter threw) never runs it. A second call replaces the first.
  template <class F>
  requires std::invocable<F&, T&> || std::invocable<F&, typename Stack::context_type&, T&> pushed &&
      on_exit(F&& callback) && {
    if (auto* target = entry()) {
      owner_->template attach_on_exit<T>(*target, std::forward<F>(callback));
    }
    return std::move(*this);
  }

private:
  // The staged entry, unless the push failed or an observer's request changed the staged stack.
  auto* entry() const {
    return owner_ != nullptr && owner_->still_staged(slot_) ? &owner_->staged_[slot_.index]
                                                            : nullptr;
  }

  Stack* owner_ = nullptr;
  typename Stack::staged_slot slot_{};
};

} // namespace strata
