// demo/game/input.cpp: the one table between key names and keys.
#include "input.hpp"

#include <array>
#include <utility>

namespace demo {
namespace {

constexpr std::array<std::pair<std::string_view, key>, 14> names{{
    {"up", key::up},
    {"down", key::down},
    {"left", key::left},
    {"right", key::right},
    {"enter", key::confirm},
    {"space", key::confirm},
    {"esc", key::back},
    {"p", key::pause},
    {"i", key::inventory},
    {"tab", key::overlay},
    {"y", key::yes},
    {"n", key::no},
    {"q", key::quit},
    {"unfocus", key::unfocus},
}};

} // namespace

std::optional<key> key_named(std::string_view name) {
  for (const auto& [text, k] : names) {
    if (text == name) {
      return k;
    }
  }
  return std::nullopt;
}

std::string_view name_of(key k) {
  for (const auto& [text, named] : names) {
    if (named == k) {
      return text;
    }
  }
  return "?";
}

} // namespace demo
