// src/c_errors.hpp: how failures of the C++ core become the result codes of the C API, so that
// no exception ever leaves a C API function.
#pragma once

#include <exception>
#include <new>
#include <string_view>
#include <utility>

#include <strata/error.hpp>
#include <strata/strata.h>

namespace strata::capi {

// STRATA_E_x is -errc::x: the codes of the C API extend those of the core, one to one.
[[nodiscard]] constexpr int code_of(errc code) {
  return -static_cast<int>(code);
}

static_assert(code_of(errc::empty_stack) == STRATA_E_EMPTY_STACK);
static_assert(code_of(errc::reentrant_call) == STRATA_E_REENTRANT);
static_assert(code_of(errc::null_state) == STRATA_E_NULL_STATE);
static_assert(code_of(errc::borrowed_twice) == STRATA_E_BORROWED_TWICE);
static_assert(code_of(errc::not_found) == STRATA_E_NOT_FOUND);
static_assert(code_of(errc::bad_depth) == STRATA_E_BAD_DEPTH);
static_assert(code_of(errc::transition_limit) == STRATA_E_TRANSITION_LIMIT);
static_assert(code_of(errc::depth_limit) == STRATA_E_DEPTH_LIMIT);

// Runs `body` (which returns a result) and turns anything it throws into a result code, which
// goes to `report(code, message, detail)` along with a message in two parts. Builds without
// exceptions report the core's errors through its error handler instead.
template <class Body, class Report>
int contain(Body&& body, Report&& report) noexcept {
#ifndef STRATA_NO_EXCEPTIONS
  try {
    return std::forward<Body>(body)();
  } catch (const strata::error& e) {
    return report(code_of(e.code()), e.what(), std::string_view{});
  } catch (const std::bad_alloc&) {
    return report(STRATA_E_NO_MEMORY, "strata: out of memory", std::string_view{});
  } catch (const std::exception& e) {
    return report(STRATA_E_EXCEPTION, "strata: a callback threw an exception: ", e.what());
  } catch (...) {
    return report(STRATA_E_EXCEPTION, "strata: a callback threw an exception", std::string_view{});
  }
#else
  (void)report;
  return std::forward<Body>(body)();
#endif
}

} // namespace strata::capi
