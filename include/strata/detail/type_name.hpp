// strata/detail/type_name.hpp: a readable name for a state type, derived at compile time, for
// states that declare no name of their own ("game::title" becomes "title").
#pragma once

#include <array>
#include <cstddef>
#include <string_view>

namespace strata::detail {

template <class T>
constexpr std::string_view raw_type_name() {
#if defined(_MSC_VER) && !defined(__clang__)
  constexpr std::string_view signature = __FUNCSIG__;
  constexpr std::string_view prefix = "raw_type_name<";
  constexpr std::string_view suffix = ">(void)";
#else
  constexpr std::string_view signature = __PRETTY_FUNCTION__;
  constexpr std::string_view prefix = "T = ";
  constexpr std::string_view suffix = "]";
#endif
  const std::size_t start = signature.find(prefix) + prefix.size();
  std::string_view name = signature.substr(start, signature.size() - start - suffix.size());
  // gcc appends "; std::string_view = ..." to the bracket.
  if (const std::size_t semicolon = name.find(';'); semicolon != std::string_view::npos) {
    name = name.substr(0, semicolon);
  }
  for (std::string_view keyword : {"struct ", "class "}) {
    if (name.substr(0, keyword.size()) == keyword) {
      name.remove_prefix(keyword.size());
    }
  }
  return name;
}

// Drops namespace and enclosing-class qualifiers that stand outside any template argument list.
constexpr std::string_view unqualified(std::string_view name) {
  int angle_depth = 0;
  std::size_t start = 0;
  for (std::size_t i = 0; i < name.size(); ++i) {
    if (name[i] == '<') {
      ++angle_depth;
    } else if (name[i] == '>') {
      --angle_depth;
    } else if (angle_depth == 0 && name[i] == ':' && i + 1 < name.size() && name[i + 1] == ':') {
      start = i + 2;
    }
  }
  return name.substr(start);
}

template <class T>
struct type_name_storage {
  static constexpr std::string_view view = unqualified(raw_type_name<T>());
  // Copied into an array so the name does not depend on the lifetime of a function's
  // __PRETTY_FUNCTION__ string, and is null-terminated for C callers.
  static constexpr auto chars = [] {
    std::array<char, view.size() + 1> out{};
    for (std::size_t i = 0; i < view.size(); ++i) {
      out[i] = view[i];
    }
    return out;
  }();
};

template <class T>
constexpr std::string_view type_name() {
  return {type_name_storage<T>::chars.data(), type_name_storage<T>::view.size()};
}

} // namespace strata::detail
