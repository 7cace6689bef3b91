// strata/detail/entry_stacks.hpp: the staged and the committed stack in one store. Requests edit
// the staged stack; the committed stack is what the last commit step left. Both share a prefix,
// so each entry is held once: staged[0, committed_prefix) is committed and staged alike, and the
// committed entries a request unstaged wait in `retiring` for their exit, top first from
// retiring_head, so that the next exit and the next unstaged entry are both O(1).
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>

#include "../entry.hpp"
#include "../entry_id.hpp"
#include "../memory.hpp"
#include "flat_array.hpp"

namespace strata::detail {

// Where a push put an entry, for the pushed handle: the slot still holds that entry while the
// ids match (comparing addresses would not do: the pool reuses them at once). entry_id::none,
// the id of a failed request's slot, matches nothing.
struct staged_slot {
  std::size_t index;
  entry_id id;
};

template <class Context, class Event>
class entry_stacks {
  using entry = detail::entry<Context, Event>;

public:
  // Like its arrays, it keeps no pointer to the memory it allocates from: the stack hands it to
  // the calls that allocate or give room back, and calls release() before it goes.
  entry_stacks() = default;
  entry_stacks(const entry_stacks&) = delete;
  entry_stacks& operator=(const entry_stacks&) = delete;
  ~entry_stacks() = default;
  void release(const memory& memory) noexcept {
    staged_.release(memory);
    retiring_.release(memory);
  }

  // ---- the staged stack ----

  [[nodiscard]] flat_array<entry>& staged() { return staged_; }
  [[nodiscard]] const flat_array<entry>& staged() const { return staged_; }
  void reserve_staged(const memory& memory, std::size_t size) { staged_.reserve(memory, size); }
  [[nodiscard]] std::size_t index_in_staged(const entry& e) const {
    return static_cast<std::size_t>(&e - staged_.data());
  }
  // Whether the staged top has entered (a pop schedules its exit rather than dropping it).
  [[nodiscard]] bool top_entered() const { return staged_.size() - 1 < committed_prefix_; }

  // Whether place() can append without allocating.
  [[nodiscard]] bool staged_has_room() const { return staged_.size() < staged_.capacity(); }
  // Appends `e` with a new id (R31); ids are never reused. May throw (out of memory) before it
  // changes anything.
  staged_slot place(const memory& memory, const entry& e) {
    staged_.push_back(memory, e);
    const staged_slot slot{staged_.size() - 1, entry_id{++last_id_}};
    staged_.back().set_id(slot.id);
    return slot;
  }

  // Finds the slot's entry and fixes up its index: an entry below it whose enter threw left the
  // staged stack from below (R25), so it may have moved down. `visible` is how many staged
  // entries count (none during destruction, R26).
  [[nodiscard]] bool still_staged(staged_slot& slot, std::size_t visible) const {
    if (slot.id == entry_id::none) {
      return false;
    }
    std::size_t index = slot.index < visible ? slot.index + 1 : visible;
    while (index-- > 0) {
      if (staged_[index].id() == slot.id) {
        slot.index = index;
        return true;
      }
      if (staged_[index].id() < slot.id) {
        return false; // ids grow upwards: it is not below
      }
    }
    return false;
  }

  // R31: the id of the entry holding `object`: staged entries first, top first, then the
  // committed ones on their way out; entry_id::none if none does.
  [[nodiscard]] entry_id id_of_object(const void* object) const {
    for (std::size_t depth = staged_.size(); depth-- > 0;) {
      if (staged_[depth].object == object) {
        return staged_[depth].id();
      }
    }
    for (std::size_t depth = committed_size(); depth-- > committed_prefix_;) {
      if (committed_at(depth).object == object) {
        return committed_at(depth).id();
      }
    }
    return entry_id::none;
  }

  // The depth of the staged entry `id`, or npos.
  [[nodiscard]] std::size_t find_staged(entry_id id) const {
    for (std::size_t depth = staged_.size(); depth-- > 0;) {
      if (staged_[depth].id() == id) {
        return depth;
      }
    }
    return npos;
  }
  static constexpr std::size_t npos = static_cast<std::size_t>(-1);

  // The staged top, which has not entered, leaves the staged stack; the caller drops it.
  entry pop_unentered_top() {
    const entry e = staged_.back();
    staged_.pop_back();
    return e;
  }

  // The entered staged top leaves the staged stack: it waits in retiring for its exit, below the
  // states already waiting to. Returns it where it now is. May throw (out of memory) before it
  // changes anything.
  entry& retire_top(const memory& memory) {
    retiring_.push_back(memory, staged_.back());
    staged_.pop_back();
    committed_prefix_ = staged_.size();
    return retiring_.back();
  }
  // Room for `more` entries to retire without allocating, grown as the list's own growing is
  // (doubling), so that many pops in a row allocate a few times, not at each.
  void reserve_retiring(const memory& memory, std::size_t more) {
    retiring_.make_room_for(memory, more);
  }
  [[nodiscard]] const entry& retiring_at(std::size_t index) const { return retiring_[index]; }
  [[nodiscard]] entry& retiring_at(std::size_t index) { return retiring_[index]; }
  [[nodiscard]] std::size_t retiring_end() const { return retiring_.size(); }

  // The depth of the lowest staged entry at or above `depth` that has not entered.
  [[nodiscard]] std::size_t first_unentered(std::size_t depth) const {
    return depth > committed_prefix_ ? depth : committed_prefix_;
  }
  // Room for unstage_down_to(depth) to move every entry without allocating. `dropping_list()`
  // gives the list for the entries that never entered (it may make it); it is asked only when
  // there are some, so that a stack that drops none needs none. May throw (out of memory),
  // changing nothing but capacities and what `dropping_list()` made. Returns
  // first_unentered(depth), for unstage_down_to().
  template <class DroppingList>
  std::size_t reserve_unstaging(const memory& memory, std::size_t depth,
                                const DroppingList& dropping_list) {
    const std::size_t first = first_unentered(depth);
    reserve_retiring(memory, first - depth);
    if (staged_.size() > first) {
      flat_array<entry>& dropping = dropping_list();
      dropping.make_room_for(memory, staged_.size() - first);
    }
    return first;
  }

  // Unstages everything from `depth` up: the entered entries go to retiring (top first), the
  // others are appended to `dropping_list()` (top first, as reserve_unstaging() asks for it) for
  // the caller to release. Returns the depth of the lowest entry that had not entered. Allocates
  // before it changes anything.
  template <class DroppingList>
  std::size_t unstage_down_to(const memory& memory, std::size_t depth,
                              const DroppingList& dropping_list) {
    const std::size_t first = reserve_unstaging(memory, depth, dropping_list);
    const std::size_t top = staged_.size();
    if (top > first) {
      flat_array<entry>& dropping = dropping_list();
      for (std::size_t i = top; i-- > first;) {
        dropping.append_reserved(staged_[i]);
      }
    }
    for (std::size_t i = first; i-- > depth;) {
      retiring_.append_reserved(staged_[i]);
    }
    staged_.truncate(depth);
    committed_prefix_ = depth < committed_prefix_ ? depth : committed_prefix_;
    return first;
  }

  // ---- the committed stack ----

  [[nodiscard]] std::size_t committed_prefix() const { return committed_prefix_; }
  [[nodiscard]] std::size_t retiring_count() const { return retiring_.size() - retiring_head_; }
  [[nodiscard]] std::size_t committed_size() const { return committed_prefix_ + retiring_count(); }
  [[nodiscard]] const entry& committed_at(std::size_t depth) const {
    return depth < committed_prefix_
               ? staged_[depth]
               : retiring_[retiring_.size() - 1 - (depth - committed_prefix_)];
  }
  [[nodiscard]] entry& committed_at(std::size_t depth) {
    return const_cast<entry&>(std::as_const(*this).committed_at(depth));
  }
  [[nodiscard]] entry& committed_top() {
    return retiring_count() > 0 ? retiring_[retiring_head_] : staged_[committed_prefix_ - 1];
  }
  [[nodiscard]] const entry& committed_top() const {
    return retiring_count() > 0 ? retiring_[retiring_head_] : staged_[committed_prefix_ - 1];
  }
  // Whether requests left a commit something to exit or enter.
  [[nodiscard]] bool has_steps() const {
    return retiring_count() > 0 || committed_prefix_ < staged_.size();
  }

  // The next staged entry enters: it is committed from now on.
  entry& commit_next() { return staged_[committed_prefix_++]; }

  // The committed top leaves the committed stack (its exit ran, or its enter threw).
  entry take_committed_top(const memory& memory) {
    if (retiring_count() > 0) {
      entry e = retiring_[retiring_head_++];
      if (retiring_head_ == retiring_.size()) {
        retiring_head_ = 0;
        // A deep pop's room is given back rather than held beside the staged array's for good
        // (bench S6: 40 bytes per entry of a stack once popped whole); a few pops' is kept.
        if (retiring_.capacity() > kept_retiring_room) [[unlikely]] {
          retiring_.release(memory);
        } else {
          retiring_.clear();
        }
      }
      return e;
    }
    --committed_prefix_;
    entry e = staged_[committed_prefix_];
    staged_.erase(committed_prefix_);
    return e;
  }

  // A commit stopped by its transition limit: the staged stack becomes the committed one again,
  // the retiring entries back in place; the unentered ones are moved to `dropped` for the caller
  // to release. Allocates before it changes anything.
  void restore_committed(const memory& memory, flat_array<entry>& dropped) {
    dropped.reserve(memory, staged_.size() - committed_prefix_);
    staged_.reserve(memory, committed_prefix_ + retiring_count());
    for (std::size_t i = committed_prefix_; i < staged_.size(); ++i) {
      dropped.append_reserved(staged_[i]);
    }
    staged_.truncate(committed_prefix_);
    while (retiring_count() > 0) {
      staged_.push_back(memory, retiring_.back());
      staged_.back().set_departure_cause(cause::pop); // R33: staged again, not leaving
      retiring_.pop_back();
      ++committed_prefix_;
    }
    retiring_.clear();
    retiring_head_ = 0;
  }

private:
  static constexpr std::size_t kept_retiring_room = 16;

  // The counts between the arrays, so that has_steps() reads one cache line (bench S5).
  flat_array<entry> staged_;
  std::size_t committed_prefix_ = 0;
  std::size_t retiring_head_ = 0;
  flat_array<entry> retiring_;
  std::uint64_t last_id_ = 0; // entries staged so far: the last id given (R31)
};

} // namespace strata::detail
