// strata/detail/flat_array.hpp: a growable array of trivially copyable elements in the stack's
// memory, which keeps its size and capacity as counts. std::vector keeps end pointers, so that
// each size() divides by the element size (an entry is not a power of two), and the commit loop
// reads sizes on every step: that division was a tenth of a push/pop cycle (issue 12). The counts
// are 32 bits, and the array does not keep the memory it allocates from: the calls that allocate
// or free are given it by the owner, which gives the block back with release() before it ends.
// A stack holds nine of these arrays, all in its one memory, so each is 16 bytes, not 32 with
// 64-bit counts and a pointer to the memory (issue 12's S5: sizeof(stack)). Growing past room
// for 2^32 - 1 elements fails as out of memory.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

#include "../memory.hpp"

namespace strata::detail {

template <class T>
class flat_array {
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);

public:
  flat_array() = default;
  flat_array(const flat_array&) = delete;
  flat_array& operator=(const flat_array&) = delete;
  flat_array(flat_array&&) = delete;
  flat_array& operator=(flat_array&&) = delete;
  ~flat_array() = default; // the owner has called release(): see above

  [[nodiscard]] std::size_t size() const { return size_; }
  [[nodiscard]] std::size_t capacity() const { return capacity_; }
  [[nodiscard]] bool empty() const { return size_ == 0; }
  [[nodiscard]] T* data() { return data_; }
  [[nodiscard]] const T* data() const { return data_; }
  [[nodiscard]] T* begin() { return data_; }
  [[nodiscard]] T* end() { return data_ + size_; }
  [[nodiscard]] const T* begin() const { return data_; }
  [[nodiscard]] const T* end() const { return data_ + size_; }
  [[nodiscard]] T& operator[](std::size_t i) { return data_[i]; }
  [[nodiscard]] const T& operator[](std::size_t i) const { return data_[i]; }
  [[nodiscard]] T& back() { return data_[size_ - 1]; }
  [[nodiscard]] const T& back() const { return data_[size_ - 1]; }

  // Throws (or fails as the resource does) before it changes anything. By value: `value` may
  // be an element of this array, which growing frees.
  void push_back(const memory& source, T value) {
    if (size_ == capacity_) [[unlikely]] {
      grow_to(source, grown_capacity());
    }
    data_[size_++] = value;
  }
  // Room for `more` appends, grown at least as push_back() grows (doubling), so that a caller
  // making room for a few at a time, many times, allocates a few times, not at each. May throw,
  // changing nothing.
  void make_room_for(const memory& source, std::size_t more) {
    if (more <= std::size_t{capacity_} - size_) {
      return;
    }
    // Past the counts: refused before size_ + more is computed, which could wrap around into a
    // small size (with a 32-bit size_t, max_count is its largest value).
    if (more > max_count - size_) [[unlikely]] {
      memory::out_of_memory();
    }
    const std::size_t needed = std::size_t{size_} + more;
    const std::size_t grown = grown_capacity();
    grow_to(source, needed > grown ? needed : grown);
  }
  // For a caller that made room first (so that it fails before it changes anything): appends
  // without testing the capacity again.
  void append_reserved(T value) { data_[size_++] = value; }
  void reserve(const memory& source, std::size_t capacity) {
    if (capacity > capacity_) {
      grow_to(source, capacity);
    }
  }
  // Inserts `value` before element `index`, growing as push_back() does; reports a failure
  // (out of memory) instead of throwing it, having changed nothing.
  [[nodiscard]] bool try_insert(const memory& source, std::size_t index, T value) noexcept {
    if (size_ == capacity_) {
      const std::size_t capacity = grown_capacity();
      auto* grown = capacity > max_count
                        ? nullptr
                        : static_cast<T*>(source.try_allocate(capacity * sizeof(T), alignof(T)));
      if (grown == nullptr) {
        return false;
      }
      adopt(source, grown, capacity);
    }
    std::memmove(data_ + index + 1, data_ + index, (size_ - index) * sizeof(T));
    data_[index] = value;
    ++size_;
    return true;
  }
  void pop_back() { --size_; }
  // Keeps the first `size` elements; never grows.
  void truncate(std::size_t size) { size_ = static_cast<std::uint32_t>(size); }
  void clear() { size_ = 0; }
  // Empties it and gives its block back to the memory.
  void release(const memory& source) noexcept {
    if (data_ != nullptr) {
      source.deallocate(data_, std::size_t{capacity_} * sizeof(T), alignof(T));
    }
    data_ = nullptr;
    size_ = 0;
    capacity_ = 0;
  }
  void erase(std::size_t index) {
    std::memmove(data_ + index, data_ + index + 1, (size_ - index - 1) * sizeof(T));
    --size_;
  }

private:
  static constexpr std::size_t max_count = std::numeric_limits<std::uint32_t>::max();

  [[nodiscard]] std::size_t grown_capacity() const {
    return size_ == 0 ? 1 : 2 * std::size_t{size_};
  }
  [[gnu::noinline]] void grow_to(const memory& source, std::size_t capacity) {
    if (capacity > max_count) [[unlikely]] {
      memory::out_of_memory();
    }
    adopt(source, static_cast<T*>(source.allocate(capacity * sizeof(T), alignof(T))), capacity);
  }
  // Moves the elements to `grown`, which holds `capacity`.
  void adopt(const memory& source, T* grown, std::size_t capacity) noexcept {
    if (data_ != nullptr) {
      std::memcpy(grown, data_, std::size_t{size_} * sizeof(T));
      source.deallocate(data_, std::size_t{capacity_} * sizeof(T), alignof(T));
    }
    data_ = grown;
    capacity_ = static_cast<std::uint32_t>(capacity);
  }

  T* data_ = nullptr;
  std::uint32_t size_ = 0;
  std::uint32_t capacity_ = 0;
};

} // namespace strata::detail
