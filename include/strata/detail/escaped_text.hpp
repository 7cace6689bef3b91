// strata/detail/escaped_text.hpp: text that may hold any bytes (a state's name, R21), written so
// that it stays on one line and reads back unambiguously: a quote, a backslash, a newline, a tab
// and the other control bytes escaped as in C (\" \\ \n \t \x1b), every other byte as it is
// (UTF-8 passes through). The snapshot text quotes it (snapshot_words.hpp, which reads the same
// escapes back); describe() (stack_line.hpp), the timeline and the inspector write names with it.
#pragma once

#include <array>
#include <cstddef>
#include <string_view>

namespace strata::detail {

// `Out` is anything with append(std::string_view): a std::string, or the C API's fixed buffer.
// The bytes that need no escape are appended in runs, as most names are nothing else.
template <class Out>
void append_escaped(Out& out, std::string_view text) {
  static constexpr std::string_view hex = "0123456789abcdef";
  std::size_t written = 0; // text before this is in `out`
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    const auto byte = static_cast<unsigned char>(c);
    std::array<char, 4> escape{'\\', c};
    std::size_t length = 2;
    if (c == '\n') {
      escape[1] = 'n';
    } else if (c == '\t') {
      escape[1] = 't';
    } else if (byte < 0x20 || byte == 0x7F) {
      escape = {'\\', 'x', hex[byte >> 4U], hex[byte & 0xFU]};
      length = 4;
    } else if (c != '"' && c != '\\') {
      continue; // as it is
    }
    if (i > written) {
      out.append(text.substr(written, i - written));
    }
    out.append(std::string_view(escape.data(), length));
    written = i + 1;
  }
  if (written < text.size()) {
    out.append(text.substr(written));
  }
}

} // namespace strata::detail
