// strata/detail/post_inbox.hpp: the inbox that a stack and its posters share (R35): a queue of
// posted callables that any thread may add to or cancel from, and that the game thread drains at
// the start of each commit. One mutex guards the queue, so that the order is global and a cancel
// knows for certain whether its post will run; it is held only to link and unlink nodes, never
// while a callable is made, run or destroyed (those may post again). Nodes are recycled, so that
// posting allocates nothing once warmed up; they come from operator new, not from the stack's
// options::memory, which only the game thread may call.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <utility>

#include "inbox_door.hpp"
#include "scope_guard.hpp"

namespace strata::detail {

// How a callable stored in a node is run and destroyed: one table per callable type.
struct post_ops {
  void (*run)(void* callable, void* target);
  void (*destroy)(void* callable) noexcept;
};

class post_inbox final : public inbox_door {
public:
  // A callable up to this size and alignment is kept in its node; a larger one takes a block of
  // its own (see poster.hpp).
  static constexpr std::size_t inline_size = 64;
  static constexpr std::size_t inline_align = alignof(std::max_align_t);
  // Whether a callable of this size and alignment is kept in its node.
  [[nodiscard]] static constexpr bool kept_inline(std::size_t size, std::size_t align) noexcept {
    return size <= inline_size && align <= inline_align;
  }
  // The ticket of a post refused because the inbox is closed (its stack is gone).
  static constexpr std::uint64_t refused = 0;

  // A new inbox, with one share: the stack's.
  [[nodiscard]] static post_inbox* open() { return new post_inbox; }
  void share() noexcept { owners_.fetch_add(1, std::memory_order_relaxed); }
  void release() noexcept {
    if (owners_.fetch_sub(1, std::memory_order_acq_rel) == 1) {
      delete this;
    }
  }

  // Any thread: `construct(storage)` makes the callable in a node's `inline_size` bytes and
  // returns its post_ops. Returns the post's ticket (1, 2, ... in queue order), or `refused` when
  // the inbox is closed (`construct` is then not called, or the callable it made is destroyed
  // here). If `construct` throws, nothing is posted.
  template <class Construct>
  std::uint64_t post(Construct&& construct) {
    node* const n = take_spare();
    if (n == nullptr) {
      return refused;
    }
    on_unwind give_back{[&] { recycle(n); }};
    n->ops = construct(static_cast<void*>(n->storage));
    give_back.dismiss();
    {
      const std::lock_guard<std::mutex> hold{lock_};
      if (!closed_) {
        n->ticket = ++last_ticket_;
        n->next = nullptr;
        (last_ != nullptr ? last_->next : first_) = n;
        last_ = n;
        waiting_.fetch_add(1, std::memory_order_release);
        return n->ticket;
      }
    }
    discard(n); // the stack went while the callable was made
    return refused;
  }

  // Any thread: removes the post `ticket` if it has not started, destroys its callable on the
  // calling thread, and says whether it did.
  bool cancel(std::uint64_t ticket) noexcept {
    node* found = nullptr;
    {
      const std::lock_guard<std::mutex> hold{lock_};
      node* before = nullptr;
      for (node* n = first_; n != nullptr && n->ticket <= ticket; before = n, n = n->next) {
        if (n->ticket == ticket) {
          (before != nullptr ? before->next : first_) = n->next;
          if (last_ == n) {
            last_ = before;
          }
          waiting_.fetch_sub(1, std::memory_order_relaxed);
          found = n;
          break;
        }
      }
    }
    if (found == nullptr) {
      return false;
    }
    discard(found);
    return true;
  }

  [[nodiscard]] bool has_posts() const noexcept override {
    return waiting_.load(std::memory_order_acquire) != 0;
  }

  void apply_posts(void* target) override {
    if (!has_posts()) {
      return;
    }
    std::uint64_t bound = 0;
    node* n = nullptr;
    {
      const std::lock_guard<std::mutex> hold{lock_};
      bound = last_ticket_; // R35: what is posted from here on waits for the next commit
      n = take_first(bound);
    }
    while (n != nullptr) {
      {
        // R35: a callable that throws is destroyed; the posts behind it stay first in line.
        on_unwind drop{[&] { discard(n); }};
        n->ops->run(static_cast<void*>(n->storage), target);
        drop.dismiss();
      }
      n->ops->destroy(static_cast<void*>(n->storage));
      const std::lock_guard<std::mutex> hold{lock_};
      push_spare(n);
      n = take_first(bound);
    }
  }

  void close() noexcept override {
    node* left = nullptr;
    {
      const std::lock_guard<std::mutex> hold{lock_};
      closed_ = true;
      left = std::exchange(first_, nullptr);
      last_ = nullptr;
      waiting_.store(0, std::memory_order_relaxed);
    }
    // A callable's destructor may post (refused now) or drop a poster: the stack's share keeps
    // the inbox alive until the loop is over.
    while (left != nullptr) {
      node* const next = left->next;
      discard(left);
      left = next;
    }
    release();
  }

private:
  struct node {
    alignas(inline_align) unsigned char storage[inline_size];
    const post_ops* ops;
    node* next;
    std::uint64_t ticket;
  };

  post_inbox() = default;

protected: // only release() deletes it (protected, not private, as clang-tidy wants)
  ~post_inbox() {
    // Closed before the stack's share went, so only spare nodes are left.
    while (spare_ != nullptr) {
      delete std::exchange(spare_, spare_->next);
    }
  }

private:
  // A node to post in, or null when the inbox is closed. Allocates only when none is spare.
  node* take_spare() {
    {
      const std::lock_guard<std::mutex> hold{lock_};
      if (closed_) {
        return nullptr;
      }
      if (spare_ != nullptr) {
        return std::exchange(spare_, spare_->next);
      }
    }
    return new node; // NOLINT(cppcoreguidelines-owning-memory): owned by the lists
  }
  // The oldest post if its ticket is at most `bound`; under the lock.
  node* take_first(std::uint64_t bound) noexcept {
    node* const n = first_;
    if (n == nullptr || n->ticket > bound) {
      return nullptr;
    }
    first_ = n->next;
    if (first_ == nullptr) {
      last_ = nullptr;
    }
    waiting_.fetch_sub(1, std::memory_order_relaxed);
    return n;
  }
  void push_spare(node* n) noexcept { // under the lock
    n->next = spare_;
    spare_ = n;
  }
  void recycle(node* n) noexcept {
    const std::lock_guard<std::mutex> hold{lock_};
    push_spare(n);
  }
  // Destroys a callable that will not run (or has thrown) and recycles its node.
  void discard(node* n) noexcept {
    n->ops->destroy(static_cast<void*>(n->storage));
    recycle(n);
  }

  std::mutex lock_;
  node* first_ = nullptr; // the queue, oldest first
  node* last_ = nullptr;
  node* spare_ = nullptr; // recycled nodes, kept until the inbox goes
  std::uint64_t last_ticket_ = 0;
  bool closed_ = false;
  std::atomic<std::size_t> waiting_{0}; // posts queued, read by has_posts() without the lock
  std::atomic<std::size_t> owners_{1};  // the stack (until it closes) and each poster
};

} // namespace strata::detail
