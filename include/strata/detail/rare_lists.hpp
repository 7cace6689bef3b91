// strata/detail/rare_lists.hpp: two lists of entries that most stacks never fill: R33's entries
// arriving or leaving, and the never-entered states a pop_down_to() is telling the observer of.
// Held out of the stack object behind one pointer (issue 12: 24 of sizeof(stack)'s bytes),
// made from options::memory by the first transition that starts or the first multi-pop that
// drops a state which never entered (or makes room to: clear(t)), and kept until the stack is
// destroyed. Until then a reader sees an empty motion list, so that the passes and the queries
// need no test of their own.
#pragma once

#include <new>

#include "../memory.hpp"
#include "flat_array.hpp"
#include "motion_list.hpp"

namespace strata::detail {

template <class Entry>
struct rare_lists {
  motion_list<Entry> motions; // R33: entries arriving or leaving
  flat_array<Entry> dropping; // never-entered states a pop_down_to() is telling of
};

// Owns the lists once made. Like the arrays (flat_array.hpp), it keeps no pointer to the memory it
// allocates from: the stack hands it to the calls that allocate, and calls release() before it
// goes.
template <class Entry>
class rare_storage {
public:
  rare_storage() = default;
  rare_storage(const rare_storage&) = delete;
  rare_storage& operator=(const rare_storage&) = delete;
  rare_storage(rare_storage&&) = delete;
  rare_storage& operator=(rare_storage&&) = delete;
  ~rare_storage() = default;

  // Gives everything back to `memory`, which made it.
  void release(const memory& memory) noexcept {
    if (made_ == nullptr) {
      return;
    }
    made_->motions.release(memory);
    made_->dropping.release(memory);
    made_->~rare_lists();
    memory.deallocate(made_, sizeof(rare_lists<Entry>), alignof(rare_lists<Entry>));
    made_ = nullptr;
  }

  // Null until get() or try_get() made them.
  [[nodiscard]] rare_lists<Entry>* find() { return made_; }
  // A multi-pop's list of dropped entries; null until the lists are made.
  [[nodiscard]] flat_array<Entry>* dropping() {
    return made_ != nullptr ? &made_->dropping : nullptr;
  }
  // The entries in transition: none until the lists are made.
  [[nodiscard]] const motion_list<Entry>& motions() const {
    return made_ != nullptr ? made_->motions : no_motions;
  }
  // Makes them the first time. May throw (out of memory) before it changes anything.
  rare_lists<Entry>& get(const memory& memory) {
    if (made_ == nullptr) [[unlikely]] {
      make(memory.allocate(sizeof(rare_lists<Entry>), alignof(rare_lists<Entry>)));
    }
    return *made_;
  }
  // As get(), but null if memory ran out (R33: a transition then ends at once).
  rare_lists<Entry>* try_get(const memory& memory) noexcept {
    if (made_ == nullptr) [[unlikely]] {
      void* const place =
          memory.try_allocate(sizeof(rare_lists<Entry>), alignof(rare_lists<Entry>));
      if (place == nullptr) {
        return nullptr;
      }
      make(place);
    }
    return made_;
  }

private:
  [[gnu::cold, gnu::noinline]] void make(void* place) noexcept {
    made_ = ::new (place) rare_lists<Entry>{}; // constructing them throws nothing
  }

  // What motions() shows before the lists are made. Only ever read.
  static inline const motion_list<Entry> no_motions{};

  rare_lists<Entry>* made_ = nullptr;
};

} // namespace strata::detail
