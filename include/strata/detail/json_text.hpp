// strata/detail/json_text.hpp: what the trace exporter needs of JSON, written by hand so that the
// core needs no library: strings escaped (a state's name may hold any bytes, R21: bytes that are
// not UTF-8 become U+FFFD, so that the output is always valid JSON), and times in microseconds
// written exactly from nanoseconds.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace strata::detail {

// The length of the well-formed UTF-8 sequence at text[i], or 0.
inline std::size_t utf8_sequence(std::string_view text, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char lead = byte(i);
  std::size_t length = 0;
  unsigned char low = 0x80;
  unsigned char high = 0xBF;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    low = lead == 0xE0 ? 0xA0 : 0x80;  // no overlong forms
    high = lead == 0xED ? 0x9F : 0xBF; // no surrogates
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    low = lead == 0xF0 ? 0x90 : 0x80;
    high = lead == 0xF4 ? 0x8F : 0xBF; // nothing past U+10FFFF
  } else {
    return 0;
  }
  if (i + length > text.size() || byte(i + 1) < low || byte(i + 1) > high) {
    return 0;
  }
  for (std::size_t k = 2; k < length; ++k) {
    if (byte(i + k) < 0x80 || byte(i + k) > 0xBF) {
      return 0;
    }
  }
  return length;
}

// Appends `text` as a JSON string, quotes included.
inline void append_json_string(std::string& out, std::string_view text) {
  static constexpr char hex[] = "0123456789abcdef";
  out += '"';
  for (std::size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0x80) {
      const std::size_t length = utf8_sequence(text, i);
      if (length == 0) {
        out += "\\ufffd";
        ++i;
      } else {
        out.append(text.substr(i, length));
        i += length;
      }
      continue;
    }
    switch (c) {
    case '"': out += "\\\""; break;
    case '\\': out += "\\\\"; break;
    case '\n': out += "\\n"; break;
    case '\r': out += "\\r"; break;
    case '\t': out += "\\t"; break;
    default:
      if (c < 0x20 || c == 0x7F) {
        out += "\\u00";
        out += hex[c >> 4U];
        out += hex[c & 0xFU];
      } else {
        out += static_cast<char>(c);
      }
    }
    ++i;
  }
  out += '"';
}

// Appends `ns` nanoseconds (0 or more) as microseconds, exactly: "1234.567".
inline void append_microseconds(std::string& out, std::int64_t ns) {
  const std::int64_t whole = ns / 1000;
  const std::int64_t part = ns % 1000;
  out += std::to_string(whole);
  out += '.';
  out += static_cast<char>('0' + part / 100);
  out += static_cast<char>('0' + part / 10 % 10);
  out += static_cast<char>('0' + part % 10);
}

} // namespace strata::detail
