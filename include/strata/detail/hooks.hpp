// strata/detail/hooks.hpp: finds at compile time which hooks a state type implements, and builds
// one table of plain function pointers per type. A hook the type lacks is a null pointer, so the
// stack never calls it and never walks that state for it.
#pragma once

#include <concepts>
#include <cstddef>
#include <limits>
#include <string_view>

#include "../modality.hpp"
#include "../placeholders.hpp"
#include "../transition.hpp"
#include "type_name.hpp"

namespace strata::detail {

// One accessor per hook name: `call` is usable only where the state has that member, and
// `named_by` tells whether the state has a member of that name at all (any signature); the
// compiler's note on a failed check names the hook through this accessor.
#define STRATA_DETAIL_HOOK_ACCESSOR(hook)                                                          \
  struct hook##_hook {                                                                             \
    template <class T, class... Args>                                                              \
    static auto call(T& self, Args&... args) -> decltype(self.hook(args...)) {                     \
      return self.hook(args...);                                                                   \
    }                                                                                              \
    template <class T>                                                                             \
    static constexpr bool named_by = requires {                                                    \
      &T::hook;                                                                                    \
    };                                                                                             \
  };
STRATA_DETAIL_HOOK_ACCESSOR(enter)
STRATA_DETAIL_HOOK_ACCESSOR(exit)
STRATA_DETAIL_HOOK_ACCESSOR(pause)
STRATA_DETAIL_HOOK_ACCESSOR(resume)
STRATA_DETAIL_HOOK_ACCESSOR(update)
STRATA_DETAIL_HOOK_ACCESSOR(update_covered)
STRATA_DETAIL_HOOK_ACCESSOR(update_always)
STRATA_DETAIL_HOOK_ACCESSOR(focus)
STRATA_DETAIL_HOOK_ACCESSOR(unfocus)
STRATA_DETAIL_HOOK_ACCESSOR(draw)
STRATA_DETAIL_HOOK_ACCESSOR(handle)
#undef STRATA_DETAIL_HOOK_ACCESSOR

// A hook may take the context first, or leave it out when the state does not need it.
template <class Hook, class T, class C, class R, class... Args>
concept has_hook = requires(T& t, C& c, Args&... args) {
  { Hook::call(t, c, args...) } -> std::convertible_to<R>;
}
|| requires(T& t, Args&... args) {
  { Hook::call(t, args...) } -> std::convertible_to<R>;
};

// The thunk stored in a type's table: one indirect call that lands in the user's member.
template <class Hook, class T, class C, class R, class... Args>
R call_hook(void* self, C& context, Args... args) {
  T& state = *static_cast<T*>(self);
  if constexpr (requires { Hook::call(state, context, args...); }) {
    return static_cast<R>(Hook::call(state, context, args...));
  } else {
    return static_cast<R>(Hook::call(state, args...));
  }
}

template <class T>
concept declares_static_name = requires {
  { T::name } -> std::convertible_to<std::string_view>;
};
template <class T>
concept declares_name_function = requires(const T& t) {
  { t.name() } -> std::convertible_to<std::string_view>;
};
template <class T>
concept declares_static_modality = requires {
  { T::modality } -> std::convertible_to<strata::modality>;
};
template <class T>
concept declares_modality_function = requires(const T& t) {
  { t.modality() } -> std::convertible_to<strata::modality>;
};

template <class T>
concept declares_static_time_scale = requires {
  { T::time_scale } -> std::convertible_to<float>;
};

// R33: a state declares `static constexpr strata::transition transition{...};`.
template <class T>
concept declares_static_transition = requires {
  { T::transition } -> std::convertible_to<strata::transition>;
};

template <class C>
using lifecycle_fn = void (*)(void*, C&);
template <class C>
using update_fn = void (*)(void*, C&, double);
template <class C>
using draw_fn = void (*)(void*, C&);
template <class C>
using seen_draw_fn = void (*)(void*, C&, const presence&);
template <class C, class E>
using handle_fn = bool (*)(void*, C&, const E&);

// Everything the stack needs to know about one state type, shared by all its instances.
template <class C, class E>
struct type_ops {
  lifecycle_fn<C> enter;
  lifecycle_fn<C> exit;
  lifecycle_fn<C> pause;
  lifecycle_fn<C> resume;
  lifecycle_fn<C> focus;   // R29: became the settled top
  lifecycle_fn<C> unfocus; // R29: stopped being it
  update_fn<C> update;
  update_fn<C> update_covered;
  update_fn<C> update_always; // R30: every update, whatever covers it
  draw_fn<C> draw;
  // R33: a draw that takes a `const presence&`; `draw` then calls it as fully present.
  seen_draw_fn<C> seen_draw;
  handle_fn<C, E> handle;
  void (*destroy)(void*) noexcept;          // runs the destructor only (pooled storage)
  void (*delete_owned)(void*) noexcept;     // deletes a state adopted from a std::unique_ptr
  std::string_view (*name_of)(const void*); // the state's own name()
  modality (*modality_of)(const void*);     // the state's own modality()
  modality declared_modality;               // R16: static modality, screen if it declares none
  std::string_view type_name;               // static name, or derived from the type
  // R30, R33: update_always or seen_draw, which take the passes off their plain paths.
  bool needs_general_passes;
  float time_scale;              // R32: the type's own, 1 if it declares none
  strata::transition transition; // R33: the type's own, none if it declares none
  std::size_t size;
  std::size_t align;
};

template <class T>
constexpr std::string_view static_name() {
  if constexpr (declares_static_name<T>) {
    return std::string_view{T::name};
  } else {
    return type_name<T>();
  }
}

// R32: a finite factor, 0 or more.
constexpr bool valid_time_scale(float scale) {
  return scale >= 0.0F && scale <= std::numeric_limits<float>::max();
}

template <class T>
constexpr float static_time_scale() {
  if constexpr (declares_static_time_scale<T>) {
    static_assert(valid_time_scale(static_cast<float>(T::time_scale)),
                  "strata: a state's time_scale must be a finite number, 0 or more");
    return static_cast<float>(T::time_scale);
  } else {
    return 1.0F;
  }
}

// R33: finite durations, 0 or more.
constexpr bool valid_transition(const strata::transition& t) {
  return valid_time_scale(t.arrive) && valid_time_scale(t.leave);
}

template <class T>
constexpr strata::transition static_transition() {
  if constexpr (declares_static_transition<T>) {
    static_assert(valid_transition(strata::transition{T::transition}),
                  "strata: a state's transition lasts a finite number of seconds, 0 or more");
    return strata::transition{T::transition};
  } else {
    return {};
  }
}

template <class T>
constexpr modality static_modality() {
  if constexpr (declares_static_modality<T>) {
    return modality{T::modality};
  } else {
    return modality::screen;
  }
}

// R16: the modality a state declares: its own modality() if it has one, else its type's.
template <class C, class E>
modality declared_modality_of(const type_ops<C, E>& type, const void* state) {
  return type.modality_of != nullptr ? type.modality_of(state) : type.declared_modality;
}

// Installs the thunk for one hook if the state implements it. A state that has a member of the
// hook's name that strata cannot call would otherwise be skipped in silence, so that is a
// compile error. (An overloaded or templated member cannot be inspected and is not checked.)
template <class Hook, class T, class C, class R, class... Args>
constexpr auto hook_thunk() -> R (*)(void*, C&, Args...) {
  if constexpr (has_hook<Hook, T, C, R, Args...>) {
    return &call_hook<Hook, T, C, R, Args...>;
  } else {
    static_assert(!Hook::template named_by<T>, "strata: a hook has a signature strata cannot "
                                               "call; see the hook table in docs/states.md");
    return nullptr;
  }
}

template <class T, class C, class E>
constexpr type_ops<C, E> make_type_ops() {
  type_ops<C, E> ops{};
  ops.enter = hook_thunk<enter_hook, T, C, void>();
  ops.exit = hook_thunk<exit_hook, T, C, void>();
  ops.pause = hook_thunk<pause_hook, T, C, void>();
  ops.resume = hook_thunk<resume_hook, T, C, void>();
  ops.focus = hook_thunk<focus_hook, T, C, void>();
  ops.unfocus = hook_thunk<unfocus_hook, T, C, void>();
  ops.update = hook_thunk<update_hook, T, C, void, double>();
  ops.update_covered = hook_thunk<update_covered_hook, T, C, void, double>();
  ops.update_always = hook_thunk<update_always_hook, T, C, void, double>();
  if constexpr (has_hook<draw_hook, T, C, void, const presence&>) {
    ops.seen_draw = &call_hook<draw_hook, T, C, void, const presence&>;
    ops.draw = [](void* self, C& context) {
      call_hook<draw_hook, T, C, void, const presence&>(self, context, presence{});
    };
  } else {
    ops.draw = hook_thunk<draw_hook, T, C, void>();
  }
  if constexpr (!std::same_as<E, no_event>) {
    ops.handle = hook_thunk<handle_hook, T, C, bool, const E&>();
  }
  ops.destroy = [](void* self) noexcept { static_cast<T*>(self)->~T(); };
  ops.delete_owned = [](void* self) noexcept { delete static_cast<T*>(self); };
  if constexpr (declares_name_function<T>) {
    ops.name_of = [](const void* self) -> std::string_view {
      return static_cast<const T*>(self)->name();
    };
  }
  if constexpr (declares_modality_function<T>) {
    ops.modality_of = [](const void* self) -> modality {
      return static_cast<const T*>(self)->modality();
    };
  }
  ops.declared_modality = static_modality<T>();
  ops.needs_general_passes = ops.update_always != nullptr || ops.seen_draw != nullptr;
  ops.type_name = static_name<T>();
  ops.time_scale = static_time_scale<T>();
  ops.transition = static_transition<T>();
  ops.size = sizeof(T);
  ops.align = alignof(T);
  return ops;
}

// One table per (state type, context, event); its address identifies the type at run time.
template <class T, class C, class E>
inline constexpr type_ops<C, E> ops_for = make_type_ops<T, C, E>();

} // namespace strata::detail
