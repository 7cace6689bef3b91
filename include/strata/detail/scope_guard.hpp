// strata/detail/scope_guard.hpp: runs cleanup when a scope ends, or only when it ends by an
// exception, so that every hook call leaves the stack consistent without try/catch (which
// builds without exceptions cannot compile).
#pragma once

#include <utility>

namespace strata::detail {

template <class F>
class on_unwind {
public:
  explicit on_unwind(F cleanup)
      : cleanup_(std::move(cleanup)) {}
  on_unwind(const on_unwind&) = delete;
  on_unwind& operator=(const on_unwind&) = delete;
  ~on_unwind() {
    if (armed_) {
      cleanup_();
    }
  }
  void dismiss() noexcept { armed_ = false; }

private:
  F cleanup_;
  bool armed_ = true;
};

template <class F>
class at_scope_exit {
public:
  explicit at_scope_exit(F cleanup)
      : cleanup_(std::move(cleanup)) {}
  at_scope_exit(const at_scope_exit&) = delete;
  at_scope_exit& operator=(const at_scope_exit&) = delete;
  ~at_scope_exit() { cleanup_(); }

private:
  F cleanup_;
};

} // namespace strata::detail
