// src/c_trace.hpp: what a strata_trace handle points to (strata_trace.h): the C++ library's trace
// recorder, and the stack it is installed on, so that it is neither installed on two stacks nor
// destroyed while a stack still tells it its events.
#pragma once

#include <cstddef>

#include <strata/strata_trace.h>
#include <strata/trace_recorder.hpp>

struct strata_trace {
  explicit strata_trace(std::size_t capacity)
      : recorder(capacity) {}

  strata::trace_recorder recorder;
  strata_stack* installed_on = nullptr;
};
