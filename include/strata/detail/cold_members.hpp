// strata/detail/cold_members.hpp: what a stack keeps but seldom touches: the observer, an
// observer or error handler waiting to take over from one that replaced itself from inside its
// own call (R22, R27), who pushed whom during a commit (R23), and the probe (R36). Held out of the
// stack object (issue 12: sizeof and the cache lines a frame touches), made from options::memory by
// the first request that needs one of them, and kept until the stack is destroyed.
#pragma once

#include <cstdint>
#include <new>
#include <optional>

#include "../error.hpp"
#include "../memory.hpp"
#include "../observer.hpp"
#include "../probe.hpp"
#include "runaway_log.hpp"

namespace strata::detail {

struct cold_members {
  strata::observer observer;
  std::optional<strata::observer> next_observer;
  std::optional<error_handler> next_handler;
  runaway_log log;
  // R36: the probe, the hook call it was last told began and has not ended (what a request made
  // now comes from), and the frames begun while a probe was installed.
  strata::probe* probe = nullptr;
  hook_call* running = nullptr;
  std::uint64_t frame = 0;
  bool in_frame = false;

  // Whether a step is told to anyone: the stack keeps this as its observed_ flag.
  [[nodiscard]] bool watched() const { return static_cast<bool>(observer) || probe != nullptr; }
};

// Owns the cold members once made; until then a stack pays one null pointer for them.
class cold_storage {
public:
  explicit cold_storage(const memory* memory)
      : memory_(memory) {}
  cold_storage(const cold_storage&) = delete;
  cold_storage& operator=(const cold_storage&) = delete;
  cold_storage(cold_storage&&) = delete;
  cold_storage& operator=(cold_storage&&) = delete;
  ~cold_storage() {
    if (made_ != nullptr) {
      made_->~cold_members();
      memory_->deallocate(made_, sizeof(cold_members), alignof(cold_members));
    }
  }

  // Null until get() made them.
  [[nodiscard]] cold_members* find() const { return made_; }
  // Makes them the first time. May throw (out of memory) before it changes anything.
  cold_members& get() {
    if (made_ == nullptr) [[unlikely]] {
      make();
    }
    return *made_;
  }

private:
  // Out of line, so that the requests that may need the members stay small enough to inline.
  [[gnu::cold, gnu::noinline]] void make() {
    void* const place = memory_->allocate(sizeof(cold_members), alignof(cold_members));
    made_ = ::new (place) cold_members{}; // constructing them throws nothing
  }

  cold_members* made_ = nullptr;
  const memory* memory_; // the stack's, which outlives it
};

} // namespace strata::detail
