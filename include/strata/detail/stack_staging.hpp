// strata/detail/stack_staging.hpp: the edits of the staged stack that requests are made of, each
// followed by telling the observer (R1, R3, R6, R22): placing a prepared entry on top, replacing
// the top, taking the top or a block above a depth off. An entry taken off that never entered is
// dropped (destroyed) once the observer has heard of it, whatever the observer does; an entered
// one retires, to exit at the next commit. Admitting a request and preparing what it stages is
// the layer above (stack_requests.hpp).
#pragma once

#include <cstddef>

#include "stack_probing.hpp"

namespace strata::detail {

template <class Context, class Event>
class stack_staging : protected stack_probing<Context, Event> {
  using core = stack_probing<Context, Event>;

protected:
  using core::core;
  using core::drop;
  using core::entries_;
  using core::notify;
  using core::staged_size;
  using typename core::entry;

  [[nodiscard]] bool still_staged(staged_slot& slot) const {
    return entries_.still_staged(slot, staged_size());
  }

  // Appends a prepared entry.
  staged_slot stage(entry e) {
    const staged_slot slot = place(e);
    tell_staged(slot);
    return slot;
  }

  // Appends a prepared entry without telling the observer; drops it if that fails. The usual
  // push has room and is not logged, so it needs no guard: with it, bench S3 took 36 more
  // instructions per pushed state with g++ 12, 54 with clang 14.
  staged_slot place(entry e) {
    if (entries_.staged_has_room() && !this->guard_.pushing_in_commit()) [[likely]] {
      return entries_.place(this->settings_.memory, e);
    }
    return place_growing_or_logged(e);
  }
  [[gnu::noinline]] staged_slot place_growing_or_logged(entry e) {
    on_unwind destroy{[&] { drop(e); }};
    runaway_log* const log = this->log_for_push();
    const staged_slot slot = entries_.place(this->settings_.memory, e);
    destroy.dismiss();
    if (log != nullptr) [[unlikely]] {
      this->record_push(*log, e);
    }
    return slot;
  }

  // R1, R22: the old top goes and the replacement comes before the observer hears of either, so
  // that what it requests in reaction applies to the stack the replace left.
  staged_slot restage_top(entry replacement) {
    const std::size_t depth = entries_.staged().size() - 1;
    const bool entered = entries_.top_entered();
    {
      // All or nothing: the only allocations.
      on_unwind destroy{[&] { drop(replacement); }};
      if (entered) {
        entries_.reserve_retiring(this->settings_.memory, 1);
      }
      this->log_for_push(); // made now, so that place() below cannot fail
      destroy.dismiss();
    }
    entry dropped{}; // an unentered top is kept here: place() reuses its slot
    entry& old = entered ? entries_.retire_top(this->settings_.memory)
                         : (dropped = entries_.pop_unentered_top());
    old.set_departure_cause(cause::replace); // R33
    replacement.set_arrived_by_replace();
    const staged_slot slot = place(replacement); // cannot allocate: a slot was just freed
    tell_unstaged(old, depth, entered);
    tell_staged(slot);
    return slot;
  }

  // R3, R6: an entered top leaves at the next commit, below the states already waiting to; one
  // never entered is dropped.
  void unstage_top() {
    const std::size_t depth = entries_.staged().size() - 1;
    if (entries_.top_entered()) {
      tell_unstaged(entries_.retire_top(this->settings_.memory), depth, true);
      return;
    }
    drop_unentered_top(depth);
  }
  // Out of line: a pop before the state's commit is the rarer one, and kept apart, the usual one
  // stays small enough for clang 14 to inline into pop() (bench S4: 13 instructions per pop).
  [[gnu::noinline]] void drop_unentered_top(std::size_t depth) {
    tell_unstaged(entries_.pop_unentered_top(), depth, false);
  }

  // Tells the observer that `e` was unstaged from `depth`; one never entered is then destroyed
  // (R6), whatever the observer does.
  void tell_unstaged(const entry& e, std::size_t depth, bool entered) {
    if (entered) {
      notify(step::pop, e, depth);
      return;
    }
    at_scope_exit destroy{[&] { drop(e); }};
    notify(step::pop, e, depth);
    notify(step::discard, e, depth);
  }

  // Tells the observer of a staging, unless its reaction to an earlier step of the same request
  // unstaged that entry already (its pop was told then).
  void tell_staged(staged_slot slot) {
    if (this->observed() && still_staged(slot)) {
      this->tell_observer(step::push, entries_.staged()[slot.index], slot.index);
    }
  }

  // clear(), pop_to(), pop_until(), close(). R1: all or nothing, so room is made first. R22:
  // every state goes before the observer hears of the first, top first as they went; what it
  // requests in reaction applies to the stack this request left (a toast pushed on each pop
  // stays, instead of being popped in turn for ever).
  // `why`: what a state that leaves over time tells its draw (R33).
  void pop_down_to(std::size_t depth, cause why) {
    if (entries_.staged().size() > depth) {
      tell_unstaged(unstage_down_to(depth, why));
    }
  }

  // What unstage_down_to() took off, for tell_unstaged(): staged[depth, top) as it was.
  struct unstaged_block {
    std::size_t depth;
    std::size_t top;
    std::size_t first_unentered; // staged[first_unentered, top) had not entered: dropped
    std::size_t drop_from;       // where they are in the rare lists' dropping, top first
    std::size_t retire_from;     // where the entered ones are among the retiring, top first
  };

  // Unstages staged[depth, top) without telling the observer. Allocates before it changes
  // anything. The entries never entered wait in the rare lists' dropping for tell_unstaged();
  // the lists are made only when there are such entries.
  unstaged_block unstage_down_to(std::size_t depth, cause why) {
    // The list's size now is where this block's dropped entries start, whether it drops any or
    // not (none yet: 0, where they will start once made): tell_unstaged() truncates back to it,
    // which must keep those of a block outside this one.
    const flat_array<entry>* const dropping = this->rare_.dropping();
    unstaged_block block{depth, entries_.staged().size(), 0,
                         dropping != nullptr ? dropping->size() : 0, entries_.retiring_end()};
    // Several such requests may nest (one the observer makes while hearing of this one's steps):
    // each uses dropping from where the one outside it left off.
    block.first_unentered =
        entries_.unstage_down_to(this->settings_.memory, depth, dropping_list_on_need());
    for (std::size_t i = block.retire_from; i < entries_.retiring_end(); ++i) {
      entries_.retiring_at(i).set_departure_cause(why);
    }
    return block;
  }

  // Allocates all that unstaging staged[depth, top) needs, changing nothing the game can see:
  // the rare lists if it drops a state that never entered, and room in the lists it moves the
  // entries to; so that clear(t) can give the states their way of leaving after it (R1). May
  // throw (out of memory).
  void make_room_to_unstage_down_to(std::size_t depth) {
    entries_.reserve_unstaging(this->settings_.memory, depth, dropping_list_on_need());
  }

  // For entry_stacks: the rare lists' dropping, made when first asked for. May throw.
  auto dropping_list_on_need() {
    return
        [this]() -> flat_array<entry>& { return this->rare_.get(this->settings_.memory).dropping; };
  }

  // Tells the observer of each state the block took off, top first, and destroys the ones
  // never entered, also if the observer throws.
  void tell_unstaged(const unstaged_block& block) {
    // The dropped entries are the block's top ones, in the rare lists, which unstage_down_to()
    // made if the block dropped any (null: it dropped none).
    flat_array<entry>* const dropping = this->rare_.dropping();
    const std::size_t dropped_end = block.drop_from + (block.top - block.first_unentered);
    std::size_t next_dropped = block.drop_from;
    at_scope_exit release_rest{[&] { // if the observer throws
      if (dropping != nullptr) {
        for (; next_dropped < dropped_end; ++next_dropped) {
          drop((*dropping)[next_dropped]);
        }
        dropping->truncate(block.drop_from);
      }
    }};
    std::size_t depth = block.top;
    if (dropping != nullptr) {
      while (depth > block.first_unentered) {
        const entry e = (*dropping)[next_dropped++]; // tell_unstaged() destroys it, come what may
        tell_unstaged(e, --depth, false);
      }
    }
    while (depth-- > block.depth) {
      const std::size_t retired = block.retire_from + (block.first_unentered - 1 - depth);
      tell_unstaged(entries_.retiring_at(retired), depth, true);
    }
  }
};

} // namespace strata::detail
