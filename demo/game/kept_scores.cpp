// demo/game/kept_scores.cpp: the best scores' file.
#include "kept_scores.hpp"

#include <utility>

#include "data_files.hpp"

namespace demo {

kept_scores::kept_scores(std::filesystem::path file)
    : file_(std::move(file)) {
  if (const auto text = read_small_file(*file_)) {
    scores_ = best_scores::parse(*text).value_or(best_scores{});
  }
}

void kept_scores::record(std::string_view place, int score) {
  if (!file_ || !scores_.offer(place, score)) {
    return;
  }
  // The game goes on whatever happens here: a score not kept is no reason to stop playing.
  write_atomically(*file_, scores_.format());
}

std::optional<std::filesystem::path> best_scores_file() {
  return data_file("best_scores.txt");
}

} // namespace demo
