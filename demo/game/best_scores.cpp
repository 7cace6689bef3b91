// demo/game/best_scores.cpp: reading and writing the best scores' text.
#include "best_scores.hpp"

#include <algorithm>
#include <charconv>

namespace demo {
namespace {

bool printable(std::string_view name) {
  return std::all_of(name.begin(), name.end(), [](char c) { return c >= ' ' && c <= '~'; });
}

// One "<score> <name>" line into `into`; false if it is not one.
bool parse_line(std::string_view line, best_scores& into) {
  const std::size_t space = line.find(' ');
  if (space == std::string_view::npos || space == 0) {
    return false;
  }
  const std::string_view digits = line.substr(0, space);
  const std::string_view name = line.substr(space + 1);
  int score = 0;
  const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), score);
  if (error != std::errc{} || end != digits.data() + digits.size() || score < 0 ||
      score > best_scores::max_score) {
    return false;
  }
  if (name.empty() || name.size() > best_scores::max_name || name.front() == ' ' ||
      name.back() == ' ' || !printable(name)) {
    return false;
  }
  into.offer(name, score);
  return true;
}

} // namespace

std::optional<int> best_scores::of(std::string_view place) const {
  const auto found = by_place_.find(place);
  if (found == by_place_.end()) {
    return std::nullopt;
  }
  return found->second;
}

bool best_scores::offer(std::string_view place, int score) {
  const auto found = by_place_.find(place);
  if (found == by_place_.end()) {
    by_place_.emplace(std::string(place), score);
    return true;
  }
  if (score <= found->second) {
    return false;
  }
  found->second = score;
  return true;
}

std::optional<best_scores> best_scores::parse(std::string_view text) {
  best_scores out;
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
    if (!line.empty() && line.back() == '\r') {
      line.remove_suffix(1); // a file edited on another system
    }
    if (line.empty() || line.front() == '#') {
      continue;
    }
    if (!parse_line(line, out)) {
      return std::nullopt;
    }
  }
  return out;
}

std::string best_scores::format() const {
  std::string out = "# strata-demo: the best score of each place, kept between runs\n";
  for (const auto& [place, score] : by_place_) {
    out += std::to_string(score) + " " + place + "\n";
  }
  return out;
}

} // namespace demo
