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

#include "entry_id.hpp"
#include "modality.hpp"
#include "to_below.hpp"
#include "transition.hpp"

namespace strata {

// Each call is usable on an rvalue only: chained on the temporary push() returns, as meant, or
// on a handle kept and moved from. A kept handle stays safe: it acts only while its entry is
// staged (a later request that unstages it makes the handle do nothing), and on an entry that
// has entered since, .modality() is followed by the passes (R16).
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
    if (usable("name()")) {
      owner_->rename(slot_, name);
    }
    return std::move(*this);
  }

  // What this entry lets through to the states below, instead of its type's declaration. On a
  // handle kept past the commit that entered the state, the passes follow from the next pass.
  pushed&& modality(strata::modality mode) && {
    if (usable("modality()")) {
      owner_->change_modality(slot_, mode);
    }
    return std::move(*this);
  }

  // R32: the factor on the dt that the covered updates below this entry receive, instead of its
  // type's declaration: 1 changes nothing, 0 stops them like modality::update_below = false.
  // Followed by the passes on an entered state too, like .modality().
  pushed&& time_scale(float scale) && {
    if (usable("time_scale()")) {
      owner_->change_time_scale(slot_, scale);
    }
    return std::move(*this);
  }

  // R33: how long this entry takes to arrive and to leave, and whether events pass it meanwhile,
  // instead of its type's declaration. A duration that is negative, infinite or not a number
  // fails with errc::bad_transition and changes nothing.
  pushed&& transition(const strata::transition& t) && {
    if (usable("transition()")) {
      owner_->change_transition(slot_, t);
    }
    return std::move(*this);
  }

  // R31: the identity of the entry this push staged (entry_id::none if it failed); it stays
  // the entry's for its whole life, e.g. for close(id) later.
  [[nodiscard]] entry_id id() const { return slot_.id; }

  // Runs right after the state's exit hook, before it is destroyed, with the state itself:
  // f(T&) or f(Context&, T&). A state that never entered (dropped before a commit reached it,
  // or whose enter threw) never runs it. A second call replaces the first.
  template <class F>
  requires std::invocable<F&, T&> || std::invocable<F&, typename Stack::context_type&, T&> pushed &&
      on_exit(F&& callback) && {
    if (usable("on_exit()")) {
      owner_->template attach_on_exit<T>(slot_, std::forward<F>(callback));
    }
    return std::move(*this);
  }
  // A result that save() can keep (to_below.hpp): Member of the state staged directly below
  // this one, which must be of Member's class (errc::bad_binding otherwise), runs right after
  // this state's exit, with it.
  template <auto Member>
  pushed&& on_exit(to_below_t<Member> /*member*/) && {
    if (usable("on_exit()")) {
      owner_->template attach_to_below<T, Member>(slot_);
    }
    return std::move(*this);
  }

private:
  // Whether the call `what` acts: on an entry still staged (not if the push failed, or a request,
  // an observer's, unstaged it since), and not from inside the probe, which is refused (R36).
  [[nodiscard]] bool usable(const char* what) {
    return owner_ != nullptr && owner_->handle_acts(slot_, what);
  }

  Stack* owner_ = nullptr;
  typename Stack::staged_slot slot_{};
};

} // namespace strata
