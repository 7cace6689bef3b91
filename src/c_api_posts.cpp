// src/c_api_posts.cpp: posting from other threads through the C API (R35): a strata_poster holds
// a strata::poster of the C stack, and each post is a C callback with its user pointer and the
// discard callback that releases the pointer when the post never runs.
#include <exception>
#include <new>
#include <utility>

#include <strata/poster.hpp>
#include <strata/strata.h>

#include "c_stack.hpp"
#include "c_state.hpp"

struct strata_poster {
  strata::poster<strata::capi::c_context, strata::capi::c_event> door;
};

namespace {

using strata::capi::core_stack;

// One post: runs `run` on the stack's thread, or, if it never runs, calls `discard` from its
// destructor, wherever the post is destroyed (the cancelling thread, ~stack, a refused post).
// Kept inline in the inbox's node (R35: 64 bytes at most).
class c_post {
public:
  c_post(strata_post_fn run, void* user, strata_discard_fn discard) noexcept
      : run_(run)
      , user_(user)
      , discard_(discard) {}
  c_post(c_post&& other) noexcept
      : run_(other.run_)
      , user_(other.user_)
      , discard_(std::exchange(other.discard_, nullptr)) {}
  c_post(const c_post&) = delete;
  c_post& operator=(const c_post&) = delete;
  c_post& operator=(c_post&&) = delete;
  ~c_post() {
    if (discard_ != nullptr) {
      discard_(user_);
    }
  }

  void operator()(core_stack& stack) {
    discard_ = nullptr; // it runs: `user` is the callback's from here on
    const strata::capi::c_context& context = stack.context();
    run_(context.stack, context.env, user_);
  }

private:
  strata_post_fn run_;
  void* user_;
  strata_discard_fn discard_;
};
static_assert(sizeof(c_post) <= strata::detail::post_inbox::inline_size);

} // namespace

extern "C" {

int strata_poster_create(strata_stack* stack, strata_poster** out) {
  if (stack == nullptr) {
    return STRATA_E_NULL_STACK;
  }
  if (out == nullptr) {
    if (const int refused = stack->check_call("strata_poster_create()"); refused != STRATA_OK) {
      return refused;
    }
    return stack->fail(STRATA_E_BAD_ARGUMENT,
                       {"strata: strata_poster_create() with a null output"});
  }
  *out = nullptr;
  return stack->request("strata_poster_create()", [&] {
    // The stack's allocator is its thread's: a poster is released on any thread.
    *out = new strata_poster{stack->core().poster()};
    return STRATA_OK;
  });
}

int strata_post(strata_poster* poster, strata_post_fn run, void* user, strata_discard_fn discard,
                strata_ticket* ticket) {
  if (ticket != nullptr) {
    *ticket = STRATA_TICKET_NONE;
  }
  c_post post{run, user, discard}; // discards `user` unless the inbox takes it
  if (poster == nullptr || run == nullptr) {
    return STRATA_E_BAD_ARGUMENT;
  }
  try {
    const strata::post_ticket made = poster->door.post(std::move(post));
    if (made == strata::post_ticket::none) {
      return STRATA_E_STACK_GONE;
    }
    if (ticket != nullptr) {
      *ticket = static_cast<strata_ticket>(made);
    }
    return STRATA_OK;
  } catch (const std::bad_alloc&) {
    return STRATA_E_NO_MEMORY;
  } catch (...) { // a std::mutex that could not lock
    return STRATA_E_EXCEPTION;
  }
}

int strata_post_cancel(strata_poster* poster, strata_ticket ticket, int* cancelled) {
  if (cancelled != nullptr) {
    *cancelled = 0;
  }
  if (poster == nullptr) {
    return STRATA_E_BAD_ARGUMENT;
  }
  const bool removed = poster->door.cancel(static_cast<strata::post_ticket>(ticket));
  if (cancelled != nullptr) {
    *cancelled = removed ? 1 : 0;
  }
  return STRATA_OK;
}

void strata_poster_release(strata_poster* poster) {
  delete poster;
}

} // extern "C"
