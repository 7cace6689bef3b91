// src/c_api_trace.cpp: traces of a C stack (strata_trace.h): the C++ library's trace recorder
// installed as the stack's probe, and its exports written into the caller's buffer.
#include <climits>
#include <cstddef>
#include <exception>
#include <string>

#include <strata/strata_trace.h>
#include <strata/trace_chrome.hpp>
#include <strata/trace_timeline.hpp>

#include "c_bounded_text.hpp"
#include "c_stack.hpp"
#include "c_trace.hpp"

namespace strata::capi {

trace_link::~trace_link() {
  if (trace_ != nullptr) {
    trace_->installed_on = nullptr;
  }
}

void trace_link::link(strata_trace* trace, strata_stack* stack) {
  if (trace_ != nullptr) {
    trace_->installed_on = nullptr;
  }
  trace_ = trace;
  if (trace_ != nullptr) {
    trace_->installed_on = stack;
  }
}

} // namespace strata::capi

namespace {

// The text `write()` makes, handed back as snprintf does; failing to make it (out of memory, or
// a text longer than a std::string holds) is STRATA_E_NO_MEMORY.
template <class Write>
int hand_back(const strata_trace* trace, char* buffer, std::size_t size, Write&& write) {
  if (trace == nullptr || (buffer == nullptr && size > 0)) {
    return STRATA_E_BAD_ARGUMENT;
  }
  try {
    const std::string text = write(trace->recorder);
    if (text.size() > INT_MAX) {
      return STRATA_E_BAD_ARGUMENT;
    }
    strata::capi::bounded_text out(buffer, size);
    out.append(text);
    return static_cast<int>(out.finish());
  } catch (const std::exception&) {
    return STRATA_E_NO_MEMORY;
  }
}

} // namespace

void strata_stack::set_trace(strata_trace* trace) {
  core_.set_probe(trace != nullptr ? &trace->recorder : nullptr);
  trace_.link(trace, this);
}

extern "C" {

strata_trace* strata_trace_create(size_t capacity) {
  try {
    return new strata_trace(capacity);
  } catch (const std::exception&) { // bad_alloc, or length_error for a ring past max_size()
    return nullptr;
  }
}

int strata_trace_destroy(strata_trace* trace) {
  if (trace != nullptr && trace->installed_on != nullptr) {
    return STRATA_E_BAD_ARGUMENT;
  }
  delete trace;
  return STRATA_OK;
}

int strata_set_trace(strata_stack* stack, strata_trace* trace) {
  if (stack == nullptr) {
    return STRATA_E_NULL_STACK;
  }
  return stack->request("strata_set_trace()", [&]() -> int {
    if (trace != nullptr && trace->installed_on != nullptr && trace->installed_on != stack) {
      return stack->fail(STRATA_E_BAD_ARGUMENT,
                         {"strata: strata_set_trace() with a trace installed on another stack"});
    }
    stack->set_trace(trace);
    return STRATA_OK;
  });
}

int strata_begin_frame(strata_stack* stack) {
  if (stack == nullptr) {
    return STRATA_E_NULL_STACK;
  }
  return stack->run("strata_begin_frame()", [&] {
    stack->core().begin_frame();
    return STRATA_OK;
  });
}

int strata_end_frame(strata_stack* stack) {
  if (stack == nullptr) {
    return STRATA_E_NULL_STACK;
  }
  return stack->run("strata_end_frame()", [&] {
    stack->core().end_frame();
    return STRATA_OK;
  });
}

int strata_trace_chrome(const strata_trace* trace, char* buffer, size_t size) {
  return hand_back(trace, buffer, size, [](const strata::trace_recorder& recorder) {
    return strata::to_chrome_trace(recorder);
  });
}

int strata_trace_timeline(const strata_trace* trace, int durations, char* buffer, size_t size) {
  return hand_back(trace, buffer, size, [&](const strata::trace_recorder& recorder) {
    return strata::to_timeline(recorder, {.durations = durations != 0});
  });
}

} // extern "C"
