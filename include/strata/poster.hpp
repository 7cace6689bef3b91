// strata/poster.hpp: requests from other threads (R35, docs/threads.md). A stack stays on the
// thread that made it; a poster, from `stack.poster()`, is the one door through which any thread
// may hand it a callable that makes ordinary requests, applied on the game thread at the start of
// the next commit:
//
//   strata::poster<game> post = states.poster();        // on the game thread
//   std::jthread network{[post] {                       // copies go to any thread
//     post.post([](strata::stack<game>& s) { s.push<disconnected>(); });
//   }};
//
// Not included by strata.hpp: a game that never posts compiles no <mutex> or <atomic> for it.
#pragma once

#include <concepts>
#include <cstdint>
#include <memory>
#include <new>
#include <type_traits>
#include <utility>

#include "detail/post_inbox.hpp"
#include "stack.hpp"

namespace strata {

// What post() returns, to cancel the post: numbered per stack from 1, in the order the posts
// are applied. `none`: the post was refused, its stack being gone.
enum class post_ticket : std::uint64_t { none = 0 };

template <class Context = no_context, class Event = no_event>
class poster {
public:
  using stack_type = stack<Context, Event>;

  // Posts nowhere: every post is refused (a member to be assigned later).
  poster() = default;
  poster(const poster& other) noexcept
      : inbox_(other.inbox_) {
    if (inbox_ != nullptr) {
      inbox_->share();
    }
  }
  poster(poster&& other) noexcept
      : inbox_(std::exchange(other.inbox_, nullptr)) {}
  poster& operator=(poster other) noexcept {
    std::swap(inbox_, other.inbox_);
    return *this;
  }
  ~poster() {
    if (inbox_ != nullptr) {
      inbox_->release();
    }
  }

  // R35: any thread. `request(stack)` runs on the game thread at the start of the next commit
  // that starts after this returns, after the posts made before it, and may make any request of
  // the stack (but not commit, nor run a pass). A callable of up to 64 bytes is kept in a node
  // the inbox recycles: once warmed up, posting allocates nothing; a larger one is moved into a
  // block of operator new of its own, for each post. Returns post_ticket::none, and destroys
  // nothing but what the argument owns as usual, when the stack is gone.
  template <class Request>
  requires std::invocable < std::decay_t<Request>
  &, stack_type& > post_ticket post(Request&& request) const {
    if (inbox_ == nullptr) {
      return post_ticket::none;
    }
    using callable = std::decay_t<Request>;
    return post_ticket{inbox_->post([&](void* storage) -> const detail::post_ops* {
      if constexpr (kept_inline<callable>) {
        ::new (storage) callable(std::forward<Request>(request));
        return &inline_ops<callable>;
      } else {
        ::new (storage) callable*(new callable(std::forward<Request>(request)));
        return &boxed_ops<callable>;
      }
    })};
  }

  // R35: any thread. Removes the post `ticket` if it has not started to run, destroying its
  // callable on the calling thread; returns whether it did. False once the post has started or
  // run, once it was cancelled, and when the stack is gone (its posts were destroyed with it).
  bool cancel(post_ticket ticket) const noexcept {
    return inbox_ != nullptr && ticket != post_ticket::none &&
           inbox_->cancel(static_cast<std::uint64_t>(ticket));
  }

private:
  friend stack_type; // stack::poster()

  explicit poster(detail::inbox_door* door) noexcept
      : inbox_(static_cast<detail::post_inbox*>(door)) {
    inbox_->share();
  }
  // The inbox of a stack's first poster, shared by the stack until it is destroyed.
  [[nodiscard]] static detail::inbox_door* open_inbox() { return detail::post_inbox::open(); }

  template <class F>
  static constexpr bool kept_inline = detail::post_inbox::kept_inline(sizeof(F), alignof(F));

  template <class F>
  static F& in(void* storage) noexcept {
    return *std::launder(static_cast<F*>(storage));
  }
  template <class F>
  static constexpr detail::post_ops inline_ops{
      [](void* storage, void* target) { in<F>(storage)(*static_cast<stack_type*>(target)); },
      [](void* storage) noexcept { in<F>(storage).~F(); }};
  template <class F>
  static constexpr detail::post_ops boxed_ops{
      [](void* storage, void* target) { (*in<F*>(storage))(*static_cast<stack_type*>(target)); },
      [](void* storage) noexcept { delete in<F*>(storage); }};

  detail::post_inbox* inbox_ = nullptr;
};

} // namespace strata
