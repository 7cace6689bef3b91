// src/c_errors.hpp: how failures of the C++ core become the result codes of the C API, so that
// no exception ever leaves a C API function.
#pragma once

#include <array>
#include <cstddef>
#include <exception>
#include <initializer_list>
#include <new>
#include <span>
#include <string_view>
#include <utility>

#include <strata/error.hpp>
#include <strata/strata.h>

// The C library catches at its boundary what C++ callbacks throw, and rolls failed callbacks back
// by throwing (strata_fail): src/CMakeLists.txt compiles it with exceptions in every build.
#ifdef STRATA_NO_EXCEPTIONS
#error "the C API (src/) must be compiled with exceptions: see docs/c-api.md, Exceptions"
#endif

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
static_assert(code_of(errc::bad_time_scale) == STRATA_E_BAD_TIME_SCALE);
static_assert(code_of(errc::bad_transition) == STRATA_E_BAD_TRANSITION);
static_assert(code_of(errc::bad_registration) == STRATA_E_BAD_REGISTRATION);
static_assert(code_of(errc::restore_failed) == STRATA_E_RESTORE_FAILED);
static_assert(code_of(errc::bad_binding) == STRATA_E_BAD_BINDING);

// The longest message a stack keeps (strata_last_error), terminator included; a message built
// on the way there has the same room, so nothing is cut twice.
constexpr std::size_t message_capacity = 1024;

// Writes `parts` one after the other into `out`, cut to fit, always terminated: the messages of
// the C API are built without allocating, since one may report that memory ran out.
inline void join_cut(std::span<char> out, std::initializer_list<std::string_view> parts) noexcept {
  std::size_t used = 0;
  for (std::string_view part : parts) {
    used += part.copy(out.data() + used, out.size() - 1 - used);
  }
  out[used] = '\0';
}

// Thrown by a C state's callback trampoline once a callback that called strata_fail() has
// returned: the core treats it as any throwing hook (R25), and contain() makes it
// STRATA_E_CALLBACK_FAILED with this message.
class callback_failed final : public std::exception {
public:
  callback_failed(std::string_view state, std::string_view hook,
                  std::string_view message) noexcept {
    join_cut(text_,
             {"strata: '", state, "'.", hook, " failed", message.empty() ? "" : ": ", message});
  }
  [[nodiscard]] const char* what() const noexcept override { return text_.data(); }

private:
  std::array<char, message_capacity> text_{};
};

// Runs `body` (which returns a result) and turns anything it throws into a result code, which
// goes to `report(code, message, detail)` along with a message in two parts.
template <class Body, class Report>
int contain(Body&& body, Report&& report) noexcept {
  try {
    return std::forward<Body>(body)();
  } catch (const strata::error& e) {
    return report(code_of(e.code()), e.what(), std::string_view{});
  } catch (const callback_failed& e) {
    return report(STRATA_E_CALLBACK_FAILED, e.what(), std::string_view{});
  } catch (const std::bad_alloc&) {
    return report(STRATA_E_NO_MEMORY, "strata: out of memory", std::string_view{});
  } catch (const std::exception& e) {
    return report(STRATA_E_EXCEPTION, "strata: a callback threw an exception: ", e.what());
  } catch (...) {
    return report(STRATA_E_EXCEPTION, "strata: a callback threw an exception", std::string_view{});
  }
}

} // namespace strata::capi
