// strata/detail/escaped_text.hpp: text that may hold any bytes (a state's name, R21), written so
// that it stays on one line and reads back unambiguously: a quote, a backslash, a newline, a tab
// and the other control bytes escaped as in C (\" \\ \n \t \x1b), every other byte as it is
// (UTF-8 passes through). The snapshot text quotes it (snapshot_words.hpp, which reads the same
// escapes back); the timeline writes names with it (trace_timeline.hpp).
#pragma once

#include <string>
#include <string_view>

namespace strata::detail {

inline void append_escaped(std::string& out, std::string_view text) {
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (byte < 0x20 || byte == 0x7F) {
      static constexpr char hex[] = "0123456789abcdef";
      out += "\\x";
      out += hex[byte >> 4U];
      out += hex[byte & 0xFU];
    } else {
      out += c;
    }
  }
}

} // namespace strata::detail
