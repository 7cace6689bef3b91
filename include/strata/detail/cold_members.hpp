// strata/detail/cold_members.hpp: what a stack keeps but seldom touches: the observer, the
// error handler, an observer or error handler waiting to take over from one that replaced itself
// from inside its own call (R22, R27), who pushed whom during a commit (R23), the probe (R36) and
// the posters' inbox (R35).
// Held out of the stack object (issue 12: sizeof and the cache lines a frame touches), made from
// options::memory by the first request that needs one of them (or by the constructor, given an
// error handler), and kept until the stack is destroyed. The runaway log, most of their bytes, is a
// block of its own, made by the first push a commit records: a stack given only an error handler or
// an observer does without it.
#pragma once

#include <cstdint>
#include <new>
#include <optional>
#include <type_traits>

#include "../error.hpp"
#include "../memory.hpp"
#include "../observer.hpp"
#include "../probe.hpp"
#include "inbox_door.hpp"
#include "runaway_log.hpp"

namespace strata::detail {

struct cold_members {
  strata::observer observer;
  error_handler on_error; // options::on_error
  std::optional<strata::observer> next_observer;
  std::optional<error_handler> next_handler;
  runaway_log* log = nullptr; // null until the first push a commit records (R23)
  // R36: the probe, the hook call it was last told began and has not ended (what a request made
  // now comes from), and the frames begun while a probe was installed.
  strata::probe* probe = nullptr;
  hook_call* running = nullptr;
  std::uint64_t frame = 0;
  bool in_frame = false;
  // R35: the inbox of the stack's posters (post_inbox.hpp), made by its first poster() and
  // closed by its destructor; the stack's has_inbox_ says whether it is there.
  inbox_door* inbox = nullptr;

  // Whether a step is told to anyone: the stack keeps this as its observed_ flag.
  [[nodiscard]] bool watched() const { return static_cast<bool>(observer) || probe != nullptr; }
};

// Owns the cold members once made; until then a stack pays one null pointer for them. Like the
// arrays (flat_array.hpp), it keeps no pointer to the memory it allocates from: the stack hands
// it to the calls that allocate, and calls release() before it goes.
class cold_storage {
public:
  cold_storage() = default;
  cold_storage(const cold_storage&) = delete;
  cold_storage& operator=(const cold_storage&) = delete;
  cold_storage(cold_storage&&) = delete;
  cold_storage& operator=(cold_storage&&) = delete;
  ~cold_storage() = default;

  // Gives everything back to `memory`, which made it.
  void release(const memory& memory) noexcept {
    if (made_ == nullptr) {
      return;
    }
    if (made_->log != nullptr) {
      memory.deallocate(made_->log, sizeof(runaway_log), alignof(runaway_log));
    }
    made_->~cold_members();
    memory.deallocate(made_, sizeof(cold_members), alignof(cold_members));
    made_ = nullptr;
  }

  // Null until get() made them.
  [[nodiscard]] cold_members* find() const { return made_; }
  // Makes them the first time. May throw (out of memory) before it changes anything.
  cold_members& get(const memory& memory) {
    if (made_ == nullptr) [[unlikely]] {
      make(memory);
    }
    return *made_;
  }
  // The runaway log, made (with the members) the first time. May throw (out of memory); the
  // members it made first stay made, and the stack as it was.
  runaway_log& log(const memory& memory) {
    cold_members& cold = get(memory);
    if (cold.log == nullptr) [[unlikely]] {
      make_log(memory, cold);
    }
    return *cold.log;
  }

private:
  // Out of line, so that the requests that may need the members stay small enough to inline.
  [[gnu::cold, gnu::noinline]] void make(const memory& memory) {
    void* const place = memory.allocate(sizeof(cold_members), alignof(cold_members));
    made_ = ::new (place) cold_members{}; // constructing them throws nothing
  }
  // Given back without its destructor, which does nothing.
  static_assert(std::is_trivially_destructible_v<runaway_log>);
  [[gnu::cold, gnu::noinline]] static void make_log(const memory& memory, cold_members& cold) {
    void* const place = memory.allocate(sizeof(runaway_log), alignof(runaway_log));
    cold.log = ::new (place) runaway_log{};
  }

  cold_members* made_ = nullptr;
};

} // namespace strata::detail
