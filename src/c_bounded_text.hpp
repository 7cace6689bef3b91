// src/c_bounded_text.hpp: text handed back to C in the caller's buffer, as snprintf writes it:
// strata_describe() and the trace exports (strata_trace.h).
#pragma once

#include <cstddef>
#include <string_view>

namespace strata::capi {

// Writes what fits into a caller's buffer and counts all of it, as snprintf does.
class bounded_text {
public:
  bounded_text(char* buffer, std::size_t size)
      : buffer_(buffer)
      , size_(size) {}

  void append(std::string_view text) {
    if (length_ + 1 < size_) {
      text.copy(buffer_ + length_, size_ - 1 - length_);
    }
    length_ += text.size();
  }

  // The full length; the buffer, if any, is terminated.
  std::size_t finish() {
    if (size_ > 0) {
      buffer_[length_ < size_ ? length_ : size_ - 1] = '\0';
    }
    return length_;
  }

private:
  char* buffer_;
  std::size_t size_;
  std::size_t length_ = 0;
};

} // namespace strata::capi
