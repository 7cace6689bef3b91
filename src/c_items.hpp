// src/c_items.hpp: what a push does with its strata_items around the core's staging: it checks
// them before any state is made of them, and once the core has staged their entries, it claims
// each (reads its id, sets its time scale) and gives it the transition its item asked for (R31 to
// R33), which the core sets only on an entry already staged.
#pragma once

#include <array>
#include <cstddef>
#include <string_view>

#include <strata/strata.h>

#include "c_stack.hpp"

namespace strata::capi {

// What is wrong with a push's items: a result code and the end of its message; STRATA_OK if
// nothing is.
struct problem {
  int code;
  std::string_view message;
};
[[nodiscard]] problem check_items(const strata_item* items, std::size_t count);

// A push takes its items' data in every case; data that never reached a c_state (whose
// destructor would release it) is released here, with the stack's env (NULL without a stack).
void release_data(const strata_item* items, std::size_t count, void* env);

// The ids of one push's entries, by their items' positions: STRATA_ID_NONE for an entry that an
// observer unstaged before the push returned, or that the push never staged.
using push_ids = std::array<strata_id, STRATA_PUSH_SEVERAL_MAX>;

// Claims the entries the push of `items` staged: the unclaimed ones from `first` (the staged size
// before it, or the top a replace replaces) up whose ids are above `newer_than` (the staged top's
// id before the push), each given the time scale its item asks for. The observer hears of each
// entry as it is staged and may push in turn; those pushes stage above `first`, and each claims
// its own before returning, so what is unclaimed here is this push's (less any the observer
// popped). The id keeps a replace that was refused (called from a destroy callback inside an
// outer push, say) from claiming the top it left: an outer push's entry, not claimed yet.
void claim(strata_stack& stack, std::size_t first, strata::entry_id newer_than,
           const strata_item* items, push_ids& ids) noexcept;

// Gives the push's claimed entries, staged from `first` up, the transitions their `items` ask
// for (the item's own, else its state's). That may run out of memory (the core keeps a transition
// with the entry's extras); the push is then taken back whole, as a C++ handle's .transition()
// takes back its push: its entries still staged on top are popped (the observer hears of a pop and
// a discard for each, and their data is released), and the exception goes on to the C API function.
void give_transitions(strata_stack& stack, std::size_t first, const strata_item* items,
                      const push_ids& ids);

} // namespace strata::capi
