// strata/detail/attachments.hpp: what a push may attach to its entry besides the state (R19): a
// name given with .name() and a typed on_exit callback. They live in the stack's pool, out of the
// entry's line: an entry_extras block, made when the first is attached, points at both.
#pragma once

#include <algorithm>
#include <cstddef>
#include <string_view>
#include <type_traits>

#include "../entry.hpp"
#include "block_pool.hpp"

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

  static void run(exit_callback<Context>* self, Context& context, void* state) {
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
