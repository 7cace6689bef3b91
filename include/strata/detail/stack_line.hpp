// strata/detail/stack_line.hpp: the one line in which describe() shows a stack (R21): its states'
// names bottom to top, " | " between them and "*" after the top, the active state; "(empty)" when
// there is none. Each name is escaped (escaped_text.hpp), so that the line stays one line whatever
// bytes the names hold. stack::describe(), a recorded view's describe() (trace_recorder.hpp), the
// timeline and the C API's strata_describe() all write it here.
#pragma once

#include <cstddef>

#include "escaped_text.hpp"

namespace strata::detail {

// `Out` as append_escaped() takes it; `name_at(depth)` gives the name at each depth below `size`.
template <class Out, class NameAt>
void append_stack_line(Out& out, std::size_t size, NameAt name_at) {
  if (size == 0) {
    out.append("(empty)");
    return;
  }
  for (std::size_t depth = 0; depth < size; ++depth) {
    if (depth > 0) {
      out.append(" | ");
    }
    append_escaped(out, name_at(depth));
  }
  out.append("*");
}

} // namespace strata::detail
