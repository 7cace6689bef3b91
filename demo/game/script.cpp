// demo/game/script.cpp: reading scripts.
#include "script.hpp"

#include <charconv>

namespace demo {
namespace {

std::optional<int> count_in(std::string_view text) {
  int value = 0;
  const auto [end, problem] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (problem != std::errc{} || end != text.data() + text.size() || value < 0) {
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

// Appends the frames of tokens[i..] up to a closing ")*N" (inside a group) or the end.
bool parse_tokens(const std::vector<std::string_view>& tokens, std::size_t& i, bool in_group,
                  std::vector<std::optional<key>>& out, std::string& error) {
  for (; i < tokens.size(); ++i) {
    const std::string_view token = tokens[i];
    if (token == "wait") {
      const auto frames = i + 1 < tokens.size() ? count_in(tokens[i + 1]) : std::nullopt;
      if (!frames) {
        error = "script: 'wait' needs a number of frames";
        return false;
      }
      out.insert(out.end(), static_cast<std::size_t>(*frames), std::nullopt);
      ++i;
      continue;
    }
    if (token == "(") {
      std::vector<std::optional<key>> group;
      if (!parse_tokens(tokens, ++i, true, group, error)) {
        return false;
      }
      const auto times = count_in(tokens[i].substr(2));
      for (int n = 0; n < times.value_or(0); ++n) {
        out.insert(out.end(), group.begin(), group.end());
      }
      continue;
    }
    if (token.substr(0, 2) == ")*") {
      if (!in_group || !count_in(token.substr(2))) {
        error = "script: unexpected '" + std::string(token) + "'";
        return false;
      }
      return true;
    }
    const std::size_t star = token.find('*');
    const auto repeat =
        star == std::string_view::npos ? std::optional<int>(1) : count_in(token.substr(star + 1));
    const auto pressed = key_named(token.substr(0, star));
    if (!pressed || !repeat) {
      error = "script: unknown token '" + std::string(token) + "'";
      return false;
    }
    out.insert(out.end(), static_cast<std::size_t>(*repeat), pressed);
  }
  if (in_group) {
    error = "script: '(' without ')*N'";
    return false;
  }
  return true;
}

} // namespace

std::optional<script> parse_script(std::string_view text, std::string& error) {
  script out;
  std::size_t i = 0;
  if (!parse_tokens(tokens_of(text), i, false, out.frames, error)) {
    return std::nullopt;
  }
  return out;
}

} // namespace demo
