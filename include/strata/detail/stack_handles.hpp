// strata/detail/stack_handles.hpp: what a pushed handle finishes describing after its push:
// a name, a modality, a time scale, an on_exit callback (R1, R16, R19, R32). Each acts on the
// entry the handle's slot still holds.
#pragma once

#include <cstddef>
#include <new>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "stack_requests.hpp"

namespace strata::detail {

template <class Context, class Event>
class stack_handles : protected stack_requests<Context, Event> {
  using requests = stack_requests<Context, Event>;

protected:
  using requests::as_request_code;
  using requests::entries_;
  using requests::fail;
  using requests::passes_;
  using requests::pool_;
  using requests::requests;
  using requests::still_staged;
  using requests::tell_unstaged;
  using typename requests::entry;

  // Whether the handle's call `what` ("name()") acts: on an entry still staged, and not from
  // inside the probe (R36), which watches, as its requests are refused: a change told to a probe
  // that changes the entry again from there would be told again, without end.
  [[nodiscard]] bool handle_acts(staged_slot& slot, const char* what) {
    if (this->guard_.request_code == running_guard::probe_code) [[unlikely]] {
      handle_in_probe(what);
      return false;
    }
    return still_staged(slot);
  }
  [[gnu::cold, gnu::noinline]] void handle_in_probe(const char* what) {
    fail(errc::reentrant_call, this->guard_.inside_request_message(what));
  }

  // A handle's .name() and .on_exit() finish the push they come from (R1): when one of them
  // fails (out of memory, or a callback whose move throws), the push is taken back whole, the
  // observer told of a pop and a discard, as long as its entry is still the staged top and has
  // not entered; otherwise (the observer pushed above it, or the handle was kept past a commit)
  // only that call fails.
  template <class Change>
  void finish_push(staged_slot slot, const char* what, Change&& change) {
    const marked<const char*> request{this->guard_.current_request, what};
    on_unwind take_back{[&] {
      if (still_staged(slot) && slot.index == entries_.staged().size() - 1 &&
          slot.index >= entries_.committed_prefix()) {
        tell_unstaged(entries_.pop_unentered_top(), slot.index, false);
      }
    }};
    std::forward<Change>(change)(entries_.staged()[slot.index]);
    take_back.dismiss();
  }

  void rename(staged_slot slot, std::string_view name) {
    finish_push(slot, "name()", [&](entry& e) {
      give_name(pool_, e, name);
      if (this->observed()) {
        this->probe_changed(e, slot.index); // R36
      }
    });
  }

  // R16: an entry that has entered (its handle kept past a commit) changes what the passes see
  // from the next pass on.
  void change_modality(staged_slot slot, strata::modality mode) {
    entry& e = entries_.staged()[slot.index];
    const bool was_extra = passes_.uses_extras(e);
    e.set_mode(mode);
    passes_changed(slot.index, was_extra);
  }

  // R32: like change_modality(); a scale of 0 stops the updates below, as update_below does.
  void change_time_scale(staged_slot slot, float scale) {
    if (!valid_time_scale(scale)) [[unlikely]] {
      fail(errc::bad_time_scale, join({"strata: time_scale(", std::to_string(scale), ") on '",
                                       entries_.staged()[slot.index].name(),
                                       "': a time scale is a finite number, 0 or more"}));
      return;
    }
    entry& e = entries_.staged()[slot.index];
    const bool was_extra = passes_.uses_extras(e);
    e.set_time_scale(scale);
    passes_changed(slot.index, was_extra);
  }

  // R33: how long this entry takes to arrive and to leave, instead of its type's declaration.
  // On an entry that has entered (a handle kept past the commit), it counts from its next
  // arrival or departure.
  void change_transition(staged_slot slot, const strata::transition& t) {
    if (!valid_transition(t)) [[unlikely]] {
      bad_transition(t, join({" on '", entries_.staged()[slot.index].name(), "'"}));
      return;
    }
    finish_push(slot, "transition()", [&](entry& e) {
      // An entry that has entered (and its enter may be running) keeps counting as arriving if
      // it did: its arrival may still be under way, and only an exit that knows it arrives takes
      // its record out of the motion list (dispose_in_motion(), enter_failed()). Without the bit
      // its exit destroyed it at once and left the record naming a depth past the committed top,
      // which draw() then read.
      const bool may_be_arriving = slot.index < entries_.committed_prefix() && e.arrives();
      give_transition(pool_, e, t, may_be_arriving);
    });
  }

  // pop(), and pop(t) when `leaving` is not null (R33: see depart_with()).
  void pop_top(const strata::transition* leaving) {
    if (!this->admit("pop()")) {
      return;
    }
    if (entries_.staged().empty()) {
      fail(errc::empty_stack, "strata: pop() on an empty stack");
      return;
    }
    const auto make_room = [&] {
      if (entries_.top_entered()) {
        entries_.reserve_retiring(this->settings_.memory, 1);
      }
    };
    if (leaving == nullptr ||
        depart_with(entries_.staged().size() - 1, *leaving, "pop", make_room)) {
      this->unstage_top();
    }
  }

  // R33: pop(t), clear(t): the entered entries staged from `from` up leave over t.leave (and let
  // input pass as t says) instead of by their own transitions. All or nothing: returns false,
  // changing nothing, for a bad t; `make_room()` (R1: what the request's pops will allocate)
  // and the extras of all of them are made before the first changes (out of memory, it throws
  // with nothing changed).
  template <class MakeRoom>
  bool depart_with(std::size_t from, const strata::transition& t, const char* request,
                   MakeRoom make_room) {
    if (!valid_transition(t)) [[unlikely]] {
      bad_transition(t, join({" given to ", request, "()"}));
      return false;
    }
    make_room();
    flat_array<entry>& staged = entries_.staged();
    const std::size_t entered_end = entries_.committed_prefix();
    for (std::size_t i = from; i < entered_end; ++i) {
      extras_of(pool_, staged[i]);
    }
    for (std::size_t i = from; i < entered_end; ++i) {
      entry& e = staged[i];
      // Its arrival, if one is still under way, keeps its record: see change_transition().
      give_transition(pool_, e, {e.transition().arrive, t.leave, t.input_passes}, e.arrives());
    }
    return true;
  }

  [[gnu::cold, gnu::noinline]] void bad_transition(const strata::transition& t,
                                                   const std::string& where) {
    fail(errc::bad_transition,
         join({"strata: transition(", std::to_string(t.arrive), ", ", std::to_string(t.leave), ")",
               where, ": a transition lasts a finite number of seconds, 0 or more"}));
  }

  // The entry at `depth` changed what it lets through to the passes: an entry not entered yet
  // has no layer (its own is made when it enters). The probe hears of it either way (R36).
  void passes_changed(std::size_t depth, bool was_extra) {
    if (depth < entries_.committed_prefix()) {
      passes_.changed_from(depth, was_extra, [this](std::size_t at) -> const entry& {
        return entries_.committed_at(at);
      });
    }
    if (this->observed()) {
      this->probe_changed(entries_.staged()[depth], depth);
    }
  }

  template <class T, class F>
  void attach_on_exit(staged_slot slot, F&& callback) {
    finish_push(slot, "on_exit()", [&](entry& e) {
      using holder = exit_callback_for<Context, T, std::decay_t<F>>;
      install_on_exit<holder>(
          pool_, e,
          [&](void* memory) {
            // The callback's move may run game code: as code of this request (R24).
            return as_request_code([&] {
              return ::new (memory)
                  holder{{&holder::run, &holder::destroy, sizeof(holder), alignof(holder)},
                         std::forward<F>(callback)};
            });
          },
          // R19: the old one goes as code this request runs, so that its captures' destructors
          // cannot move the staged stack under the handle.
          [&](exit_callback<Context>* old) {
            as_request_code([&] { release_callback(pool_, old); });
          });
    });
  }

  // strata::to_below<Member>: the entry's on_exit calls Member of the state staged directly
  // below it, which must be of Member's class.
  template <class T, auto Member>
  void attach_to_below(staged_slot slot) {
    using below_type = typename result_member<decltype(Member)>::below;
    static_assert(std::is_same_v<typename result_member<decltype(Member)>::state, T>,
                  "strata: to_below<&S::f>: f takes the pushed state, f(T&) or f(Context&, T&)");
    const entry* below = slot.index > 0 ? &entries_.staged()[slot.index - 1] : nullptr;
    if (below == nullptr || below->ops != &ops_for<below_type, Context, Event>) [[unlikely]] {
      fail(errc::bad_binding,
           join({"strata: on_exit(to_below<...>) on '", entries_.staged()[slot.index].name(),
                 "': the state below is ", below == nullptr ? "none" : "'",
                 below == nullptr ? "" : below->name(), below == nullptr ? "" : "'", ", not a '",
                 ops_for<below_type, Context, Event>.type_name, "'"}));
      return;
    }
    finish_push(slot, "on_exit()", [&](entry& e) { give_below_callback<Member>(pool_, e); });
  }
};

} // namespace strata::detail
