// demo/game/best_scores.hpp: the best score of each place, and the text it is kept in between
// runs: one line per place, the score then the place's name ("1140 Meadow"); '#' starts a
// comment line. Pure text in and out: the file around it is kept_scores' business.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace demo {

class best_scores {
public:
  // Limits a line must keep to; anything else in a file means it is not ours, or damaged.
  static constexpr int max_score = 99'999'999;
  static constexpr std::size_t max_name = 40;

  [[nodiscard]] std::optional<int> of(std::string_view place) const;
  // Keeps `score` if it beats the place's best (or is its first); returns whether it did.
  bool offer(std::string_view place, int score);
  [[nodiscard]] bool empty() const { return by_place_.empty(); }

  // Empty when any line is not a score and a name within the limits: a damaged file is ignored
  // whole rather than half believed.
  [[nodiscard]] static std::optional<best_scores> parse(std::string_view text);
  [[nodiscard]] std::string format() const;

private:
  std::map<std::string, int, std::less<>> by_place_;
};

} // namespace demo
