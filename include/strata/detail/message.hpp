// strata/detail/message.hpp: builds an error message from its pieces in one call, so that each
// failure path compiles to a short list of pieces instead of a chain of inlined operator+.
#pragma once

#include <cstddef>
#include <initializer_list>
#include <string>
#include <string_view>

namespace strata::detail {

inline std::string join(std::initializer_list<std::string_view> pieces) {
  std::size_t size = 0;
  for (const std::string_view piece : pieces) {
    size += piece.size();
  }
  std::string message;
  message.reserve(size);
  for (const std::string_view piece : pieces) {
    message.append(piece);
  }
  return message;
}

} // namespace strata::detail
