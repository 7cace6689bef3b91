// strata/detail/attachments.hpp: what a push may attach to its entry besides the state (R19): a
// name given with .name(), a transition (R33) and a typed on_exit callback, a closure or a
// strata::to_below member call. They live in the stack's pool, out of the entry's line: an
// entry_extras block, made when the first is attached, points at them.
#pragma once

#include <algorithm>
#include <cstddef>
#include <string_view>
#include <type_traits>
#include <utility>

#include "../entry.hpp"
#include "../to_below.hpp"
#include "block_pool.hpp"
#include "scope_guard.hpp"

namespace strata::detail {

inline name_copy* make_name_copy(block_pool& pool, std::string_view name) {
  const std::size_t bytes = name_copy::bytes_for(name.size());
  auto* copy = ::new (pool.allocate(bytes, alignof(name_copy))) name_copy{name.size()};
  // copy_n, not memcpy: an empty view may hold a null pointer, which memcpy must not get.
  std::copy_n(name.data(), name.size(), copy->text());
  copy->text()[name.size()] = '\0';
  return copy;
}

inline void release_name(block_pool& pool, name_copy* name) noexcept {
  pool.deallocate(name, name_copy::bytes_for(name->size), alignof(name_copy));
}

// The callback f(T&) or f(Context&, T&) behind an exit_callback's type-erased pointers.
template <class Context, class T, class F>
struct exit_callback_for : exit_callback<Context> {
  F fn;

  static void run(exit_callback<Context>* self, Context& context, void* state,
                  state_below /*below*/) {
    F& callback = static_cast<exit_callback_for*>(self)->fn;
    T& left = *static_cast<T*>(state);
    if constexpr (std::is_invocable_v<F&, Context&, T&>) {
      callback(context, left);
    } else {
      callback(left);
    }
  }
  static void destroy(exit_callback<Context>* self) noexcept {
    static_cast<exit_callback_for*>(self)->~exit_callback_for();
  }
};

template <class Context>
void release_callback(block_pool& pool, exit_callback<Context>* callback) noexcept {
  const std::size_t size = callback->size;
  const std::size_t align = callback->align;
  callback->destroy(callback);
  pool.deallocate(callback, size, align);
}

// strata::to_below<Member>: calls Member of the state directly below the one that leaves, if
// that is an object of Member's class (it is the state staged below at the push, but for one
// whose enter threw, R25, which left at once).
template <class Context, class Event, auto Member>
struct below_callback : exit_callback<Context> {
  using below_type = typename result_member<decltype(Member)>::below;
  using state_type = typename result_member<decltype(Member)>::state;

  static void run(exit_callback<Context>* /*self*/, Context& context, void* state,
                  state_below below) {
    if (below.type != &ops_for<below_type, Context, Event>) {
      return;
    }
    below_type& target = *static_cast<below_type*>(below.object);
    state_type& left = *static_cast<state_type*>(state);
    if constexpr (std::is_invocable_v<decltype(Member), below_type&, Context&, state_type&>) {
      (target.*Member)(context, left);
    } else {
      (target.*Member)(left);
    }
  }
  static void destroy(exit_callback<Context>* /*self*/) noexcept {}
};

// Installs an on_exit made by `make(memory)` of type Holder in the pool; the one it replaces is
// released as code of `e`'s request by `release_old`. All or nothing up to the exchange.
template <class Holder, class C, class E, class Make, class ReleaseOld>
void install_on_exit(block_pool& pool, entry<C, E>& e, Make&& make, ReleaseOld&& release_old) {
  entry_extras<C>& extras = extras_of(pool, e);
  void* memory = pool.allocate(sizeof(Holder), alignof(Holder));
  on_unwind give_back{[&] { pool.deallocate(memory, sizeof(Holder), alignof(Holder)); }};
  Holder* const made = std::forward<Make>(make)(memory);
  give_back.dismiss();
  // R19: the new callback is in place before the old one goes, so that the old one's captures'
  // destructors cannot reach a half-changed entry.
  exit_callback<C>* const replaced = std::exchange(extras.on_exit, made);
  if (replaced != nullptr) {
    std::forward<ReleaseOld>(release_old)(replaced);
  }
}

// The strata::to_below<Member> on_exit of `e`. May throw (out of memory) before it changes
// anything.
template <auto Member, class C, class E>
void give_below_callback(block_pool& pool, entry<C, E>& e) {
  using holder = below_callback<C, E, Member>;
  install_on_exit<holder>(
      pool, e,
      [&](void* memory) {
        return ::new (memory) holder{{&holder::run, &holder::destroy, sizeof(holder),
                                      alignof(holder), &binding_tag<Member>}};
      },
      [&](exit_callback<C>* old) { release_callback(pool, old); });
}

// The entry's extras, made (from the pool) if it has none yet. May
// throw (out of memory) before it changes anything.
template <class C, class E>
entry_extras<C>& extras_of(block_pool& pool, entry<C, E>& e) {
  if (e.extras == nullptr) {
    void* memory = pool.allocate(sizeof(entry_extras<C>), alignof(entry_extras<C>));
    e.extras = ::new (memory) entry_extras<C>{};
  }
  return *e.extras;
}

// The name an entry shows instead of its type's (a push's .name(), a restored entry's). All or
// nothing: may throw (out of memory) before it changes anything.
template <class C, class E>
void give_name(block_pool& pool, entry<C, E>& e, std::string_view name) {
  entry_extras<C>& extras = extras_of(pool, e);
  name_copy* const copy = make_name_copy(pool, name);
  if (extras.name_override != nullptr) {
    release_name(pool, extras.name_override);
  }
  extras.name_override = copy;
}

// R33: the transition an entry follows instead of its type's. `still_arriving`: see
// entry::set_motion(). May throw (out of memory) before it changes anything.
template <class C, class E>
void give_transition(block_pool& pool, entry<C, E>& e, const strata::transition& t,
                     bool still_arriving) {
  entry_extras<C>& extras = extras_of(pool, e);
  extras.transition = t;
  extras.transition_given = true;
  e.set_motion(t, still_arriving);
}

template <class C>
void release_extras(block_pool& pool, entry_extras<C>* extras) noexcept {
  if (extras->on_exit != nullptr) {
    release_callback(pool, extras->on_exit);
  }
  if (extras->name_override != nullptr) {
    release_name(pool, extras->name_override);
  }
  pool.deallocate(extras, sizeof(entry_extras<C>), alignof(entry_extras<C>));
}

} // namespace strata::detail
