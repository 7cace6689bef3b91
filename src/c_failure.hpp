// src/c_failure.hpp: strata_fail(), how a C callback says that it failed. A state's trampoline
// marks the callback it runs as the one that may fail; strata_fail() records the message there;
// once the callback has returned, the trampoline throws callback_failed (c_errors.hpp), which the
// core rolls back as any throwing hook (R25).
#pragma once

#include <array>
#include <string_view>

namespace strata::capi {

class callback_failures {
public:
  // One state callback under way, which strata_fail() may fail.
  class running {
  public:
    explicit running(callback_failures& owner) noexcept;
    running(const running&) = delete;
    running& operator=(const running&) = delete;
    ~running();

    // Throws callback_failed when strata_fail() was called during the callback.
    void finish(std::string_view state, std::string_view hook) const;

  private:
    callback_failures& owner_;
    bool outer_open_;
  };

  // A C API call made from inside a callback: the callbacks it runs in turn (the observer,
  // destroy callbacks, a match function, the allocator) are not the one that may fail.
  class suspended {
  public:
    explicit suspended(callback_failures& owner) noexcept;
    suspended(const suspended&) = delete;
    suspended& operator=(const suspended&) = delete;
    ~suspended();

  private:
    callback_failures& owner_;
    bool outer_open_;
  };

  // Fails the callback under way with `message` (NULL: none); the first failure of a callback
  // is the one kept. False when no callback that may fail is under way.
  bool fail(const char* message) noexcept;

private:
  bool open_ = false;
  bool failed_ = false;
  std::array<char, 256> message_{};
};

} // namespace strata::capi
