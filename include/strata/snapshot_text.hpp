// strata/snapshot_text.hpp: a snapshot as text that diffs well: one line per state, bottom to
// top, the same snapshot always the same bytes (docs/save-restore.md has the grammar).
//
//   strata snapshot 1
//   title v1
//   world v1 gold=120 hero="Ana"
//   level v2 number=3 [name="Level 3" modality=freeze]
//
// The first line, the versions and every field are optional when a person writes one: the three
// lines `title`, `world`, `level number=3` are a deep link.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>

#include "detail/snapshot_reader.hpp"
#include "detail/snapshot_words.hpp"
#include "snapshot.hpp"

namespace strata {

// The snapshot as text: a first line that names the format, then one line per state.
[[nodiscard]] inline std::string to_text(const snapshot& saved) {
  namespace text = detail::snapshot_words;
  std::string out{text::header};
  out += '\n';
  for (const saved_state& state : saved.states) {
    out += state.key;
    if (state.data.version() != 0) {
      out += " v" + std::to_string(state.data.version());
    }
    for (const field& f : state.data.fields()) {
      out += ' ';
      out += f.name;
      out += '=';
      text::append_value(out, f.value);
    }
    std::string attributes;
    const auto attribute = [&](std::string_view name, const std::string& value) {
      attributes += attributes.empty() ? "" : " ";
      attributes.append(name).append("=").append(value);
    };
    if (state.name) {
      std::string quoted;
      text::append_quoted(quoted, *state.name);
      attribute("name", quoted);
    }
    if (state.modality) {
      attribute("modality", std::string(to_string(*state.modality)));
    }
    if (state.time_scale) {
      attribute("time_scale", text::float_text(*state.time_scale));
    }
    if (state.transition) {
      attribute("transition", text::float_text(state.transition->arrive) + "," +
                                  text::float_text(state.transition->leave) +
                                  (state.transition->input_passes ? ",passes" : ""));
    }
    if (state.on_exit) {
      attribute("on_exit", *state.on_exit);
    }
    if (!attributes.empty()) {
      out += " [" + attributes + "]";
    }
    out += '\n';
  }
  return out;
}

// What parse_snapshot() read: the snapshot, or the first line it could not read and why.
struct parsed_snapshot {
  snapshot taken;
  bool ok = true;
  std::size_t line = 0; // of the problem, 1 for the first line
  std::string problem;
  explicit operator bool() const { return ok; }
};

// Reads what to_text() writes, and what people write by hand: blank lines and lines starting
// with '#' are skipped, the first line may be left out, and so may versions (restore reads the
// current one) and fields.
[[nodiscard]] inline parsed_snapshot parse_snapshot(std::string_view text) {
  parsed_snapshot result;
  std::size_t number = 0;
  bool first = true;
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
    ++number;
    // Written on Windows ('\r'), or with spaces left at the end, which the first line too may
    // have.
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t')) {
      line.remove_suffix(1);
    }
    const std::size_t start = line.find_first_not_of(" \t");
    if (start == std::string_view::npos || line[start] == '#') {
      continue;
    }
    line.remove_prefix(start);
    if (std::exchange(first, false) && line.starts_with("strata snapshot")) {
      if (line != detail::snapshot_words::header) {
        return {{}, false, number, "'" + std::string(line) + "': this program reads version 1"};
      }
      continue;
    }
    saved_state state;
    if (std::string problem = detail::snapshot_line{line}.read(state); !problem.empty()) {
      return {{}, false, number, std::move(problem)};
    }
    result.taken.states.push_back(std::move(state));
  }
  return result;
}

} // namespace strata
