// strata/stack_view.hpp: read-only access to one of the stack's two views (committed or
// staged): size, top, find by name, and iteration bottom to top.
#pragma once

#include <cstddef>
#include <iterator>
#include <optional>
#include <string_view>

#include "detail/checked.hpp"
#include "entry.hpp"

namespace strata {

template <class Context, class Event>
class stack;

// Valid until the next request or commit.
template <class Context, class Event>
class stack_view {
public:
  using value_type = entry_view<Context, Event>;
  enum class which { committed, staged };

  class iterator {
  public:
    using value_type = entry_view<Context, Event>;
    using difference_type = std::ptrdiff_t;
    using iterator_category = std::forward_iterator_tag;

    iterator() = default;
    iterator(const stack_view* view, std::size_t depth)
        : view_(view)
        , depth_(depth) {}
    value_type operator*() const { return (*view_)[depth_]; }
    iterator& operator++() {
      ++depth_;
      return *this;
    }
    iterator operator++(int) {
      iterator before = *this;
      ++depth_;
      return before;
    }
    friend bool operator==(const iterator& a, const iterator& b) { return a.depth_ == b.depth_; }

  private:
    const stack_view* view_ = nullptr;
    std::size_t depth_ = 0;
  };

  stack_view(const stack<Context, Event>& owner, which side)
      : owner_(&owner)
      , side_(side) {
    STRATA_IF_CHECKED(owner_->checks_.check_thread(side_name());)
  }

  [[nodiscard]] std::size_t size() const {
    STRATA_IF_CHECKED(owner_->checks_.check_thread(side_name(), ".size()");)
    return side_ == which::committed ? owner_->entries_.committed_size() : owner_->staged_size();
  }
  [[nodiscard]] bool empty() const { return size() == 0; }

  // depth 0 is the bottom.
  [[nodiscard]] value_type operator[](std::size_t depth) const {
    STRATA_IF_CHECKED(check_index(depth);)
    return make_view(depth);
  }
  [[nodiscard]] std::optional<value_type> top() const {
    if (empty()) {
      return std::nullopt;
    }
    return (*this)[size() - 1];
  }
  // The entry nearest the top with this name.
  [[nodiscard]] std::optional<value_type> find(std::string_view name) const {
    for (std::size_t depth = size(); depth-- > 0;) {
      if ((*this)[depth].name() == name) {
        return (*this)[depth];
      }
    }
    return std::nullopt;
  }
  [[nodiscard]] bool contains(std::string_view name) const { return find(name).has_value(); }

  [[nodiscard]] iterator begin() const { return iterator{this, 0}; }
  [[nodiscard]] iterator end() const { return iterator{this, size()}; }

private:
  [[nodiscard]] const detail::entry<Context, Event>& entry_at(std::size_t depth) const {
    return side_ == which::committed ? owner_->entries_.committed_at(depth)
                                     : owner_->entries_.staged()[depth];
  }

#if STRATA_CHECKED
  // The view checks each use against the stack's generation of now.
  [[nodiscard]] value_type make_view(std::size_t depth) const {
    return value_type{entry_at(depth), depth, owner_->checks_};
  }

  [[nodiscard]] std::string_view side_name() const {
    return side_ == which::committed ? "committed()" : "staged()";
  }
  void check_index(std::size_t depth) const noexcept {
    owner_->checks_.check_thread(side_name(), "[]");
    const std::size_t held = size();
    if (depth >= held) [[unlikely]] {
      const std::string_view side = side_ == which::committed ? "committed" : "staged";
      detail::checked_failure({side_name(), "[", detail::decimal{depth}, "] is out of range: the ",
                               side, " stack holds ", detail::decimal{held},
                               held == 1 ? " state" : " states"});
    }
  }
#else
  [[nodiscard]] value_type make_view(std::size_t depth) const {
    return value_type{entry_at(depth), depth};
  }
#endif

  const stack<Context, Event>* owner_;
  which side_;
};

} // namespace strata
