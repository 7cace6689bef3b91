// src/c_api_stack.cpp: the C API's stack lifetime, settings, observer and last error.
#include <new>

#include <strata/detail/scope_guard.hpp>
#include <strata/strata.h>

#include "c_errors.hpp"
#include "c_stack.hpp"

namespace {

bool valid_allocator(const strata_options* options) {
  const strata_allocator* allocator = options != nullptr ? options->allocator : nullptr;
  return allocator == nullptr ||
         (allocator->allocate != nullptr && allocator->deallocate != nullptr);
}

} // namespace

extern "C" {

int strata_create(strata_stack** out, void* env, const strata_options* options) {
  if (out == nullptr) {
    return STRATA_E_BAD_ARGUMENT;
  }
  *out = nullptr;
  if (!valid_allocator(options)) {
    return STRATA_E_BAD_ARGUMENT;
  }
  // The stack itself comes from the allocator it is given, like everything it allocates.
  strata::capi::c_memory memory(options != nullptr ? options->allocator : nullptr);
  return strata::capi::contain(
      [&] {
        void* place = memory.allocate(sizeof(strata_stack), alignof(strata_stack));
        strata::detail::on_unwind give_back{
            [&] { memory.deallocate(place, sizeof(strata_stack), alignof(strata_stack)); }};
        *out = ::new (place) strata_stack(env, options);
        give_back.dismiss();
        return STRATA_OK;
      },
      [](int code, auto /*message*/, auto /*detail*/) { return code; });
}

int strata_destroy(strata_stack* stack) {
  if (stack == nullptr) {
    return STRATA_E_NULL_STACK;
  }
  if (const int refused = stack->check_destroy(); refused != STRATA_OK) {
    return refused;
  }
  stack->begin_destroy();
  strata::capi::c_memory memory = stack->memory();
  stack->~strata_stack();
  memory.deallocate(stack, sizeof(strata_stack), alignof(strata_stack));
  return STRATA_OK;
}

int strata_set_coalesced(strata_stack* stack, int on) {
  if (stack == nullptr) {
    return STRATA_E_NULL_STACK;
  }
  return stack->request("strata_set_coalesced()", [&] {
    stack->core().set_coalesced(on != 0);
    return STRATA_OK;
  });
}

int strata_set_max_transitions(strata_stack* stack, size_t limit) {
  if (stack == nullptr) {
    return STRATA_E_NULL_STACK;
  }
  return stack->request("strata_set_max_transitions()", [&] {
    stack->core().set_max_transitions(
        strata::capi::limit_or_default(limit, strata::capi::default_options.max_transitions));
    return STRATA_OK;
  });
}

int strata_set_max_depth(strata_stack* stack, size_t limit) {
  if (stack == nullptr) {
    return STRATA_E_NULL_STACK;
  }
  return stack->request("strata_set_max_depth()", [&] {
    stack->core().set_max_depth(
        strata::capi::limit_or_default(limit, strata::capi::default_options.max_depth));
    return STRATA_OK;
  });
}

int strata_get_options(const strata_stack* stack, strata_options* out) {
  if (stack == nullptr) {
    return STRATA_E_NULL_STACK;
  }
  if (const int refused = stack->check_call("strata_get_options()"); refused != STRATA_OK) {
    return refused;
  }
  if (out == nullptr) {
    return stack->fail(STRATA_E_BAD_ARGUMENT, {"strata: strata_get_options() with a null output"});
  }
  const strata::options settings = stack->core().settings();
  *out = strata_options{&stack->memory().allocator(), settings.coalesced ? 1 : 0,
                        settings.max_transitions, settings.max_depth};
  return STRATA_OK;
}

int strata_set_observer(strata_stack* stack, strata_observer_fn observer, void* user) {
  if (stack == nullptr) {
    return STRATA_E_NULL_STACK;
  }
  return stack->request("strata_set_observer()", [&] {
    stack->set_observer(observer, user);
    return STRATA_OK;
  });
}

int strata_fail(strata_stack* stack, const char* message) {
  if (stack == nullptr) {
    return STRATA_E_NULL_STACK;
  }
  return stack->fail_callback(message);
}

const char* strata_last_error(const strata_stack* stack) {
  return stack != nullptr ? stack->last_error() : strata_error_string(STRATA_E_NULL_STACK);
}

int strata_last_error_code(const strata_stack* stack) {
  return stack != nullptr ? stack->last_error_code() : STRATA_E_NULL_STACK;
}

} // extern "C"
