// strata/to_below.hpp: a result handed down to the state below as a member call, which unlike a
// closure can be saved and restored (save.hpp):
//
//   states.push<level>(3).on_exit(strata::to_below<&world::level_done>);
//
// When the level leaves, right after its exit, `world::level_done(level&)` (or
// `level_done(Context&, level&)`) runs on the state directly below it. The push checks that the
// state staged below it is a `world` (errc::bad_binding otherwise), and it is still the one below
// when the level leaves, as a state below leaves only after the ones above it; but for one whose
// enter throws (R25), which leaves at once: the result then runs only if the state that ends up
// below is a `world` too. The stack finds the state below as the level leaves, so the result
// holds no pointer to it.
#pragma once

namespace strata {

template <auto Member>
struct to_below_t {};

// The on_exit that calls `Member` of the state below: `&below_type::function`.
template <auto Member>
inline constexpr to_below_t<Member> to_below{};

namespace detail {

// Which state a result member belongs to (`below`) and which state it receives (`state`).
template <class Member>
struct result_member {};
template <class R, class Below, class T>
struct result_member<R (Below::*)(T&)> {
  using below = Below;
  using state = T;
};
template <class R, class Below, class T>
struct result_member<R (Below::*)(T&) noexcept> : result_member<R (Below::*)(T&)> {};
template <class R, class Below, class C, class T>
struct result_member<R (Below::*)(C&, T&)> {
  using below = Below;
  using state = T;
};
template <class R, class Below, class C, class T>
struct result_member<R (Below::*)(C&, T&) noexcept> : result_member<R (Below::*)(C&, T&)> {};

// Its address tells a saved result binding's member from every other one.
template <auto Member>
inline constexpr char binding_tag = 0;

} // namespace detail
} // namespace strata
