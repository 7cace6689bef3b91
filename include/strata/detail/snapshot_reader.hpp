// strata/detail/snapshot_reader.hpp: reads one line of the snapshot text (snapshot_text.hpp)
// into a saved_state, or says what is wrong with it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>

#include "../snapshot.hpp"
#include "snapshot_words.hpp"

namespace strata::detail {

class snapshot_line {
public:
  explicit snapshot_line(std::string_view line)
      : rest_(line) {}

  // Reads `key [vN] {field=value} [[attribute=value ...]]`; returns the problem, empty if none.
  std::string read(saved_state& out) {
    out.key = std::string(word());
    if (out.key.empty()) {
      return "a line starts with a key: letters, digits and '_', '.', ':', '-'";
    }
    skip_spaces();
    if (const std::string_view version = version_word(); !version.empty()) {
      const std::optional<std::int64_t> number = snapshot_words::read_integer(version.substr(1));
      if (!number || *number < 1 || *number > std::numeric_limits<std::uint32_t>::max()) {
        return "'" + std::string(version) + "' is not a version (v1 or more)";
      }
      out.data.set_version(static_cast<std::uint32_t>(*number));
    }
    while (skip_spaces(), !rest_.empty() && rest_.front() != '[') {
      std::string problem = read_field(out.data);
      if (!problem.empty()) {
        return problem;
      }
    }
    if (!rest_.empty()) {
      rest_.remove_prefix(1); // '['
      std::string problem = read_attributes(out);
      if (!problem.empty()) {
        return problem;
      }
    }
    skip_spaces();
    return rest_.empty() ? std::string{} : "'" + std::string(rest_) + "' after the attributes";
  }

private:
  void skip_spaces() {
    while (!rest_.empty() && (rest_.front() == ' ' || rest_.front() == '\t')) {
      rest_.remove_prefix(1);
    }
  }

  std::string_view word() {
    std::size_t length = 0;
    while (length < rest_.size() && is_save_word_char(rest_[length])) {
      ++length;
    }
    const std::string_view taken = rest_.substr(0, length);
    rest_.remove_prefix(length);
    return taken;
  }

  // "v2" followed by a space or the end, which no field is (a field has '=').
  std::string_view version_word() {
    if (rest_.empty() || rest_.front() != 'v') {
      return {};
    }
    const std::size_t end = rest_.find_first_of(" \t");
    const std::string_view candidate = rest_.substr(0, end);
    if (candidate.find('=') != std::string_view::npos) {
      return {};
    }
    rest_.remove_prefix(candidate.size());
    return candidate;
  }

  // `name=value`: the name, and the value's text (quoted text unescaped) in `value`.
  std::string name_and_value(std::string_view& name, std::string& value, bool& quoted) {
    name = word();
    if (name.empty() || rest_.empty() || rest_.front() != '=') {
      return "expected name=value at '" + std::string(rest_) + "'";
    }
    rest_.remove_prefix(1);
    quoted = !rest_.empty() && rest_.front() == '"';
    return quoted ? unquote(value) : bare(value);
  }

  std::string bare(std::string& value) {
    const std::size_t end = rest_.find_first_of(" \t]");
    value = std::string(rest_.substr(0, end));
    rest_.remove_prefix(value.size());
    return value.empty() ? "a value is missing" : std::string{};
  }

  std::string unquote(std::string& value) {
    rest_.remove_prefix(1); // the opening quote
    value.clear();
    while (!rest_.empty() && rest_.front() != '"') {
      char c = rest_.front();
      rest_.remove_prefix(1);
      if (c == '\\') {
        if (rest_.empty()) {
          break;
        }
        const char escaped = rest_.front();
        rest_.remove_prefix(1);
        if (escaped == 'n') {
          c = '\n';
        } else if (escaped == 't') {
          c = '\t';
        } else if (escaped == 'x') {
          const std::optional<char> byte = hex_byte();
          if (!byte) {
            return "\\x takes two hex digits";
          }
          c = *byte;
        } else if (escaped == '"' || escaped == '\\') {
          c = escaped;
        } else {
          return std::string("unknown escape \\") + escaped;
        }
      }
      value += c;
    }
    if (rest_.empty()) {
      return "quoted text without its closing quote";
    }
    rest_.remove_prefix(1);
    return {};
  }

  std::optional<char> hex_byte() {
    unsigned byte = 0;
    for (int i = 0; i < 2; ++i) {
      if (rest_.empty()) {
        return std::nullopt;
      }
      const char c = rest_.front();
      rest_.remove_prefix(1);
      const unsigned digit = c >= '0' && c <= '9'   ? static_cast<unsigned>(c - '0')
                             : c >= 'a' && c <= 'f' ? static_cast<unsigned>(c - 'a' + 10)
                             : c >= 'A' && c <= 'F' ? static_cast<unsigned>(c - 'A' + 10)
                                                    : 16U;
      if (digit > 15U) {
        return std::nullopt;
      }
      byte = byte * 16U + digit;
    }
    return static_cast<char>(byte);
  }

  std::string read_field(record& data) {
    std::string_view name;
    std::string text;
    bool quoted = false;
    if (std::string problem = name_and_value(name, text, quoted); !problem.empty()) {
      return problem;
    }
    if (data.has(name)) {
      return "field '" + std::string(name) + "' is given twice";
    }
    if (quoted) {
      data.set(name, text);
    } else if (text == "true" || text == "false") {
      data.set(name, text == "true");
    } else if (text.find_first_not_of("-0123456789") == std::string::npos) {
      const std::optional<std::int64_t> integer = snapshot_words::read_integer(text);
      if (!integer) {
        return "field '" + std::string(name) + "': '" + text + "' is not a 64-bit integer";
      }
      data.set(name, *integer);
    } else if (const std::optional<double> number = snapshot_words::read_float<double>(text)) {
      data.set(name, *number);
    } else {
      return "field '" + std::string(name) + "': '" + text +
             "' is not a flag, an integer, a number or quoted text";
    }
    return {};
  }

  std::string read_attributes(saved_state& out) {
    while (skip_spaces(), !rest_.empty() && rest_.front() != ']') {
      std::string_view name;
      std::string text;
      bool quoted = false;
      if (std::string problem = name_and_value(name, text, quoted); !problem.empty()) {
        return problem;
      }
      if (std::string problem = read_attribute(out, name, text, quoted); !problem.empty()) {
        return problem;
      }
    }
    if (rest_.empty()) {
      return "attributes without their closing ']'";
    }
    rest_.remove_prefix(1);
    return {};
  }

  static std::string read_attribute(saved_state& out, std::string_view name,
                                    const std::string& text, bool quoted) {
    const std::string bad = "attribute " + std::string(name) + "='" + text + "': ";
    if (name == "name" && quoted && !out.name) {
      out.name = text;
    } else if (name == "modality" && !quoted && !out.modality) {
      out.modality = snapshot_words::read_modality(text);
      if (!out.modality) {
        return bad + "not a modality (screen, opaque, freeze, live, transparent, or a '+' list "
                     "of update, draw, input)";
      }
    } else if (name == "time_scale" && !quoted && !out.time_scale) {
      out.time_scale = snapshot_words::read_float<float>(text);
      if (!out.time_scale) {
        return bad + "not a number";
      }
    } else if (name == "transition" && !quoted && !out.transition) {
      out.transition = read_transition(text);
      if (!out.transition) {
        return bad + "not arrive,leave or arrive,leave,passes";
      }
    } else if (name == "on_exit" && !quoted && !out.on_exit && is_save_word(text)) {
      out.on_exit = text;
    } else {
      return bad + "unknown, given twice, or of the wrong form";
    }
    return {};
  }

  static std::optional<transition> read_transition(std::string_view text) {
    const std::size_t first = text.find(',');
    if (first == std::string_view::npos) {
      return std::nullopt;
    }
    const std::size_t second = text.find(',', first + 1);
    const std::string_view leave = text.substr(first + 1, second - (first + 1));
    const std::optional<float> arrive_time =
        snapshot_words::read_float<float>(text.substr(0, first));
    const std::optional<float> leave_time = snapshot_words::read_float<float>(leave);
    const bool passes = second != std::string_view::npos && text.substr(second + 1) == "passes";
    if (!arrive_time || !leave_time || (second != std::string_view::npos && !passes)) {
      return std::nullopt;
    }
    return transition{*arrive_time, *leave_time, passes};
  }

  std::string_view rest_;
};

} // namespace strata::detail
