// bench/baselines/linked_chain.hpp: baseline 2, the linked chain: each push mallocs a node on a
// singly linked list whose top is `staging`; `head` is the committed top. commit() moves head
// one state at a time: while head is no longer on the staged chain (found by walking down from
// staging) it exits head, otherwise it enters the node just above head, found by walking down
// from staging again. So k states pushed at once cost k^2/2 steps, and popping from depth n
// costs n.
#pragma once

#include <cstddef>
#include <cstdlib>
#include <new>
#include <string_view>

#include "out_of_memory.hpp"
#include "virtual_state.hpp"

namespace bench {

class linked_chain {
public:
  linked_chain() = default;
  linked_chain(const linked_chain&) = delete;
  linked_chain& operator=(const linked_chain&) = delete;
  linked_chain(linked_chain&&) = delete;
  linked_chain& operator=(linked_chain&&) = delete;
  ~linked_chain() {
    while (staging_ != nullptr) {
      pop();
    }
    commit();
  }

  void push(virtual_state* state) {
    void* memory = std::malloc(sizeof(node));
    if (memory == nullptr) {
      out_of_memory();
    }
    staging_ = ::new (memory) node{state, staging_};
  }

  void pop() {
    node* top = staging_;
    staging_ = top->below;
    // A node that was entered stays on the committed chain until commit exits it.
    if (!on_chain(head_, top)) {
      std::free(top);
    }
  }

  // The static analyzer cannot see that pop() frees only nodes off the committed chain.
  // NOLINTBEGIN(clang-analyzer-unix.Malloc)
  void commit() {
    while (head_ != staging_) {
      if (!on_chain(staging_, head_)) {
        exit_head();
        continue;
      }
      node* next = staging_;
      while (next->below != head_) {
        next = next->below;
      }
      if (head_ != nullptr) {
        head_->state->pause();
      }
      next->state->enter();
      head_ = next;
    }
  }
  // NOLINTEND(clang-analyzer-unix.Malloc)

  void update(double dt) {
    for (node* n = head_; n != nullptr; n = n->below) {
      n->state->update(dt);
    }
  }

private:
  struct node {
    virtual_state* state;
    node* below;
  };

  // The empty chain is the bottom of every chain.
  static bool on_chain(const node* top, const node* wanted) {
    for (; top != nullptr; top = top->below) {
      if (top == wanted) {
        return true;
      }
    }
    return wanted == nullptr;
  }

  void exit_head() {
    node* left = head_;
    left->state->exit();
    head_ = left->below;
    std::free(left);
    if (head_ != nullptr) {
      head_->state->resume();
    }
  }

  node* head_ = nullptr;
  node* staging_ = nullptr;
};

class linked_chain_subject {
public:
  static constexpr std::string_view label = "linked_chain";
  static constexpr std::size_t state_bytes_per_push = 0;

  explicit linked_chain_subject(std::size_t capacity)
      : states_(capacity) {}

  void push() { chain_.push(states_.at(staged_++)); }
  void pop() {
    chain_.pop();
    --staged_;
  }
  void commit() { chain_.commit(); }
  void update(double dt) { chain_.update(dt); }

private:
  premade_states states_; // outlives the chain, whose destructor exits them
  linked_chain chain_;
  std::size_t staged_ = 0;
};

} // namespace bench
