// strata/detail/snapshot_words.hpp: the words of the snapshot text (snapshot_text.hpp) that
// both its writer and its reader use: numbers in the C locale, quoted text, modality names.
#pragma once

#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <version>
// The stream read_float() falls back on where std::from_chars takes no floating point.
#if !defined(__cpp_lib_to_chars)
#include <ios>
#include <locale>
#include <sstream>
#endif

#include "../modality.hpp"
#include "../record.hpp"
#include "escaped_text.hpp"
#include "float_text.hpp"

namespace strata::detail::snapshot_words {

inline constexpr std::string_view header = "strata snapshot 1";

using detail::float_text;

// A double keeps a '.' or an exponent, so that it reads back as a number, not an integer.
inline std::string number_text(double value) {
  std::string text = float_text(value);
  if (text.find_first_not_of("-0123456789") == std::string::npos) {
    text += ".0";
  }
  return text;
}

inline void append_quoted(std::string& out, std::string_view text) {
  out += '"';
  append_escaped(out, text);
  out += '"';
}

inline void append_value(std::string& out, const field_value& value) {
  if (const bool* flag = std::get_if<bool>(&value)) {
    out += *flag ? "true" : "false";
  } else if (const std::int64_t* integer = std::get_if<std::int64_t>(&value)) {
    out += std::to_string(*integer);
  } else if (const double* number = std::get_if<double>(&value)) {
    out += number_text(*number);
  } else {
    append_quoted(out, std::get<std::string>(value));
  }
}

} // namespace strata::detail::snapshot_words

namespace strata::detail::snapshot_words {

// A number as float_text() writes it (and as people write them), in the C locale.
template <class Float>
[[nodiscard]] std::optional<Float> read_float(std::string_view text) {
  if (text == "nan") {
    return std::numeric_limits<Float>::quiet_NaN();
  }
  if (text == "inf" || text == "-inf") {
    const Float infinity = std::numeric_limits<Float>::infinity();
    return text[0] == '-' ? -infinity : infinity;
  }
  // Digits, a sign, a point and an exponent only: the stream would also take hex floats.
  if (text.empty() || text.find_first_not_of("+-.0123456789eE") != std::string_view::npos) {
    return std::nullopt;
  }
#if defined(__cpp_lib_to_chars)
  // std::from_chars takes no sign '+' (the stream did, and people write one).
  if (text.size() > 1 && text[0] == '+' && text[1] != '-' && text[1] != '+') {
    text.remove_prefix(1);
  }
  Float value{};
  const std::from_chars_result end = std::from_chars(text.data(), text.data() + text.size(), value);
  if (end.ec != std::errc{} || end.ptr != text.data() + text.size()) {
    return std::nullopt; // not a number, or out of range (overflow, or underflow to zero)
  }
  return value;
#else
  // libc++ 14 has no std::from_chars for floating point (no __cpp_lib_to_chars): a stream, which
  // costs about eight times the instructions (callgrind, g++ 12: 8,100 against 1,000 per number).
  std::istringstream in{std::string(text)};
  in.imbue(std::locale::classic());
  Float value{};
  in >> value;
  if (in.fail()) {
    // libc++ fails a subnormal number (strtod's ERANGE) though it read it whole: float_text()
    // writes them, so they read.
    if (std::fpclassify(value) != FP_SUBNORMAL) {
      return std::nullopt;
    }
    in.clear();
  }
  if (in.peek() != std::char_traits<char>::eof()) {
    return std::nullopt;
  }
  return value;
#endif
}

[[nodiscard]] inline std::optional<std::int64_t> read_integer(std::string_view text) {
  std::int64_t value = 0;
  const std::from_chars_result end = std::from_chars(text.data(), text.data() + text.size(), value);
  if (end.ec != std::errc{} || end.ptr != text.data() + text.size()) {
    return std::nullopt;
  }
  return value;
}

// A modality as to_string(modality) writes it; any '+' list of switches is read, also one that
// names a preset.
[[nodiscard]] inline std::optional<modality> read_modality(std::string_view text) {
  for (const modality& preset : {modality::screen, modality::opaque, modality::freeze,
                                 modality::live, modality::transparent}) {
    if (to_string(preset) == text) {
      return preset;
    }
  }
  if (text.empty()) {
    return std::nullopt;
  }
  modality made{false, false, false};
  while (!text.empty()) {
    const std::size_t plus = text.find('+');
    const std::string_view part = text.substr(0, plus);
    bool* const switch_on = part == "update"  ? &made.update_below
                            : part == "draw"  ? &made.draw_below
                            : part == "input" ? &made.input_below
                                              : nullptr;
    if (switch_on == nullptr || *switch_on) {
      return std::nullopt;
    }
    *switch_on = true;
    text = plus == std::string_view::npos ? std::string_view{} : text.substr(plus + 1);
  }
  return made;
}

} // namespace strata::detail::snapshot_words
