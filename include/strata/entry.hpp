// strata/entry.hpp: one slot of the stack (a state, how it is owned, its name and modality),
// and the read-only view of it that queries hand out.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "detail/hooks.hpp"
#include "modality.hpp"

namespace strata {
namespace detail {

enum class ownership : std::uint8_t {
  pooled,   // constructed in the stack's pool by push<T>(args...)
  adopted,  // taken over from a std::unique_ptr
  borrowed, // lives elsewhere; the stack never destroys it
};

// A callback attached at push time that receives the state when it leaves the stack.
template <class C>
struct exit_callback {
  void (*run)(exit_callback*, C&, void* state);
  void (*destroy)(exit_callback*) noexcept;
  std::size_t size;
  std::size_t align;
};

template <class C, class E>
struct entry {
  const type_ops<C, E>* ops;
  void* object;
  const char* name_override; // owned copy from the pool, or null
  exit_callback<C>* on_exit; // owned, from the pool, or null
  strata::modality mode;
  ownership owned;
  bool paused; // got pause and not yet the matching resume
  // Which staging put this entry on the stack (from 1), so that a pushed handle can tell its
  // entry from another one that took the same slot (and the same pooled address) since.
  std::size_t serial = 0;

  [[nodiscard]] std::string_view name() const {
    if (name_override != nullptr) {
      return name_override;
    }
    if (ops->name_of != nullptr) {
      return ops->name_of(object);
    }
    return ops->type_name;
  }
};

} // namespace detail

// A read-only look at one entry; valid until the next request or commit.
template <class C, class E>
class entry_view {
public:
  entry_view(const detail::entry<C, E>& e, std::size_t depth)
      : entry_(&e)
      , depth_(depth) {}

  [[nodiscard]] std::string_view name() const { return entry_->name(); }
  [[nodiscard]] strata::modality modality() const { return entry_->mode; }
  // Position from the bottom of the view it came from, starting at 0.
  [[nodiscard]] std::size_t depth() const { return depth_; }
  [[nodiscard]] bool paused() const { return entry_->paused; }

  // The state object if it was pushed as exactly T, otherwise null.
  template <class T>
  [[nodiscard]] T* get() const {
    return entry_->ops == &detail::ops_for<T, C, E> ? static_cast<T*>(entry_->object) : nullptr;
  }
  template <class T>
  [[nodiscard]] bool is() const {
    return get<T>() != nullptr;
  }

private:
  const detail::entry<C, E>* entry_;
  std::size_t depth_;
};

} // namespace strata
