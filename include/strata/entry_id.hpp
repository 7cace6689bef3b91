// strata/entry_id.hpp: the identity of one entry of a stack (R31). Every staging gets a new one,
// never reused by that stack, so an id kept after its entry left names nothing rather than
// another state.
#pragma once

#include <cstdint>

namespace strata {

// `none` is the id of no entry (a push that failed, a state not on the stack).
enum class entry_id : std::uint64_t { none = 0 };

} // namespace strata
