// bench/baselines/array_manager.hpp: baseline 4, the array manager of C game tutorials: a plain
// array of state pointers that doubles its capacity when full. Push calls enter and pop calls
// exit at once (there is no pause or resume), and each frame calls the top state only.
#pragma once

#include <cstddef>
#include <cstdlib>
#include <string_view>

#include "out_of_memory.hpp"
#include "virtual_state.hpp"

namespace bench {

class array_manager {
public:
  array_manager() = default;
  array_manager(const array_manager&) = delete;
  array_manager& operator=(const array_manager&) = delete;
  array_manager(array_manager&&) = delete;
  array_manager& operator=(array_manager&&) = delete;
  ~array_manager() { std::free(states_); }

  void push(virtual_state* state) {
    if (size_ == capacity_) {
      grow();
    }
    states_[size_++] = state;
    state->enter();
  }

  void pop() { states_[--size_]->exit(); }

  void update(double dt) {
    if (size_ > 0) {
      states_[size_ - 1]->update(dt);
    }
  }

  [[nodiscard]] std::size_t size() const { return size_; }

private:
  void grow() {
    const std::size_t capacity = capacity_ == 0 ? initial_capacity : capacity_ * 2;
    // NOLINTNEXTLINE(bugprone-sizeof-expression): the array holds pointers.
    void* grown = std::realloc(static_cast<void*>(states_), capacity * sizeof(virtual_state*));
    if (grown == nullptr) {
      out_of_memory();
    }
    states_ = static_cast<virtual_state**>(grown);
    capacity_ = capacity;
  }

  static constexpr std::size_t initial_capacity = 4;
  virtual_state** states_ = nullptr;
  std::size_t size_ = 0;
  std::size_t capacity_ = 0;
};

class array_manager_subject {
public:
  static constexpr std::string_view label = "array_manager";
  static constexpr std::size_t state_bytes_per_push = 0;

  explicit array_manager_subject(std::size_t capacity)
      : states_(capacity) {}

  void push() { manager_.push(states_.at(manager_.size())); }
  void pop() { manager_.pop(); }
  void commit() {}
  void update(double dt) { manager_.update(dt); }

private:
  premade_states states_;
  array_manager manager_;
};

} // namespace bench
