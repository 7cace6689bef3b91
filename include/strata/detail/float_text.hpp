// strata/detail/float_text.hpp: a floating-point number as the shortest text that reads back as
// the same value, in the C locale whatever the program's: the snapshot text's numbers
// (snapshot_words.hpp) and the time scales of the traces (trace_timeline.hpp, trace_chrome.hpp).
#pragma once

#include <charconv>
#include <cmath>
#include <limits>
#include <string>

namespace strata::detail {

template <class Float>
std::string float_text(Float value) {
  if (std::isnan(value)) {
    return "nan";
  }
  if (value == std::numeric_limits<Float>::infinity()) {
    return "inf";
  }
  if (value == -std::numeric_limits<Float>::infinity()) {
    return "-inf";
  }
  char digits[64];
  const std::to_chars_result end = std::to_chars(digits, digits + sizeof digits, value);
  return {digits, end.ptr};
}

} // namespace strata::detail
