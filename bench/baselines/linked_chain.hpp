// bench/baselines/linked_chain.hpp: baseline 2, the linked chain of the first design article
// (shared/seeds/000_*.txt, "Linked-List Approach"), step for step and in its order of checks.
// Each push mallocs a node that links to the state below it (its parent); `staging_` is the top
// the requests have made, `head_` the top the last commit made. Push and pop move `staging_`
// only; commit moves `head_` towards it one state at a time, deciding each step afresh.
//
// Costs that follow from the seed's order of checks, not from this transcription:
// - a pop and its commit cost the same at every depth: the popped node is `head_` (found at
//   once) and `staging_` is the parent of `head_` (found one link down);
// - a push and its commit cost the depth: the first membership test walks from `head_` to the
//   bottom looking for `staging_`, which is above it; k pushes before one commit cost on the
//   order of k^2 steps.
//
// What the bench changes: a node holds a `virtual_state*`, whose virtual functions are the
// seed's callbacks (enter, exit, pause, resume; update stands for both active and inactive) and
// whose object is the seed's `data`, so every subject calls the same trivial hooks (and a node
// is 16 bytes where the seed's, holding six callbacks by value, is 64); the seed's null tests of
// its callbacks have nothing to test here. A failed malloc goes to out_of_memory(), as in the
// other C-style baseline (the seed does not check).
#pragma once

#include <cassert>
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
  // The seed has no teardown: pop everything and commit, so that every entered state gets its
  // exit (as strata's destructor gives it) and every node is freed. Quadratic in the depth, as
  // each pop looks for its node from `head_` down; off every measured run.
  ~linked_chain() {
    while (staging_ != nullptr) {
      pop();
    }
    commit();
  }

  // Seed, "Adding New States" (state_push): the new node's parent is `staging_`, and it becomes
  // `staging_`; `head_` is not involved.
  void push(virtual_state* state) {
    void* memory = std::malloc(sizeof(node));
    if (memory == nullptr) {
      out_of_memory();
    }
    staging_ = ::new (memory) node{state, staging_};
  }

  // The static analyzer cannot see that a node is freed either here (if `head_` cannot reach it)
  // or by commit (once `head_` leaves it), never both.
  // NOLINTBEGIN(clang-analyzer-unix.Malloc)

  // Seed, "Removing States" (state_pop): `staging_` moves to the parent. A node `head_` cannot
  // reach was pushed since the last commit and never entered: it is freed now, without a hook.
  // One `head_` reaches stays until commit exits it.
  void pop() {
    assert(staging_ != nullptr);
    node* old = staging_;
    staging_ = old->parent;
    if (!in_chain(old, head_)) {
      std::free(old);
    }
  }

  // Seed, "Commit" (commit_chain), one function as in the seed: one step per turn until `head_`
  // is `staging_`, the direction decided afresh each turn (a hook may have moved `staging_`) by
  // the seed's five cases, in the seed's order.
  void commit() {
    while (head_ != staging_) {
      bool retreat = false;
      // The seed's five cases stay five, though three of them retreat.
      // NOLINTBEGIN(bugprone-branch-clone)
      if (head_ == nullptr) {
        retreat = false; // the stack was empty: it can only grow
      } else if (staging_ == nullptr) {
        retreat = true; // the stack will be empty: it can only shrink
      } else if (in_chain(staging_, head_)) {
        retreat = true; // staging is below head
      } else if (in_chain(head_, staging_)) {
        retreat = false; // head is below staging
      } else {
        retreat = true; // diverged: back down to the common ancestor first
      }
      // NOLINTEND(bugprone-branch-clone)

      if (retreat) {
        // `head_` moves to its parent first, then the old head exits and is freed, then the
        // new head (if any) resumes, even if the next turn exits it.
        node* to_exit = head_;
        head_ = to_exit->parent;
        to_exit->state->exit();
        std::free(to_exit);
        if (head_ != nullptr) {
          head_->state->resume();
        }
      } else {
        // The node just above `head_`, found by walking down from `staging_`; the head (if
        // any) pauses, that node enters and becomes the head, even if the next turn pauses it.
        node* to_enter = staging_;
        while (to_enter->parent != head_) {
          to_enter = to_enter->parent;
        }
        if (head_ != nullptr) {
          head_->state->pause();
        }
        to_enter->state->enter();
        head_ = to_enter;
      }
    }
  }

  // NOLINTEND(clang-analyzer-unix.Malloc)

  // Seed, "Implementation" (step_chain, step_state): recursion down to the bottom state, then
  // the calls on the way back up, bottom to top (active for the head, inactive for the others:
  // here both are update).
  void update(double dt) {
    if (head_ != nullptr) {
      step(head_, dt);
    }
  }

private:
  struct node {
    virtual_state* state; // the seed's callbacks and data
    node* parent;         // the state below; null at the bottom
  };

  // Seed, state_in_chain: whether `needle` is `haystack` or one of its ancestors. A null needle
  // is never found (commit tests for null before it asks).
  static bool in_chain(const node* needle, const node* haystack) {
    for (; haystack != nullptr; haystack = haystack->parent) {
      if (haystack == needle) {
        return true;
      }
    }
    return false;
  }

  // Seed, step_state: the states below first, then this one.
  static void step(node* state_ref, double dt) {
    if (state_ref->parent != nullptr) {
      step(state_ref->parent, dt);
    }
    state_ref->state->update(dt);
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
