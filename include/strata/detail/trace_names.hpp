// strata/detail/trace_names.hpp: the names a trace recorder has seen, each kept once, so that an
// event holds a number instead of a copy: after a name's first event, recording it allocates
// nothing (a hash of its bytes and one comparison).
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <vector>

namespace strata::detail {

class trace_names {
public:
  // The number of `name`, added the first time.
  std::uint32_t intern(std::string_view name) {
    if (2 * (names_.size() + 1) > slots_.size()) {
      grow();
    }
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t i = hash(name) & mask;; i = (i + 1) & mask) {
      if (slots_[i] == empty) {
        slots_[i] = static_cast<std::uint32_t>(names_.size());
        names_.emplace_back(name);
        return slots_[i];
      }
      if (names_[slots_[i]] == name) {
        return slots_[i];
      }
    }
  }
  // Valid as long as the table: a deque does not move what it holds. An event that names no
  // state holds 0, which a table that has seen no name yet does not hold: it reads as "".
  [[nodiscard]] std::string_view operator[](std::uint32_t number) const {
    return number < names_.size() ? std::string_view{names_[number]} : std::string_view{};
  }

private:
  static constexpr std::uint32_t empty = ~std::uint32_t{0};

  static std::size_t hash(std::string_view name) {
    std::uint64_t h = 14695981039346656037ULL; // FNV-1a
    for (const char c : name) {
      h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ULL;
    }
    return static_cast<std::size_t>(h);
  }
  void grow() {
    std::vector<std::uint32_t> bigger(slots_.empty() ? 64 : 2 * slots_.size(), empty);
    const std::size_t mask = bigger.size() - 1;
    for (std::uint32_t number = 0; number < names_.size(); ++number) {
      std::size_t i = hash(names_[number]) & mask;
      while (bigger[i] != empty) {
        i = (i + 1) & mask;
      }
      bigger[i] = number;
    }
    slots_.swap(bigger);
  }

  std::deque<std::string> names_;
  std::vector<std::uint32_t> slots_; // open addressing, at most half full
};

} // namespace strata::detail
