// src/c_failure.cpp: the callback that strata_fail() fails, and its message.
#include "c_failure.hpp"

#include <utility>

#include "c_errors.hpp"

namespace strata::capi {

// State callbacks do not nest (a callback cannot start a commit or a pass), so one failure slot
// serves them all; a suspended callback is still under way, so each scope restores `open_`.
callback_failures::running::running(callback_failures& owner) noexcept
    : owner_(owner)
    , outer_open_(std::exchange(owner.open_, true)) {
  owner_.failed_ = false;
}

callback_failures::running::~running() {
  owner_.open_ = outer_open_;
  owner_.failed_ = false;
}

void callback_failures::running::finish(std::string_view state, std::string_view hook) const {
  if (owner_.failed_) {
    throw callback_failed(state, hook, owner_.message_.data());
  }
}

callback_failures::suspended::suspended(callback_failures& owner) noexcept
    : owner_(owner)
    , outer_open_(std::exchange(owner.open_, false)) {}

callback_failures::suspended::~suspended() {
  owner_.open_ = outer_open_;
}

bool callback_failures::fail(const char* message) noexcept {
  if (!open_) {
    return false;
  }
  if (!failed_) {
    failed_ = true;
    join_cut(message_, {message != nullptr ? message : ""});
  }
  return true;
}

} // namespace strata::capi
