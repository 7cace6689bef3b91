// strata/borrow.hpp: a state that lives elsewhere, pushed with push(strata::borrow(x)) (R20).
#pragma once

namespace strata {

// A state that lives elsewhere; see strata::borrow.
template <class T>
struct borrowed {
  T* state;
};

// Marks a state the stack may use but must never destroy. The object must outlive its time on
// the stack: until the commit that exits it, or until the request that drops it before entry.
template <class T>
borrowed<T> borrow(T& state) {
  return borrowed<T>{&state};
}

} // namespace strata
