// demo/game/script.cpp: reading scripts. Parsing builds a tree of steps first and counts its
// frames with saturating arithmetic; only a script within the limits is expanded into frames.
#include "script.hpp"

#include <algorithm>
#include <charconv>
#include <string>
#include <utility>

namespace demo {

const char* const script_syntax =
    "script syntax (--script FILE, --keys \"...\"): tokens separated by blanks, # comments\n"
    "  enter             press a key during one frame; keys: up down left right enter space\n"
    "                    esc p i tab y n q, and unfocus (the player is gone: the game pauses)\n"
    "  right*4           press it during 4 frames in a row\n"
    "  wait 30           press nothing for 30 frames (the game runs at 30 frames a second)\n"
    "  ( enter wait 9 )*5  play the group 5 times (blanks around the brackets)\n"
    "  a script plays 1 to 108000 frames (one hour) and nests at most 16 groups\n";
// The text above spells the limits out; it must change with them.
static_assert(max_script_frames == 108000 && max_script_depth == 16);

namespace {

// One step of a script: a key (or nothing) held for `times` frames, or a group played `times`
// times.
struct step {
  std::optional<key> pressed;
  std::uint64_t times = 1;
  bool is_group = false;
  std::vector<step> group;
};

// Anything past the limit is as bad as the limit plus one: the sums and products stop there.
constexpr std::uint64_t too_many = max_script_frames + 1;

std::uint64_t frames_of(const std::vector<step>& steps) {
  std::uint64_t total = 0;
  for (const step& s : steps) {
    const std::uint64_t once = s.is_group ? frames_of(s.group) : 1;
    const std::uint64_t all = once == 0 ? 0 : std::min(s.times, too_many / once + 1) * once;
    total = std::min(total + std::min(all, too_many), too_many);
  }
  return total;
}

void expand(const std::vector<step>& steps, std::vector<std::optional<key>>& out) {
  for (const step& s : steps) {
    for (std::uint64_t n = 0; n < s.times; ++n) {
      if (s.is_group) {
        expand(s.group, out);
      } else {
        out.push_back(s.pressed);
      }
    }
  }
}

std::optional<std::uint64_t> count_in(std::string_view text) {
  std::uint64_t value = 0;
  const auto [end, problem] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (problem != std::errc{} || end != text.data() + text.size() || text.empty()) {
    return std::nullopt;
  }
  return value;
}

std::vector<std::string_view> tokens_of(std::string_view text) {
  std::vector<std::string_view> tokens;
  std::size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    if (c == '#') {
      while (i < text.size() && text[i] != '\n') {
        ++i;
      }
    } else if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      ++i;
    } else {
      const std::size_t start = i;
      while (i < text.size() && text[i] != ' ' && text[i] != '\t' && text[i] != '\n' &&
             text[i] != '\r' && text[i] != '#') {
        ++i;
      }
      tokens.push_back(text.substr(start, i - start));
    }
  }
  return tokens;
}

// Appends the steps of tokens[i..] up to a closing ")*N" (inside a group, which then gets its
// count) or the end.
bool parse_tokens(const std::vector<std::string_view>& tokens, std::size_t& i, int depth,
                  step& into, std::string& error) {
  for (; i < tokens.size(); ++i) {
    const std::string_view token = tokens[i];
    if (token == "wait") {
      const auto frames = i + 1 < tokens.size() ? count_in(tokens[i + 1]) : std::nullopt;
      if (!frames) {
        error = "'wait' needs a number of frames";
        return false;
      }
      into.group.push_back({std::nullopt, *frames, false, {}});
      ++i;
      continue;
    }
    if (token == "(") {
      if (depth == max_script_depth) {
        error = "groups nested more than " + std::to_string(max_script_depth) + " deep";
        return false;
      }
      step group{std::nullopt, 1, true, {}};
      if (!parse_tokens(tokens, ++i, depth + 1, group, error)) {
        return false;
      }
      into.group.push_back(std::move(group));
      continue;
    }
    if (token.starts_with(")*")) {
      const auto times = count_in(token.substr(2));
      if (depth == 0 || !times) {
        error = "unexpected '" + std::string(token) + "'";
        return false;
      }
      into.times = *times;
      return true;
    }
    const std::size_t star = token.find('*');
    const auto times = star == std::string_view::npos ? std::optional<std::uint64_t>(1)
                                                      : count_in(token.substr(star + 1));
    const auto pressed = key_named(token.substr(0, star));
    if (!pressed || !times) {
      error = "unknown token '" + std::string(token) + "'";
      return false;
    }
    into.group.push_back({pressed, *times, false, {}});
  }
  if (depth > 0) {
    error = "'(' without ')*N'";
    return false;
  }
  return true;
}

} // namespace

std::optional<script> parse_script(std::string_view text, std::string& error) {
  step whole{std::nullopt, 1, true, {}};
  std::size_t i = 0;
  if (!parse_tokens(tokens_of(text), i, 0, whole, error)) {
    return std::nullopt;
  }
  const std::uint64_t frames = frames_of(whole.group);
  if (frames == 0) {
    error = "no frames to play (an empty script?)";
    return std::nullopt;
  }
  if (frames > max_script_frames) {
    error = "more than " + std::to_string(max_script_frames) +
            " frames (one hour at 30 frames a second)";
    return std::nullopt;
  }
  script out;
  out.frames.reserve(frames);
  expand(whole.group, out.frames);
  return out;
}

} // namespace demo
