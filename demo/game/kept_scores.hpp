// demo/game/kept_scores.hpp: the best scores of the interactive game, kept in a small text file
// between runs: $XDG_DATA_HOME/strata-demo/best_scores.txt, or ~/.local/share/strata-demo/ when
// XDG_DATA_HOME is unset. A scripted run has none (default-constructed: nothing is read or
// written), so that its transcript depends on its script and seed only.
#pragma once

#include <filesystem>
#include <optional>
#include <string_view>

#include "best_scores.hpp"

namespace demo {

class kept_scores {
public:
  kept_scores() = default;
  // Reads `file`. A missing, unreadable or damaged file is no scores: it never stops the game.
  explicit kept_scores(std::filesystem::path file);

  // Whether scores are kept at all (an interactive run).
  [[nodiscard]] bool kept() const { return file_.has_value(); }
  [[nodiscard]] std::optional<int> best(std::string_view place) const { return scores_.of(place); }
  // A place's result; a new best is written to the file at once (through a temporary file
  // renamed over it, so that a crash leaves the old file or the new, never half of one).
  void record(std::string_view place, int score);

private:
  std::optional<std::filesystem::path> file_;
  best_scores scores_;
};

// Where the interactive game keeps its scores; empty if neither XDG_DATA_HOME nor HOME is set
// to an absolute path.
[[nodiscard]] std::optional<std::filesystem::path> best_scores_file();

} // namespace demo
